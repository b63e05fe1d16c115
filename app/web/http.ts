import { data } from "@remix-run/node";
import { isUuid } from "#app/lib/ids";

/** Throws a 4xx response (rendered by the error boundary) when the condition is false. */
export function invariantResponse(condition: unknown, message: string, init: ResponseInit = { status: 400 }): asserts condition {
  if (!condition) throw data({ message }, init);
}

export function jsonError(error: string, status: number, headers?: HeadersInit) {
  return Response.json({ error }, { status, headers });
}

// Routes find the id check beside the HTTP helpers; it lives below the modules (app/lib/ids.ts).

/** The page's 404 (the error boundary renders 'not found'). */
export function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

/** The page's 403: the error boundary renders the 'Access Denied' guard screen with a link to `fallback`. */
export function forbidden(fallback: string): never {
  throw data({ guard: true, fallback }, { status: 403 });
}

/** A route's id parameter, or the 404 a malformed one deserves. */
export function requireUuidParam(value: string | undefined): string {
  if (!isUuid(value)) notFound();
  return value;
}

// Routes find the id check beside the HTTP helpers; it lives below the modules (app/lib/ids.ts).
export { isUuid };
