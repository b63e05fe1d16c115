import type { ZodError } from "zod";
import { getRequester, type Requester } from "#app/modules/auth/session.server";
import { requestDeps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { isLocale } from "#app/modules/i18n/rules";

const mediaTypeOf = (request: Request) => (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();

/** Whether a request says it carries a body (a POST without one, like marking a chat read, declares none). */
function declaresBody(request: Request) {
  if (request.method === "GET" || request.method === "HEAD") return false;
  const length = request.headers.get("content-length");
  return request.headers.has("content-type") || request.headers.has("transfer-encoding") || (length !== null && length.trim() !== "0");
}

/**
 * The JSON API's one content-type rule: a call that carries a body sends it as application/json,
 * or is answered 415 before anything else happens. text/plain, form-urlencoded and multipart are
 * what a cross-site form can send without the browser's CORS preflight, so none of them is read,
 * whatever the route. Every body reader (readBody, readRawJson) and every signed-in call
 * (requireApiUser) passes here, so routes that read no body refuse one too.
 */
export function refuseNonJsonBody(request: Request) {
  if (declaresBody(request) && mediaTypeOf(request) !== "application/json") throw apiError("Unsupported content type: send application/json", 415);
}

/**
 * Reads a JSON body into a plain object; a body that is not JSON, or not an object, becomes null
 * (the route answers its own 400), never a 500. A field's value is a single string, number,
 * boolean or null: an array (or an object) where one value is expected is refused here with a
 * 400, for every route at once, so `String(["free"])` can never read as "free". Only the fields a
 * route names in `lists` may hold an array.
 */
export async function readBody(request: Request, options: { lists?: readonly string[] } = {}): Promise<Record<string, unknown> | null> {
  refuseNonJsonBody(request);
  let value: unknown;
  try {
    value = await request.json();
  } catch {
    return null;
  }
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  for (const [key, field] of Object.entries(value)) {
    if (field === null || typeof field !== "object") continue;
    if (Array.isArray(field) && options.lists?.includes(key)) continue;
    throw apiError(`${key} must be a single value, not ${Array.isArray(field) ? "a list" : "an object"}`, 400);
  }
  return value as Record<string, unknown>;
}

/** The raw text of a JSON body (a signed webhook's signature covers the exact bytes), under the same content-type rule. */
export async function readRawJson(request: Request): Promise<string> {
  refuseNonJsonBody(request);
  return request.text();
}

export function apiError(error: string, status: number, headers?: HeadersInit) {
  return Response.json({ error }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

/** The Retry-After header of a refusal that says how long to wait (a rate limit); none otherwise. */
export const retryAfter = (refused: { retryAfterSeconds?: number }): HeadersInit | undefined =>
  refused.retryAfterSeconds ? { "Retry-After": String(refused.retryAfterSeconds) } : undefined;

export function apiJson(body: unknown, status = 200) {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store" } });
}

/** The requester of an API call (bearer token or login cookie), or a 401 response to throw; a body that is not JSON is a 415 first. */
export async function requireApiUser(request: Request): Promise<Requester> {
  refuseNonJsonBody(request);
  const user = await getRequester(request, requestDeps(request));
  if (!user) throw apiError("Authentication required", 401);
  return user;
}

/**
 * The signed-in caller of a route that also takes a multipart upload (a chat message with a file,
 * decision record 092): JSON or multipart/form-data, nothing else. A cross-site form could send
 * multipart without a preflight, but never with the login cookie (SameSite) nor past the server's
 * check of Origin and Sec-Fetch-Site on every write.
 */
export async function requireApiUploader(request: Request): Promise<Requester> {
  if (mediaTypeOf(request) !== "multipart/form-data") refuseNonJsonBody(request);
  const user = await getRequester(request, requestDeps(request));
  if (!user) throw apiError("Authentication required", 401);
  return user;
}

export function methodNotAllowed(allowed: string) {
  return apiError("Method not allowed", 405, { Allow: allowed });
}

/**
 * The JSON API's word for a body its command's schema refused: the first refused field, in the words
 * the route gives for it, else "<field> is not valid".
 */
export function bodyProblem(error: ZodError, words: Partial<Record<string, string>> = {}) {
  const field = String(error.issues[0]?.path[0] ?? "body");
  return words[field] ?? `${field} is not valid`;
}

/** The language of an API answer's words: `?lang=`, else the caller's own. */
export function apiWords(request: Request, user: Requester) {
  const lang = [new URL(request.url).searchParams.get("lang"), user.preferredLanguage].find(isLocale) ?? "es";
  return translator(lang, "validation");
}
