import type { BookingRefusal } from "#app/modules/bookings/rules";
import type { GroupRefusal } from "#app/modules/groups/rules";
import type { PayRefusal } from "#app/modules/payments/payments.server";
import type { WebhookAnswer } from "#app/modules/payments/webhooks.server";
import type { Refusal } from "#app/modules/refusals";
import type { SubscribeRefusal } from "#app/modules/subscriptions/rules";
import { forbidden, notFound } from "#app/web/http";

// The one place a module's refusal becomes an HTTP status, for pages and the JSON API alike.
// Modules answer in words (app/modules/refusals.ts); only routes speak HTTP.

/**
 * Every 'no' the HTTP edge gives, in words: a module's refusal (app/modules/refusals.ts), or one only
 * the edge can give (nobody signed in, a card declined, too many tries, a provider that failed, the
 * database away).
 * Routes name the word; the status is looked up here.
 */
export type WebRefusal = Refusal | "unauthenticated" | "declined" | "limited" | "providerFailed" | "unavailable" | "tooLarge";

const refusalStatuses = {
  notFound: 404,
  forbidden: 403,
  invalid: 400,
  conflict: 409,
  unauthenticated: 401,
  declined: 402,
  limited: 429,
  tooLarge: 413,
  providerFailed: 502,
  unavailable: 503,
} as const satisfies Record<WebRefusal, number>;

export const refusalStatus = <R extends WebRefusal>(refusal: R): (typeof refusalStatuses)[R] => refusalStatuses[refusal];

/**
 * A page's answer to 'not found' or 'forbidden': the 404 page, or the guard screen linking to
 * `fallback` (403). Other refusals are the page's own to render beside the form.
 */
export function throwPageRefusal(refusal: "notFound" | "forbidden", fallback: string): never;
export function throwPageRefusal(refusal: Refusal, fallback: string): void;
export function throwPageRefusal(refusal: Refusal, fallback: string): void {
  if (refusal === "notFound") notFound();
  if (refusal === "forbidden") forbidden(fallback);
}

const statusTexts = { notFound: "Not Found", forbidden: "Forbidden", invalid: "Bad Request", conflict: "Conflict" } as const satisfies Record<Refusal, string>;

/** A bare answer (status and its standard text) for a refusal nobody is meant to see rendered. */
export const refusalResponse = (refusal: Refusal) => new Response(statusTexts[refusal], { status: refusalStatus(refusal) });

const forbiddenToBook = (refusal: BookingRefusal | PayRefusal) =>
  refusal === "ownSession" || refusal === "notAllowed" || refusal === "inviteRequired" || refusal === "emailNotVerified";

/** The API's status for a refused booking, waitlist entry or leave: a full or closed session is 409. */
export const bookingRefusalStatus = (refusal: BookingRefusal): 400 | 403 | 404 | 409 | 429 =>
  refusal === "inviteTriesLimited"
    ? 429
    : refusal === "notFound" || refusal === "notWaiting"
      ? 404
      : forbiddenToBook(refusal)
        ? 403
        : refusal === "notFree" || refusal === "inviteInvalid"
          ? 400
          : 409;

/** The API's status for a refused payment: a provider that failed is 502, a payment under way 409. */
export const payRefusalStatus = (refusal: PayRefusal): 400 | 403 | 404 | 409 | 429 | 502 =>
  refusal === "inviteTriesLimited"
    ? 429
    : refusal === "providerError"
      ? 502
      : refusal === "notFound"
        ? 404
        : forbiddenToBook(refusal)
          ? 403
          : refusal === "isFree" || refusal === "oxxoNotOffered" || refusal === "oxxoTooClose" || refusal === "inviteInvalid"
            ? 400
            : 409;

/** The API's status for a refused subscription: the host's own series 403, the series' state and the viewer's standing 409. */
export const subscribeRefusalStatus = (refusal: SubscribeRefusal | PayRefusal): 400 | 403 | 404 | 409 | 429 | 502 =>
  refusal === "ownSeries"
    ? 403
    : refusal === "seriesPaused" ||
        refusal === "seriesCancelled" ||
        refusal === "seriesCompleted" ||
        refusal === "alreadySubscribed" ||
        refusal === "noAvailableSession" ||
        refusal === "tooManySubscriptions"
      ? 409
      : payRefusalStatus(refusal);

/**
 * The provider's answer to a webhook: 200 for every event taken (a replay is recognised as
 * `duplicate`), 400 for one whose signature or shape is wrong, which the provider retries.
 */
export function webhookReply(answer: WebhookAnswer): { status: 200 | 400; body: { received: true; duplicate?: true; outcome?: string } | { error: string } } {
  if (!answer.ok)
    return {
      status: 400,
      body: { error: answer.refusal === "badSignature" ? `Webhook signature verification failed: ${answer.detail ?? ""}` : "Malformed event" },
    };
  return { status: 200, body: answer.outcome === "duplicate" ? { received: true, duplicate: true } : { received: true, outcome: answer.outcome } };
}

/**
 * The JSON API's status for a review refusal (reviews/reviews.server.ts): nothing there, or not
 * the caller's, is 404; someone who was not in the session, oneself, or an author whose email is not
 * verified is 403; a rule of time, a second try or a try after an admin deleted the review is 409.
 */
export const reviewRefusalStatus = (refusal: string): 403 | 404 | 409 =>
  refusal === "notFound"
    ? 404
    : refusal === "notParticipant" || refusal === "targetNotThere" || refusal === "self" || refusal === "emailNotVerified"
      ? 403
      : 409;

/** The API's status for a refused group booking: a full or taken session 409, too many groups 429, a provider that failed 502. */
const groupRefusalStatuses = {
  invalid: 400,
  notFound: 404,
  closed: 409,
  ownSession: 403,
  private: 403,
  notFree: 409,
  notEnoughSeats: 409,
  groupExists: 409,
  tooManyGroups: 429,
  alreadyBooked: 409,
  paymentPending: 409,
  emailNotVerified: 403,
  tooManyHolds: 409,
  // The request is sound and may succeed unchanged once the DM's account takes charges again: the session's state, a 409.
  hostCannotBePaid: 409,
  methodInvalid: 400,
  oxxoNotOffered: 400,
  oxxoTooClose: 400,
  providerError: 502,
} as const satisfies Record<GroupRefusal, number>;

export const groupRefusalStatus = (refusal: GroupRefusal) => groupRefusalStatuses[refusal];

/** The API's word for a refused report: an unknown target, reporting oneself, a second report of the same target, too many reports. */
export const reportRefusal = {
  notFound: "notFound",
  self: "forbidden",
  alreadyReported: "conflict",
  removed: "conflict",
  ownMessage: "forbidden",
  rateLimited: "limited",
} as const satisfies Record<string, WebRefusal>;
