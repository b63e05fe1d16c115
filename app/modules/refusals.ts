/**
 * Why a use case said no, in words. Modules never pick an HTTP status: the route that called the use
 * case maps the refusal to one (app/web/refusals.server.ts), so the same rule can answer a page, the
 * JSON API or a job without knowing which.
 */
export type Refusal =
  /** Nothing by that id (or nothing the actor may know exists). */
  | "notFound"
  /** It exists, but this actor may not do that to it. */
  | "forbidden"
  /** The input breaks a rule; `error` (and maybe `field`) says which. */
  | "invalid"
  /** The input is fine but clashes with the present state (a closed list, an overlap to confirm). */
  | "conflict";

/**
 * A use case's 'no': `{ ok: false, refusal }` plus whatever the caller needs to explain it. Spread over
 * the refusals, so a caller that has handled 'notFound' and 'forbidden' is left with the rest.
 */
export type Refused<R extends Refusal = Refusal, Extra extends object = object> = R extends Refusal ? { ok: false; refusal: R } & Extra : never;
