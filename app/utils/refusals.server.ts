import type { Refusal } from "#app/modules/refusals";
import { forbidden, notFound } from "#app/utils/http";

/** The one place a module's refusal becomes an HTTP status (pages and the JSON API alike). */
const refusalStatuses = { notFound: 404, forbidden: 403, invalid: 400, conflict: 409 } as const satisfies Record<Refusal, number>;

export const refusalStatus = <R extends Refusal>(refusal: R): (typeof refusalStatuses)[R] => refusalStatuses[refusal];

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
