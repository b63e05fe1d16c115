import { getRequester, type Requester } from "#app/modules/auth/session.server";
import { requestDeps } from "#app/modules/deps.server";

/**
 * Reads a JSON or form body into a plain object; malformed input becomes null, never a 500.
 * Any other content type with a body is a 415: a text/plain JSON body is what a cross-site form
 * or a careless client sends, and accepting it would skip the browser's CORS preflight.
 */
export async function readBody(request: Request): Promise<Record<string, unknown> | null> {
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const known = ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"].some((t) => type.includes(t));
  if (!known && request.body) throw apiError("Unsupported content type: send application/json", 415);
  try {
    if (type.includes("application/json")) {
      const value: unknown = await request.json();
      return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
    }
    if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
      return Object.fromEntries((await request.formData()).entries());
    }
    return null;
  } catch {
    return null;
  }
}

export function apiError(error: string, status: number, headers?: HeadersInit) {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function apiJson(body: unknown, status = 200) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** The requester of an API call (bearer token or login cookie), or a 401 response to throw. */
export async function requireApiUser(request: Request): Promise<Requester> {
  const user = await getRequester(request, requestDeps(request));
  if (!user) throw apiError("Authentication required", 401);
  return user;
}

export function methodNotAllowed(allowed: string) {
  return apiError("Method not allowed", 405, { Allow: allowed });
}
