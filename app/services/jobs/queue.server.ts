import { Logger, parseCronItems, quickAddJob, run, type Runner, type TaskList } from "graphile-worker";
import pg from "pg";

/**
 * The job queue: graphile-worker on the app's own PostgreSQL (docs/decisions/023-job-queue-on-postgresql.md).
 * Jobs are rows in its `graphile_worker` schema, so they survive a restart. Each job name has a
 * job key, so a tick that finds the previous one still waiting does not add a second. The
 * schedules are registered as cron items: graphile-worker records each tick it has queued, so many
 * runners queue each tick once. That one run of a job never overlaps another is the job runner's
 * advisory lock (app/modules/jobs), not a named queue here: graphile-worker frees the queue of a
 * process that died only after four hours, and the job would stop running until then.
 */

export type JobLog = (level: "error" | "warn" | "info" | "debug", message: string, meta?: Record<string, unknown>) => void;

export type JobQueueOptions = {
  connectionString: string;
  /** Job name → what it does (payloads are not used: each job looks at the data). */
  tasks: Record<string, () => Promise<void>>;
  /** Job name → cron pattern (UTC). */
  schedules: Record<string, string>;
  log: JobLog;
  /** Jobs of different names running at once in this process. */
  concurrency?: number;
  /** How often to look for jobs due later (new jobs arrive at once by LISTEN/NOTIFY). */
  pollInterval?: number;
};

export type JobQueue = {
  /** Queues a job to run now (deduplicated by its key while one waits). */
  enqueue(name: string): Promise<void>;
  /** Stops taking jobs, waits for those running, and closes the queue's connections. */
  stop(): Promise<void>;
};

/**
 * Ticks missed while no runner was up (a worker killed and started again, a deploy) that are this
 * recent are queued when a runner starts. graphile-worker records each tick it has queued
 * (known_crontabs), so a tick is queued once however many runners start; older ticks are left to
 * the next one, which does the same work.
 */
export const BACKFILL_MS = 2 * 60_000;

/** Same queue and key for a job however it was queued. */
const specFor = (name: string) => ({ jobKey: `mesa:${name}`, jobKeyMode: "preserve_run_at" as const, maxAttempts: 1 });

export async function startJobQueue(options: JobQueueOptions): Promise<JobQueue> {
  const taskList: TaskList = {};
  for (const [name, task] of Object.entries(options.tasks)) taskList[name] = () => task();
  const cron = parseCronItems(
    Object.entries(options.schedules).map(([name, match]) => ({
      task: name,
      match,
      identifier: name,
      options: { backfillPeriod: BACKFILL_MS, ...specFor(name) },
    })),
  );
  const logger = new Logger((scope) => (level, message, meta) => options.log(level === "warning" ? "warn" : level, message, { ...scope, ...meta }));
  // The queue's own pool, which this module ends: graphile-worker's stop() ends a pool it made without
  // waiting and after dropping its error listener, so a database closing right after (the embedded
  // one on shutdown) killed the process with an unhandled "terminating connection" error.
  // One connection listens for new jobs, the others run them.
  const pool = new pg.Pool({ connectionString: options.connectionString, max: (options.concurrency ?? 2) + 2 });
  pool.on("error", (error) => options.log("warn", "job queue connection lost", { error: error.message }));
  const runner: Runner = await startRunner(pool, () =>
    run({
      pgPool: pool,
      concurrency: options.concurrency ?? 2,
      pollInterval: options.pollInterval ?? 2000,
      noHandleSignals: true, // the server's own shutdown stops the queue before it closes the database
      taskList,
      parsedCronItems: cron,
      logger,
    }),
  );
  return {
    enqueue: async (name) => {
      await runner.addJob(name, {}, specFor(name));
    },
    stop: async () => {
      await runner.stop();
      await pool.end();
    },
  };
}

/** The runner, or its pool ended when it fails to start (a database not there yet), so nothing is left open. */
async function startRunner(pool: pg.Pool, start: () => Promise<Runner>): Promise<Runner> {
  try {
    return await start();
  } catch (error) {
    await pool.end();
    throw error;
  }
}

/** Queues a job from a process that runs no queue (a CLI, a test): it waits in the database for a runner. */
export async function enqueueJob(connectionString: string, name: string) {
  await quickAddJob({ connectionString }, name, {}, specFor(name));
}
