import { randomBytes } from "node:crypto";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express, { type NextFunction, type Request, type Response } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { Env } from "../app/env.server";
import { openRequestScope, REQUEST_SCOPE_HEADER } from "../app/lib/request-scope.server";
import { isCrossSiteWrite } from "../app/modules/auth/rules";
import { localeCookieName } from "../app/modules/i18n/config";
import { isLocale } from "../app/modules/i18n/rules";
import { storageChoice, storageOrigin } from "../app/services/storage/choose.server";
import { STORAGE_CACHE_CONTROL } from "../app/services/storage/storage";
import { databaseDownSince, setAvailabilityLog } from "../db/availability";
import { watchConnection } from "./connection";
import { compressResponses, publicFiles } from "./delivery";
import { devPagesOnlyAtOwnHost } from "./local-pages";
import { redactUrl } from "./log-redaction";
import { answerWhileDatabaseDown, outageAwareBuild } from "./outage";
import { hideApiErrorDetails, noStoreWhenSignedIn, refuseOriginMismatch, requestGuards } from "./request-guards";
import { securityHeaders } from "./security-headers";
import { serviceWorkerScript } from "./service-worker";

/** A 503 the outage answered (server/outage.ts): not a failure of this request. */
const answeredForOutage = (res: { statusCode: number }) =>
  res.statusCode === 503 && (Boolean((res as unknown as Response).locals?.databaseDown) || databaseDownSince() !== null);

