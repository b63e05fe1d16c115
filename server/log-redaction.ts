/**
 * What the request log may keep of a URL. Some addresses are credentials: the calendar feed is
 * opened by the secret in its path (no login), and verification, reset and sign-in links carry
 * theirs in the query. Anyone who reads the logs (a hosting dashboard, a log shipper) must not be
 * able to use them.
 */

/** Query parameters that carry secrets. Names are compared decoded and case-insensitively. */
const SECRET_PARAMS = new Set(["token", "code", "state", "refresh_token", "access_token", "invite"]);

/** Paths whose segment after the prefix is a secret (slashes doubled or not, any letter case). */
const SECRET_PATHS = [/^(\/+api\/+calendar\/+)[^/?#]+/i];

export const REDACTED = "[redacted]";

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  let path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const pattern of SECRET_PATHS) path = path.replace(pattern, `$1${REDACTED}`);
  if (queryAt === -1) return path;
  const query = url
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const key = equals === -1 ? pair : pair.slice(0, equals);
      return equals !== -1 && SECRET_PARAMS.has(decoded(key).trim().toLowerCase()) ? `${key}=${REDACTED}` : pair;
    })
    .join("&");
  return `${path}?${query}`;
}
