import { data } from "@remix-run/node";

/** Throws a 4xx response (rendered by the error boundary) when the condition is false. */
export function invariantResponse(condition: unknown, message: string, init: ResponseInit = { status: 400 }): asserts condition {
  if (!condition) throw data({ message }, init);
}

export function jsonError(error: string, status: number, headers?: HeadersInit) {
  return Response.json({ error }, { status, headers });
}
