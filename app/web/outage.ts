/**
 * What a page's data request (a client-side navigation, or a form sent by fetch) is answered while
 * the database cannot be reached: a 503 with this body (server/outage.ts), which the error boundary
 * recognises and shows as "back in a moment" in the page's language, as the page without script gets.
 */
export type OutageBody = {
  outage: "databaseAway";
  /** Seconds until asking again makes sense (the answer's Retry-After). */
  retryAfter: number;
  /** The request sent a form: it may not have been saved, and is never sent again by itself. */
  submitted: boolean;
};

export const outageBody = (retryAfter: number, submitted: boolean): OutageBody => ({ outage: "databaseAway", retryAfter, submitted });

export function isOutageBody(data: unknown): data is OutageBody {
  return typeof data === "object" && data !== null && (data as { outage?: unknown }).outage === "databaseAway";
}
