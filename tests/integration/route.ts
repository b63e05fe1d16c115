import type { ActionFunction, AppLoadContext, LoaderFunction } from "@remix-run/node";
import { openRequestScope, REQUEST_SCOPE_HEADER } from "../../app/lib/request-scope.server";

export type RouteResult = { status: number; data: unknown; headers: Headers };

/**
 * Runs a route's action or loader like the server does (in a request scope read at the context's
 * `now`, so code that has only the Request sees the same instant) and normalises data(), Response
 * and thrown values; `context` is the load context (a fixed `now`).
 */
export async function run(
  fn: ActionFunction | LoaderFunction,
  request: Request,
  params: Record<string, string> = {},
  context: AppLoadContext = {},
): Promise<RouteResult> {
  let value: unknown;
  const now = context.now ?? new Date();
  const scope = openRequestScope(now);
  request.headers.set(REQUEST_SCOPE_HEADER, scope.id);
  try {
    value = await fn({ request, params, context: { ...context, now } });
  } catch (thrown) {
    value = thrown;
  } finally {
    scope.close();
  }
  if (value instanceof Response) {
    const text = await value.text();
    let data: unknown = text;
    try {
      data = JSON.parse(text);
    } catch {
      /* not JSON */
    }
    return { status: value.status, data, headers: value.headers };
  }
  if (value && typeof value === "object" && "type" in value && value.type === "DataWithResponseInit") {
    const wrapped = value as unknown as { data: unknown; init?: ResponseInit | null };
    return { status: wrapped.init?.status ?? 200, data: wrapped.data, headers: new Headers(wrapped.init?.headers) };
  }
  if (value instanceof Error) throw value;
  return { status: 200, data: value, headers: new Headers() };
}

export function form(url: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  return new Request(url, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers } });
}

/** A JSON POST, as the API's clients send it. */
export function jsonPost(url: string, body: unknown, headers: Record<string, string> = {}) {
  return new Request(url, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...headers } });
}

/** A JSON call to the API at `path` as `as` makes it (their bearer token), or as a visitor when null; no body, none sent. */
export function apiCall(method: string, path: string, as: { auth: Record<string, string> } | null, body?: unknown) {
  return new Request(`http://localhost:3000${path}`, {
    method,
    headers: { ...(as ? as.auth : {}), "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The field errors of a conform reply: { status: "error", error: { field: [keys] }, initialValue }. */
export function fieldErrors(data: unknown): Record<string, string[]> {
  return ((data as { error?: Record<string, string[]> })?.error ?? {}) as Record<string, string[]>;
}

export function initialValue(data: unknown): Record<string, unknown> {
  return ((data as { initialValue?: Record<string, unknown> })?.initialValue ?? {}) as Record<string, unknown>;
}

export function cookieHeader(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** Error keys of a field and its items ("availableDays", "availableDays[0]", …). */
export function errorsFor(data: unknown, field: string): string[] {
  return Object.entries(fieldErrors(data))
    .filter(([name]) => name === field || name.startsWith(`${field}[`))
    .flatMap(([, keys]) => keys);
}
