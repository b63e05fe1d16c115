import { pino } from "pino";
import { closeDb } from "../db/client.server";
import { migrateToLatest } from "../db/migrate";
import { bootEnv } from "./boot-env";
import { startJobs } from "./jobs";

/**
 * `npm run worker`: the scheduled jobs in a process of their own, for servers started with
 * JOBS_IN_SERVER=false (say, several servers behind a load balancer and one or more of these).
 * It uses DATABASE_URL, or the embedded database a local `npm start` is running.
 */
async function main() {
  const env = bootEnv();
  const logger = pino({ level: env.LOG_LEVEL, base: { service: "mesa-worker" } });
  const url = env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${env.EMBEDDED_PG_PORT}/mesa`;
  process.env.DATABASE_URL = url;
  // Safe beside a server doing the same: the migrator takes a lock and applies only what is pending.
  await migrateToLatest(url);
  const jobs = await startJobs(url, logger);

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} received: letting running jobs finish`);
    await jobs.stop();
    await closeDb();
    logger.info("stopped cleanly");
    process.exit(0);
  }
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
