// The minimal app's server: Express and Remix's request handler, one process per worker as the
// product's server runs them (WEB_CONCURRENCY), nothing else (no compression, headers or logging).
import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import express from "express";

const workers = Number(process.env.WEB_CONCURRENCY ?? 1);
if (cluster.isPrimary && workers > 1) {
  for (let i = 0; i < workers; i += 1) cluster.fork();
} else {
  const build = (await import(pathToFileURL(path.resolve(import.meta.dirname, "build/index.js")).href)) as ServerBuild;
  const app = express();
  app.disable("x-powered-by");
  app.get("/healthz", (_req, res) => void res.send("ok"));
  app.all("*", createRequestHandler({ build, mode: "production" }));
  app.listen(Number(process.env.PORT), "127.0.0.1");
}
