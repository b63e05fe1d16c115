import cluster, { type Worker } from "node:cluster";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { type Logger, pino } from "pino";
import { stopLive } from "../app/modules/live/hub.server";
import { closeDb } from "../db/client.server";
import { bootEnv } from "./boot-env";
import { prepareDatabase } from "./database";
import { closeGracefully } from "./graceful";
import { createApp } from "./http";
import { seedDemoIfEmpty } from "./seed/demo";

async function main() {
  const bootStarted = Date.now();
  let env = bootEnv();
  const logger = pino({ level: env.LOG_LEVEL, base: { service: "mesa" } });
  const log = (msg: string) => logger.info(msg);

  // A worker finds the database ready: the primary started it (when embedded) and migrated it once.
  const database = cluster.isWorker
    ? { url: env.DATABASE_URL!, stop: async () => {} }
    : await prepareDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, port: env.EMBEDDED_PG_PORT, log });
  process.env.DATABASE_URL = database.url;
  env = { ...env, DATABASE_URL: database.url };

  if (cluster.isPrimary && (env.SEED_DEMO ?? env.NODE_ENV !== "production")) {
    const seeded = await seedDemoIfEmpty(log);
    if (seeded) printDemoAccounts(seeded, env.APP_URL);
  }

  // Scheduled jobs run in one process only: this one when it is the primary or the only one (the
  // cluster's workers never start them), and in none when JOBS_IN_SERVER=false (`npm run worker`).
  // Imported on demand so a server without jobs does not load them.
  const jobs = cluster.isPrimary && env.JOBS_IN_SERVER ? await (await import("./jobs")).startJobs(database.url, logger) : null;

  const workers = env.WEB_CONCURRENCY === 0 ? os.availableParallelism() : env.WEB_CONCURRENCY;
  if (cluster.isPrimary && workers > 1) {
    await superviseWorkers(
      workers,
      async () => {
        await jobs?.stop();
        await closeDb();
        await database.stop();
      },
      logger,
    );
    return;
  }

  const buildPath = path.resolve("build/index.js");
  const build = (await import(pathToFileURL(buildPath).href)) as ServerBuild;
  let stopping = false;
  const app = createApp({ build, env, logger, draining: () => stopping });
  const server: Server = app.listen(env.PORT, env.HOST, () => {
    log(`Mesa is ready at ${env.APP_URL} (/es, /en, /pt) after ${Date.now() - bootStarted} ms`);
  });
  // Counts each socket's requests in flight, so closing answers every request already received.
  const closeServer = closeGracefully(server);

  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    const force = setTimeout(() => {
      logger.warn("shutdown took over 10 s after the drain delay; exiting");
      process.exit(1);
    }, env.DRAIN_DELAY_MS + 10_000);
    force.unref();
    if (env.DRAIN_DELAY_MS > 0) {
      // /healthz fails from now on while requests are still served; once the load balancer has
      // seen that and sends no more, closing the port cuts nothing (README "Several machines").
      log(`${signal} received: failing /healthz for ${env.DRAIN_DELAY_MS} ms before closing`);
      await new Promise((resolve) => setTimeout(resolve, env.DRAIN_DELAY_MS));
    }
    log(`${signal} received: finishing open requests`);
    // Stops accepting and closes idle keep-alive sockets now, the others once their answers are sent.
    const closed = closeServer();
    // Open event streams never finish by themselves: end them (browsers reconnect to another
    // process and resume from their Last-Event-ID) and stop listening.
    await stopLive();
    // The job runner lets a running job finish; both need the pool, which closes after them.
    await Promise.all([closed, jobs?.stop()]);
    await closeDb();
    await database.stop();
    log("stopped cleanly");
    process.exit(0);
  }
  // Our shutdown stops embedded PostgreSQL last, after the requests (see db/embedded.ts).
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

/**
 * One server process per worker, all listening on the same port (Node's cluster hands connections
 * round-robin). The primary owns the embedded database and the scheduled jobs: it restarts a worker
 * that dies, and on SIGINT/SIGTERM waits for every worker to finish its requests before stopping
 * the jobs and then PostgreSQL (`stopAll`).
 */
async function superviseWorkers(count: number, stopAll: () => Promise<unknown>, logger: Logger) {
  let stopping = false;
  const live = new Set<Worker>();
  const fork = () => {
    const worker = cluster.fork();
    live.add(worker);
    worker.once("exit", (code, signal) => {
      live.delete(worker);
      if (stopping) return;
      logger.error(`worker ${worker.process.pid} exited (${signal ?? code}); starting another`);
      fork();
    });
  };
  for (let i = 0; i < count; i += 1) fork();
  logger.info(`serving with ${count} worker processes`);

  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: stopping ${live.size} workers`);
    const exited = [...live].map((worker) => new Promise((resolve) => worker.once("exit", resolve)));
    // Ctrl-C already reached the workers (same process group); a SIGTERM to the primary alone is passed on.
    if (signal === "SIGTERM") for (const worker of live) worker.process.kill("SIGTERM");
    await Promise.all(exited);
    await stopAll();
    logger.info("stopped cleanly");
    process.exit(0);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

function printDemoAccounts(accounts: { email: string; password: string; role: string }[], appUrl: string) {
  const lines = accounts.map((a) => `  ${a.role.padEnd(7)} ${a.email.padEnd(28)} ${a.password}`);
  console.log(`\nDemo accounts (also in README.md) — sign in at ${appUrl}/es/login\n${lines.join("\n")}\n`);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
