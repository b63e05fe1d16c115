import type { HandleErrorFunction } from "@remix-run/node";
import { isDatabaseUnreachable } from "#db/availability";

/**
 * Remix's handleError (exported by entry.server): what a loader or action threw, logged as Remix
 * would, except a database that cannot be reached. That is logged once per outage by
 * db/availability.ts and answered 503 by server/outage.ts; a line per failed request would bury it.
 */
export const handleServerError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted || isDatabaseUnreachable(error)) return;
  // A route error response wraps the thrown error; Remix logs the inner one.
  const inner = error && typeof error === "object" && "internal" in error && "error" in error ? (error as { error: unknown }).error : undefined;
  console.error(inner ?? error);
};
