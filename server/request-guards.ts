import { Readable } from "node:stream";
import { parse as parseCookie } from "cookie";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { type Locale, localeCookieName } from "../app/modules/i18n/config";
import { translator } from "../app/modules/i18n/i18next.server";
import { chooseLocale, isLocale } from "../app/modules/i18n/rules";
import { BODY_LIMITS, bodyLimit, fieldCheckedForms } from "./body-limits";
import { replaceBody } from "./replace-body";

/**
 * Checks every request once, before Remix sees it: the locale segment, NUL bytes in the path,
 * query string and form or JSON bodies, body sizes, and an Origin that Remix would refuse.
 * Loaders and actions then never see these inputs (decision record 011).
 */

/** The login cookie (app/modules/auth/session.server.ts; a test keeps the two in step). */
export const LOGIN_COOKIE = "__session";
export { BODY_LIMITS };

/** First path segments that are not a locale: "/" (and its data URL), the API and a few resources. */
const topLevel = new Set(["_root", "api", "healthz", "change-language", "__manifest"]);

type Problem = "notFound" | "badCharacters" | "tooLarge" | "originMismatch";

const apiMessages: Record<Problem, string> = {
  notFound: "Not found",
  badCharacters: "The request contains a NUL byte, which cannot be stored",
  tooLarge: "Request body too large",
  originMismatch: "The request's Origin does not match the host it was sent to",
};

const statusOf: Record<Problem, number> = { notFound: 404, badCharacters: 400, tooLarge: 413, originMismatch: 403 };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** API callers get `{ error }`; people get a short page in the URL's language. */
function refuse(req: Request, res: Response, problem: Problem, values: Record<string, string> = {}) {
  const status = statusOf[problem];
  res.status(status).setHeader("Cache-Control", "no-store");
  // A client that sent too much once is not kept: the connection closes after this answer.
  if (problem === "tooLarge") res.setHeader("Connection", "close");
  if (req.path.startsWith("/api/") || req.path === "/api") {
    res.json({ error: apiMessages[problem] });
    return;
  }
  const first = req.path.split("/")[1] ?? "";
  // No locale in the URL (an unknown one): the remembered language, else the browser's, else Spanish.
  const lang: Locale = isLocale(first)
    ? first
    : chooseLocale({ cookie: parseCookie(req.headers.cookie ?? "")[localeCookieName], acceptLanguage: req.get("accept-language") ?? null });
  const t = translator(lang, "errors");
  const title = problem === "notFound" ? t("notFound.title") : t("request.title");
  const body = problem === "notFound" ? t("notFound.body") : t(`request.${problem}`, values);
  res
    .type("html")
    .send(
      `<!doctype html><html lang="${lang}" data-static="true"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Mesa</title></head>` +
        `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(body)}</p><p><a href="/${lang}">${escapeHtml(t("request.back"))}</a></p></main></body></html>`,
    );
}

/**
 * Paths outside the known top-level names must start with a locale. Remix runs child loaders in
 * parallel with the `$lang` layout's check, so a child could redirect to `/${lang}/login` with
 * lang = "/evil.com" before the layout answered 404; refusing here means no loader ever sees it.
 */
export function isKnownFirstSegment(path: string): boolean {
  if (path === "/") return true;
  const first = path.split("/")[1] ?? "";
  const name = first.endsWith(".data") ? first.slice(0, -".data".length) : first;
  return isLocale(name) || topLevel.has(name);
}

const hasNul = (value: string) => value.includes("\u0000");

/** True when a decoded path segment, query key or query value holds a NUL byte. */
export function urlHasNul(url: string): boolean {
  const queryAt = url.indexOf("?");
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  for (const segment of path.split("/")) {
    try {
      if (hasNul(decodeURIComponent(segment))) return true;
    } catch {
      /* malformed escapes are Remix's to answer; they cannot carry a NUL */
    }
  }
  if (queryAt === -1) return false;
  for (const [key, value] of new URLSearchParams(url.slice(queryAt + 1))) if (hasNul(key) || hasNul(value)) return true;
  return false;
}

function jsonHasNul(value: unknown): boolean {
  if (typeof value === "string") return hasNul(value);
  if (Array.isArray(value)) return value.some(jsonHasNul);
  if (value && typeof value === "object") return Object.entries(value).some(([k, v]) => hasNul(k) || jsonHasNul(v));
  return false;
}

