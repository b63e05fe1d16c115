/**
 * Keys that make a form or an API call act once (decision record 096): what a key may look like, what
 * is kept to answer a repeat, and how long a key is remembered.
 */

/** The hidden field every booking, paying and posting form carries; the API's header is Idempotency-Key. */
export const REQUEST_KEY_FIELD = "requestKey";
export const REQUEST_KEY_HEADER = "Idempotency-Key";

/** A day covers a retry after a dropped connection, a tab left open overnight and the browser's back button. */
export const REQUEST_KEY_HOURS = 24;

// A form's key is a UUID; an API client may choose its own (Stripe's style), within these bounds.
const KEY_SHAPE = /^[A-Za-z0-9_-]{8,100}$/;

/**
 * A request's key as sent: none (the form was rendered before keys existed, or an API client sends
 * none: the request acts as it always did), a well-formed key, or a malformed one (refused).
 */
export function readRequestKey(value: unknown): { kind: "none" } | { kind: "key"; key: string } | { kind: "malformed" } {
  if (value === null || value === undefined || value === "") return { kind: "none" };
  if (typeof value !== "string" || !KEY_SHAPE.test(value)) return { kind: "malformed" };
  return { kind: "key", key: value };
}

/** What a repeat is answered with: a page form's redirect (and its toast), or an API call's status and JSON body. */
export type KeptOutcome = { status: number; location?: string; toastCookie?: string; body?: string };

/**
 * Whether an answer is kept for the key. A refusal (4xx) or an error is not: the command did
 * nothing, and a form that comes back with the user's values (JavaScript keeps the same rendered
 * key) can be corrected and sent again. A refused page form that answers with a redirect is kept:
 * the page it leads to renders a new form with a new key.
 */
export const keepsOutcome = (status: number) => status >= 200 && status < 400;

/** Keys made before this instant are forgotten by the sweep. */
export const forgetBefore = (now: Date) => new Date(now.getTime() - REQUEST_KEY_HOURS * 3_600_000);
