import path from "node:path";
import type { RequestHandler } from "express";

/**
 * The service worker's script at /sw.js (built by server/build-islands.ts), from the site's root
 * so its scope is every page. `no-cache`: the browser asks every time whether it changed, so a
 * new worker reaches players at their next visit (decision record 094).
 */
export function serviceWorkerScript(file = "build/sw.js"): RequestHandler {
  const absolute = path.resolve(file);
  return (_req, res, next) => {
    res.setHeader("Cache-Control", "no-cache");
    res.sendFile(absolute, { cacheControl: false, headers: { "Content-Type": "text/javascript; charset=utf-8" } }, (error) => {
      if (error && !res.headersSent) next();
    });
  };
}