/** True when a buffered body holds a NUL byte in any text it carries. */
export function bodyHasNul(mediaType: string, body: Buffer): boolean {
  if (mediaType === "application/x-www-form-urlencoded") {
    for (const [key, value] of new URLSearchParams(body.toString("utf8"))) if (hasNul(key) || hasNul(value)) return true;
    return false;
  }
  if (mediaType === "application/json" || mediaType.endsWith("+json")) {
    try {
      return jsonHasNul(JSON.parse(body.toString("utf8")));
    } catch {
      return false; // not JSON: the route answers its own 400
    }
  }
  // Multipart outside the upload forms carries only text fields, where a NUL byte is never valid.
  if (mediaType === "multipart/form-data") return body.includes(0);
  return false;
}

/**
 * Hands a body we already read back to whoever reads the request next (Remix's adapter listens
 * for data/end/close/error and calls pause/resume), as if it were still arriving.
 */
function replayBody(req: Request, body: Buffer) {
  const replay = Readable.from([body], { objectMode: false });
  const streamEvents = new Set<string | symbol>(["data", "end", "error", "close", "readable"]);
  for (const method of ["on", "once", "off", "addListener", "removeListener", "prependListener", "prependOnceListener"] as const) {
    const original = req[method].bind(req) as (event: string | symbol, listener: (...args: unknown[]) => void) => Request;
    const through = replay[method].bind(replay) as (event: string | symbol, listener: (...args: unknown[]) => void) => Readable;
    Object.defineProperty(req, method, {
      configurable: true,
      value: (event: string | symbol, listener: (...args: unknown[]) => void) => {
        if (streamEvents.has(event)) through(event, listener);
        else original(event, listener);
        return req;
      },
    });
  }
  Object.defineProperty(req, "pause", { configurable: true, value: () => (replay.pause(), req) });
  Object.defineProperty(req, "resume", { configurable: true, value: () => (replay.resume(), req) });
  Object.defineProperty(req, "readable", { configurable: true, get: () => replay.readable });
  // destroy stays the request's own: Node calls it once the original body has ended.
}

/** What we read and drop after a body's limit before answering (see refuseTooLarge). */
export const DRAIN_LIMITS = { bytes: 8 * 1024 * 1024, ms: 10_000 } as const;

/**
 * Answers 413 once the client has finished sending, reading and dropping the rest of its body
 * (nginx's "lingering close"). Answering at once and closing while the client still writes makes
 * the kernel reset the connection over the unread bytes, and the client (a browser showing a
 * "connection reset" page instead of ours) can lose the answer it was about to read. Past
 * DRAIN_LIMITS, declared or sent, it answers at once: nobody honest posts that much to a form.
 */
function refuseTooLarge(req: Request, res: Response, alreadyRead: number) {
  let read = alreadyRead;
  let answered = false;
  const answer = () => {
    if (answered) return;
    answered = true;
    clearTimeout(timer);
    req.off("data", count);
    refuse(req, res, "tooLarge");
  };
  const count = (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_LIMITS.bytes) answer();
  };
  const timer = setTimeout(answer, DRAIN_LIMITS.ms);
  timer.unref();
  if (Number(req.headers["content-length"] ?? 0) > DRAIN_LIMITS.bytes || req.complete) return answer();
  req.on("data", count);
  req.once("end", answer);
  req.once("error", answer);
  req.resume();
}

