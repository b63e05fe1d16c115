import { parse as parseCookie } from "cookie";
import type { RequestHandler } from "express";
import { type Locale, localeCookieName } from "../app/modules/i18n/config";
import { translator } from "../app/modules/i18n/i18next.server";
import { chooseLocale, isLocale } from "../app/modules/i18n/rules";

/**
 * The pages under /{lang}/dev (the local mailbox, which shows reset links, and the offline test
 * payment page, which confirms payments) are for the person at this machine. A web page the
 * browser opened elsewhere can point its own host name at 127.0.0.1 (DNS rebinding) and then
 * read and post to them as same-origin; its requests still name that host in `Host`. So these
 * pages answer only when the host asked for is APP_URL's or a loopback name.
 */
const devPages = /^\/+[^/]+\/+dev(?:[/.]|$)/i;

/** localhost, 127.0.0.0/8 and [::1]: names no one else can point at this server. */
export function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return name === "localhost" || name === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(name);
}

export function isDevPage(path: string): boolean {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    /* a malformed escape matches as written */
  }
  return devPages.test(decoded);
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function devPagesOnlyAtOwnHost(appUrl: string): RequestHandler {
  const own = new URL(appUrl).hostname.toLowerCase();
  return (req, res, next) => {
    if (!isDevPage(req.path)) return next();
    // Express's hostname: the Host header, or X-Forwarded-Host only from a trusted proxy.
    const host = (req.hostname ?? "").toLowerCase();
    if (host === own || isLoopbackHost(host)) return next();
    const first = req.path.split("/").find(Boolean) ?? "";
    const lang: Locale = isLocale(first)
      ? first
      : chooseLocale({ cookie: parseCookie(req.headers.cookie ?? "")[localeCookieName], acceptLanguage: req.get("accept-language") ?? null });
    const t = translator(lang, "errors");
    const title = t("localOnly.title");
    res
      .status(403)
      .setHeader("Cache-Control", "no-store")
      .type("html")
      .send(
        `<!doctype html><html lang="${lang}" data-static="true"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Mesa</title></head>` +
          `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(t("localOnly.body", { appUrl }))}</p></main></body></html>`,
      );
  };
}
