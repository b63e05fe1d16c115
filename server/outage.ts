import type { ActionFunction, LoaderFunction, ServerBuild } from "@remix-run/node";
import { parse as parseCookie } from "cookie";
import type { Request, RequestHandler, Response } from "express";
import { type Locale, localeCookieName } from "../app/modules/i18n/config";
import { translator } from "../app/modules/i18n/i18next.server";
import { chooseLocale, isLocale } from "../app/modules/i18n/rules";
import { outageBody } from "../app/web/outage";
import { databaseDownSince, isDatabaseUnreachable, RETRY_AFTER_SECONDS } from "../db/availability";
import { replaceBody } from "./replace-body";

/**
 * While PostgreSQL cannot be reached (db/availability.ts), people get a short "back in a moment"
 * page in their language and API clients `{ error }`, both 503 with Retry-After, instead of the
 * generic error. A request that arrives during the outage is answered at once (nothing behind it
 * could work); one whose 500 was caused by the outage starting is answered the same way.
 * /healthz keeps asking the database itself, for load balancers.
 *
 * A page's data request (`/es/sessions.data`: a client-side navigation or a form sent by fetch)
 * reads neither HTML nor `{ error }`: Remix answers it, and the route's loader or action throws the
 * outage's 503 (outageAwareBuild below), which the page's error boundary shows as the same
 * "back in a moment" in place, with a link to try again.
 */

export const OUTAGE_API_ERROR = "The service is unavailable for a moment; try again shortly";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function localeOf(req: Request): Locale {
  const first = req.path.split("/")[1] ?? "";
  const segment = first.endsWith(".data") ? first.slice(0, -".data".length) : first;
  if (isLocale(segment)) return segment;
  return chooseLocale({ cookie: parseCookie(req.headers.cookie ?? "")[localeCookieName], acceptLanguage: req.get("accept-language") ?? null });
}

const isApi = (req: Request) => req.path === "/api" || req.path.startsWith("/api/");

/** Remix's single-fetch data request for a page: its path with `.data` appended (`/_root.data` for `/`). */
const isPageData = (req: Request) => req.path.endsWith(".data") && !isApi(req);

/** The 503 itself; `send` is the response's own end (before any wrapper of ours). */
function outageAnswer(req: Request, res: Response): { type: string; body: string } {
  res.statusCode = 503;
  res.statusMessage = "Service Unavailable";
  res.locals.databaseDown = true;
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  res.setHeader("Cache-Control", "no-store");
  res.removeHeader("Content-Length");
  res.removeHeader("Content-Encoding");
  res.removeHeader("Location");
  if (isApi(req)) return { type: "application/json; charset=utf-8", body: JSON.stringify({ error: OUTAGE_API_ERROR }) };
  const lang = localeOf(req);
  const t = translator(lang, "errors");
  const title = t("unavailable.title");
  // A page asked for by GET comes back by itself; a form is never sent again without the person.
  const again = req.method === "GET" || req.method === "HEAD";
  const refresh = again ? `<meta http-equiv="refresh" content="${RETRY_AFTER_SECONDS * 2}">` : "";
  const retry = again
    ? `<p><a href="${escapeHtml(req.originalUrl)}">${escapeHtml(t("unavailable.retry"))}</a></p>`
    : `<p>${escapeHtml(t("unavailable.form"))}</p>`;
  return {
    type: "text/html; charset=utf-8",
    body:
      `<!doctype html><html lang="${lang}" data-static="true"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">${refresh}<title>${escapeHtml(title)} · Mesa</title></head>` +
      `<body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(t("unavailable.body"))}</p>${retry}</main></body></html>`,
  };
}

/** A page data request's 503 (its body made by Remix from what the route threw) gets the outage's headers. */
function markDataAnswer(res: Response) {
  res.locals.databaseDown = true;
  res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
  res.setHeader("Cache-Control", "no-store");
}

export function answerWhileDatabaseDown(): RequestHandler {
  return (req, res, next) => {
    if (req.path === "/healthz") return next();
    if (isPageData(req)) {
      replaceBody(res, () => {
        if (!res.headersSent && res.statusCode === 503 && databaseDownSince() !== null) markDataAnswer(res);
        return null;
      });
      return next();
    }
    if (databaseDownSince() !== null) {
      const { type, body } = outageAnswer(req, res);
      res.type(type).end(req.method === "HEAD" ? undefined : body);
      return;
    }
    // The outage may begin while this request runs: its 500 becomes the 503 above.
    replaceBody(res, () => {
      if (res.headersSent || res.statusCode < 500 || databaseDownSince() === null) return null;
      const { type, body } = outageAnswer(req, res);
      res.setHeader("Content-Type", type);
      return { body: req.method === "HEAD" ? undefined : body };
    });
    next();
  };
}

/**
 * The build with every page loader and action answering the outage: while the database is away
 * they throw a 503 at once (nothing behind them could work), and one that fails because it went
 * away meanwhile throws the same instead of its error. Resource routes (the JSON API) are left
 * alone: the middleware above answers them.
 */
export function outageAwareBuild(build: ServerBuild): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const page = route.module.default !== undefined;
      if (!page || (!route.module.loader && !route.module.action)) return [id, route];
      const module = { ...route.module };
      if (route.module.loader) module.loader = answeringOutage(route.module.loader);
      if (route.module.action) module.action = answeringOutage(route.module.action);
      return [id, { ...route, module }];
    }),
  );
  return { ...build, routes };
}

function answeringOutage<F extends LoaderFunction | ActionFunction>(handler: F): F {
  const wrapped = async (args: Parameters<F>[0]) => {
    const submitted = args.request.method !== "GET" && args.request.method !== "HEAD";
    if (databaseDownSince() !== null) throw outageThrown(submitted);
    try {
      return await handler(args);
    } catch (error) {
      if (error instanceof globalThis.Response) throw error;
      if (isDatabaseUnreachable(error) || databaseDownSince() !== null) throw outageThrown(submitted);
      throw error;
    }
  };
  return wrapped as F;
}

function outageThrown(submitted: boolean) {
  return globalThis.Response.json(outageBody(RETRY_AFTER_SECONDS, submitted), { status: 503, headers: { "Retry-After": String(RETRY_AFTER_SECONDS) } });
}