export function createApp(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  env: Env;
  logger: Logger;
  /** True once the process is stopping: /healthz then fails so a load balancer stops sending before the port closes. */
  draining?: () => boolean;
}) {
  const { env, logger } = options;
  // Page loaders and actions answer a database outage with a 503 their error boundary shows (server/outage.ts).
  const wrapped = new WeakMap<ServerBuild, ServerBuild>();
  const aware = (build: ServerBuild) => wrapped.get(build) ?? wrapped.set(build, outageAwareBuild(build)).get(build)!;
  const source = options.build;
  const build = typeof source === "function" ? async () => aware(await source()) : aware(source);
  const production = env.NODE_ENV === "production";
  const storage = storageChoice(env);
  setAvailabilityLog(logger.child({ component: "database" }));
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.TRUST_PROXY);

  // Before everything else: a stopping process says so to the load balancer's health check while
  // it still answers every other request, so no request is sent to it after it closes (DRAIN_DELAY_MS).
  app.get("/healthz", (_req, res, next) => {
    if (!options.draining?.()) return next();
    res.status(503).set({ "Cache-Control": "no-store", "Retry-After": "5" }).json({ status: "draining" });
  });

  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const id = randomBytes(8).toString("hex");
        res.setHeader("X-Request-Id", id);
        return id;
      },
      serializers: {
        req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: redactUrl(req.url) }),
        res: (res: { statusCode: number }) => ({ status: res.statusCode }),
      },
      // A database outage is one error line (db/availability.ts), not one per request answered 503 meanwhile.
      customLogLevel: (_req, res, error) =>
        answeredForOutage(res) ? "info" : error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
      customErrorObject: (_req, res, _error, fields: Record<string, unknown>) => {
        if (!answeredForOutage(res)) return fields;
        const { err: _err, ...rest } = fields;
        return { ...rest, database: "unreachable" };
      },
      autoLogging: { ignore: (req) => req.url?.startsWith("/build/") === true },
    }),
  );

  app.use((req, res, next) => {
    // The app reads the client address from this header; never trust one sent by the client.
    req.headers["x-client-ip"] = req.ip ?? req.socket.remoteAddress ?? "unknown";
    res.locals.cspNonce = randomBytes(16).toString("base64");
    next();
  });

  app.use(
    securityHeaders({
      contentSecurityPolicy: {
        useDefaults: true,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce as string}'`, "'strict-dynamic'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // blob: for the preview of a picked image; the storage origin when it is plain http (a local S3 service).
          imgSrc: Array.from(new Set(["'self'", "data:", "blob:", "https:", storageOrigin(storage)])),
          // Stripe's Payment Element (loaded only when the card dialog opens) talks to its API from frames of its own.
          connectSrc: production ? ["'self'", "https://api.stripe.com"] : ["'self'", "ws:", "https://api.stripe.com"],
          frameSrc: ["'self'", "https://js.stripe.com", "https://hooks.stripe.com"],
          // Google sign-in answers our form post with a redirect to Google; 'Pay by card' with one to Stripe
          // Checkout; 'Set up payouts' with one to Stripe's hosted onboarding.
          formAction: ["'self'", "https://accounts.google.com", "https://checkout.stripe.com", "https://connect.stripe.com"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: production ? [] : null,
        },
      },
      strictTransportSecurity: production ? { maxAge: 31536000, includeSubDomains: true } : false,
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // Headers for Internet Explorer 8 (X-Download-Options) and Flash or Acrobat
      // (X-Permitted-Cross-Domain-Policies) protect no browser our players use, and switching DNS
      // prefetching off only slows the links out: 95 bytes of every page's first round trip.
      xDownloadOptions: false,
      xPermittedCrossDomainPolicies: false,
      xDnsPrefetchControl: false,
    }),
  );
  app.use(compressResponses());

  app.use("/build", express.static("public/build", { immutable: true, maxAge: "1y" }));
  app.use("/locales", express.static("public/locales", { maxAge: "1h" }));
  app.get("/sw.js", serviceWorkerScript());
  app.use(publicFiles("public"));
  if (storage.kind === "disk") {
    // Uploaded images (the local storage adapter); names never change, so an hour of caching is safe.
    app.use(
      "/uploads",
      express.static(storage.dir, {
        index: false,
        dotfiles: "deny",
        redirect: false,
        setHeaders: (res) => res.setHeader("Cache-Control", STORAGE_CACHE_CONTROL),
      }),
      (_req: Request, res: Response) => res.status(404).type("text/plain").send("Not found"),
    );
  }

  const allowedOrigins = new Set([new URL(env.APP_URL).origin]);
  app.use((req: Request, res: Response, next: NextFunction) => {
    const origin = req.get("origin") ?? null;
    const host = req.get("host");
    const own = host ? [`${req.protocol}://${host}`, ...allowedOrigins] : [...allowedOrigins];
    const crossSite = isCrossSiteWrite({
      method: req.method,
      origin,
      secFetchSite: req.get("sec-fetch-site") ?? null,
      allowedOrigins: own,
      bearerWithoutCookie: Boolean(req.get("authorization")) && !req.get("cookie"),
    });
    if (crossSite) {
      res.status(403).type("text/plain").send("Cross-site request refused");
      return;
    }
    next();
  });

  // Before the guards and hideApiErrorDetails, whose 500 it turns into a 503 when the database is away.
  app.use(answerWhileDatabaseDown());
  app.use(devPagesOnlyAtOwnHost(env.APP_URL));
  app.use(refuseOriginMismatch(), requestGuards(), noStoreWhenSignedIn(), hideApiErrorDetails());

  // Remember the language of the last page viewed, for "/" and for emails sent later.
  app.use((req, res, next) => {
    const first = req.path.split("/")[1];
    if (req.method === "GET" && isLocale(first) && !req.headers.cookie?.includes(`${localeCookieName}=${first}`)) {
      res.append("Set-Cookie", `${localeCookieName}=${first}; Path=/; Max-Age=31536000; SameSite=Lax${production ? "; Secure" : ""}`);
    }
    next();
  });

  // Lookups the root and route loaders share (who is asking) run once per request.
  // The request's one clock reading is made here: the load context's `now` and the scope's are the same instant.
  app.use((req, res, next) => {
    const now = new Date();
    const scope = openRequestScope(now);
    req.headers[REQUEST_SCOPE_HEADER] = scope.id;
    res.locals.now = now;
    res.once("close", scope.close);
    next();
  });
  app.all(
    "*",
    createRequestHandler({
      build,
      // React's build (NODE_ENV), not the deployment: `npm start` is a local deployment on React's production build.
      mode: process.env.NODE_ENV === "production" ? "production" : "development",
      // Loaders and actions get the request's instant through deps(context).
      // The connection is watched only when a loader asks (an event stream), not on every request.
      getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce as string, now: res.locals.now as Date, connection: () => watchConnection(res) }),
    }),
  );
  return app;
}