const mediaTypeOf = (req: Request) => (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();

/** Refuses early what no loader or action should ever receive. */
export function requestGuards(): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isKnownFirstSegment(req.path)) return refuse(req, res, "notFound");
    if (urlHasNul(req.originalUrl)) return refuse(req, res, "badCharacters");
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();

    const declared = req.headers["content-length"];
    const chunked = req.headers["transfer-encoding"] !== undefined;
    if (!chunked && (declared === undefined || declared === "0")) return next();
    const mediaType = mediaTypeOf(req);
    const limit = bodyLimit(req, mediaType);
    if (declared !== undefined && Number(declared) > limit) return refuseTooLarge(req, res, 0);
    // Upload forms stream their parts through the upload reader, which keeps only what it needs
    // and stops at its own limits (a chat's attachment: at once past 10 MB).
    if (limit === BODY_LIMITS.upload || limit === BODY_LIMITS.chatUpload) return next();

    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const onData = (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > limit) {
        done = true;
        req.off("data", onData);
        chunks.length = 0;
        refuseTooLarge(req, res, size);
        return;
      }
      chunks.push(chunk);
    };
    req.on("data", onData);
    req.once("error", (error) => {
      if (done) return;
      done = true;
      next(error);
    });
    req.once("end", () => {
      if (done) return;
      done = true;
      req.off("data", onData);
      const body = Buffer.concat(chunks, size);
      const checkedByField = mediaType === "application/x-www-form-urlencoded" && fieldCheckedForms.test(req.path);
      if (!checkedByField && bodyHasNul(mediaType, body)) return refuse(req, res, "badCharacters");
      replayBody(req, body);
      next();
    });
  };
}

/**
 * Remix refuses an action whose Origin names another host than the request's Host (or the first
 * X-Forwarded-Host) by throwing, which answers a bare 500. Same-site origins that differ from the
 * Host (127.0.0.1 against localhost, an APP_URL the proxy rewrote) get a clear 403 here instead.
 * Resource routes (/api) are not checked by Remix and keep the cross-site check alone.
 */
export function originMatchesHost(req: Pick<Request, "method" | "path" | "get">): boolean {
  if (["GET", "HEAD", "OPTIONS"].includes(req.method) || req.path.startsWith("/api/")) return true;
  const origin = req.get("origin");
  if (!origin || origin === "null") return true;
  const forwarded = req.get("x-forwarded-host")?.split(",")[0]?.trim();
  const host = forwarded || req.get("host");
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

export function refuseOriginMismatch(): RequestHandler {
  return (req, res, next) => {
    if (originMatchesHost(req)) return next();
    refuse(req, res, "originMismatch", { origin: req.get("origin") ?? "", host: req.get("x-forwarded-host")?.split(",")[0]?.trim() || req.get("host") || "" });
  };
}

const loginCookiePattern = new RegExp(`(?:^|;\\s*)${LOGIN_COOKIE}=`);
const privateFiles = /^\/api\/chats\/[^/]+\/attachments\/[^/]+$/;

/**
 * Anything answered to a signed-in request, or that sets or clears the login cookie, must not be
 * kept by a browser or shared cache (a shared computer's back button, a proxy). Decided when the
 * headers go out, so it also covers what Remix answers. Static files are served before this runs
 * and keep their caching.
 */
export function noStoreWhenSignedIn(): RequestHandler {
  return (req, res, next) => {
    const signedIn = loginCookiePattern.test(req.headers.cookie ?? "") || Boolean(req.headers.authorization);
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: Parameters<Response["writeHead"]>) {
      const setCookie = [this.getHeader("set-cookie") ?? []].flat().map(String);
      const setsLogin = setCookie.some((c) => c.startsWith(`${LOGIN_COOKIE}=`));
      // A chat's image may stay in its reader's own browser for a while (decision record 092): its route says `private`.
      const ownCopy = privateFiles.test(req.path) && /^private\b/.test(String(this.getHeader("Cache-Control") ?? ""));
      if ((signedIn && !ownCopy) || setsLogin) this.setHeader("Cache-Control", "no-store");
      return writeHead.apply(this, args);
    } as Response["writeHead"];
    next();
  };
}

/**
 * Outside production Remix puts an error's message and stack into a 500's body, and a database
 * error's message says what the query was doing. API clients get `{ error }` and nothing else,
 * in every mode; pages render the generic error screen.
 */
export function hideApiErrorDetails(): RequestHandler {
  return (req, res, next) => {
    if (!req.path.startsWith("/api/")) return next();
    replaceBody(res, () => {
      if (res.headersSent || res.statusCode < 500) return null;
      res.removeHeader("Content-Length");
      res.removeHeader("Content-Encoding");
      res.setHeader("Content-Type", "application/json; charset=utf-8");
      res.setHeader("Cache-Control", "no-store");
      return { body: JSON.stringify({ error: "Internal server error" }) };
    });
    next();
  };
}
