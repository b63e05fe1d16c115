import { data, redirect } from "@remix-run/node";
import { apiError, apiJson } from "#app/web/api.server";
import { refusalStatus, type WebRefusal } from "#app/web/refusals.server";

// The answers routes give that are not a plain 200, by name: a route says what happened in words and
// the status comes from refusalStatus, so no route writes a number.

/**
 * A page's refused form: the body the form renders (a conform reply with its field and form errors,
 * or the page's own error shape) under the refusal's status.
 */
export const refuse = <T>(refusal: WebRefusal, body: T, headers?: HeadersInit) => data(body, { status: refusalStatus(refusal), headers });

/** After a form that changed something, the page to show next (303, so the browser asks for it with GET). */
export const seeOther = (url: string) => redirect(url, 303);

/** The JSON API's answer to a call that created something. */
export const apiCreated = (body: unknown) => apiJson(body, 201);

/** The JSON API's refusal: `{ error }` under the refusal's status (a rate limit adds its Retry-After in `headers`). */
export const apiRefusal = (refusal: WebRefusal, error: string, headers?: HeadersInit) => apiError(error, refusalStatus(refusal), headers);

/** The JSON API's refusal when its body is not `{ error }` (the review and report calls answer `{ success: false, … }`). */
export const apiRefused = (refusal: WebRefusal, body: unknown, headers?: HeadersInit) =>
  Response.json(body, { status: refusalStatus(refusal), headers: { "Cache-Control": "no-store", ...headers } });

/** An answer with nothing to say (a metric taken). */
export const noContent = () => new Response(null, { status: 204 });
