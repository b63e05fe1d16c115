import type { Logger } from "pino";
import { deps } from "../app/modules/deps.server";
import { runJob } from "../app/modules/jobs/jobs.server";
import { JOB_NAMES, JOB_SCHEDULES } from "../app/modules/jobs/rules";
import { type JobQueue, startJobQueue } from "../app/services/jobs/queue.server";

/**
 * Starts the scheduled jobs in this process: the server's primary (or only) process by default,
 * or `npm run worker` when JOBS_IN_SERVER=false. Each run reads the clock once (deps().now),
 * is recorded in job_runs by runJob and logged as one JSON line.
 */
export async function startJobs(databaseUrl: string, logger: Logger): Promise<JobQueue> {
  const log = logger.child({ component: "jobs" });
  const tasks = Object.fromEntries(
    JOB_NAMES.map((name) => [
      name,
      async () => {
        try {
          const run = await runJob(deps(), name);
          log.info({ job: name, outcome: run.outcome, items: run.items, ms: run.ms }, run.outcome === "skipped" ? "job skipped: already running" : "job run");
        } catch (error) {
          log.error({ job: name, outcome: "failed", err: error }, "job run failed");
          throw error;
        }
      },
    ]),
  );
  const queue = await startJobQueue({
    connectionString: databaseUrl,
    tasks,
    schedules: JOB_SCHEDULES,
    // Its own per-job lines repeat ours ("job run" above) at length: those go to debug.
    log: (level, message, meta) => log[level === "info" ? "debug" : level]({ ...meta, source: "graphile-worker" }, message),
  });
  log.info({ jobs: JOB_NAMES }, "job runner started");
  return queue;
}
