/**
 * Returns `target` when it is a path on this site, otherwise `fallback`. Refuses absolute URLs,
 * protocol-relative ("//evil", "/\\evil") and anything with control characters, so a crafted
 * ?redirect= can never send someone to another site after sign-in.
 */
export function safeRedirect(target: unknown, fallback: string): string {
  if (typeof target !== "string" || target.length === 0 || target.length > 2000) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    return fallback;
  }
  for (const candidate of [target, decoded]) {
    if (!candidate.startsWith("/")) return fallback;
    if (candidate.startsWith("//") || candidate.startsWith("/\\")) return fallback;
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
  }
  try {
    const url = new URL(target, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return fallback;
    // Dot segments collapse while parsing ("/.//evil.com", "/..//evil.com" become "//evil.com"),
    // so the path we hand back is checked again: a browser reads "//host" as another site.
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
    return path;
  } catch {
    return fallback;
  }
}

/** Reads the return path from ?redirect= or ?redirect_to= (the spec allows both). */
export function redirectParam(params: URLSearchParams): string | null {
  return params.get("redirect") ?? params.get("redirect_to");
}

export type RequestOrigin = {
  method: string;
  origin: string | null;
  secFetchSite: string | null;
  /** Origins this app answers on, e.g. "http://localhost:3000" and the configured public URL. */
  allowedOrigins: string[];
  /** API clients that send a bearer token and no cookie cannot be the target of CSRF. */
  bearerWithoutCookie: boolean;
};

const safeMethods = new Set(["GET", "HEAD", "OPTIONS"]);

/** True when a state-changing request comes from another site (CSRF defence). */
export function isCrossSiteWrite(input: RequestOrigin): boolean {
  if (safeMethods.has(input.method.toUpperCase())) return false;
  if (input.bearerWithoutCookie) return false;
  if (input.origin && input.origin !== "null") return !input.allowedOrigins.includes(input.origin);
  if (input.origin === "null") return true;
  return input.secFetchSite === "cross-site";
}

/** A login session lasts this long from sign-in, however much it is used. */
export const LOGIN_SESSION_DAYS = 30;
/** A login session unused this long is over, even before its 30 days are up. */
export const LOGIN_SESSION_IDLE_DAYS = 14;

/** The last use a login session must be newer than to still count at `now` (its idle timeout). */
export const idleCutoff = (now: Date) => new Date(now.getTime() - LOGIN_SESSION_IDLE_DAYS * 24 * 60 * 60 * 1000);

/** A short, human name for a browser from its user agent. */
export function describeAgent(agent: string): string | null {
  if (!agent) return null;
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /Chrome\/|Chromium\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : null;
  const os = /Android/.test(agent)
    ? "Android"
    : /iPhone|iPad/.test(agent)
      ? "iOS"
      : /Windows/.test(agent)
        ? "Windows"
        : /Mac OS X/.test(agent)
          ? "macOS"
          : /Linux/.test(agent)
            ? "Linux"
            : null;
  return [browser, os].filter(Boolean).join(" · ") || agent.slice(0, 60);
}
