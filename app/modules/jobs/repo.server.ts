import { sql } from "kysely";
import type { Database } from "#db/client.server";

/** A run begins: its row has no outcome until it ends, so a run that died half-way stays visible. */
export async function insertRunStart(db: Database, name: string, startedAt: Date) {
  const row = await db.insertInto("job_runs").values({ name, started_at: startedAt }).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export async function finishRun(db: Database, id: number, run: { finishedAt: Date; outcome: "ok" | "failed"; items: number; error: string | null }) {
  await db
    .updateTable("job_runs")
    .set({ finished_at: run.finishedAt, outcome: run.outcome, items: run.items, error: run.error })
    .where("id", "=", id)
    .execute();
}

/** The newest runs of one job, newest first (tests, and whoever checks on the jobs). */
export function recentRuns(db: Database, name: string, limit = 20) {
  return db
    .selectFrom("job_runs")
    .select(["id", "name", "started_at", "finished_at", "outcome", "items", "error"])
    .where("name", "=", name)
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** The job's newest run, if any (what a "Run now" is weighed against, under the job's lock). */
export function latestRunOf(db: Database, name: string) {
  return db
    .selectFrom("job_runs")
    .select(["started_at", "finished_at"])
    .where("name", "=", name)
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/**
 * Runs `work` while holding the job's advisory lock, or not at all when another run (in any
 * process) holds it. The lock is a session lock on one reserved connection, so a process that dies
 * mid-run releases it with its connection, and the next tick runs as usual.
 */
export async function withJobLock<T>(db: Database, name: string, work: () => Promise<T>): Promise<{ ran: true; value: T } | { ran: false }> {
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_lock(hashtext('mesa:jobs'), hashtext(${name})) as locked`.execute(conn);
    if (!rows[0]?.locked) return { ran: false };
    try {
      return { ran: true, value: await work() };
    } finally {
      await sql`select pg_advisory_unlock(hashtext('mesa:jobs'), hashtext(${name}))`.execute(conn);
    }
  });
}

/** Forgets the runs that started before `before`; returns how many. */
export async function pruneRuns(db: Database, before: Date) {
  const result = await db.deleteFrom("job_runs").where("started_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

type RunRow = { name: string; started_at: Date; finished_at: Date | null; outcome: string | null; items: number; error: string | null };

/**
 * Each named job's newest run, or its newest failed one: one index probe per job through
 * (name, started_at desc) — the failed ones through their own partial index — instead of a pass
 * over every run kept (a minute's job keeps tens of thousands of rows between prunings).
 */
async function newestPerJob(db: Database, names: readonly string[], failedOnly: boolean) {
  const { rows } = await sql<RunRow>`select r.name, r.started_at, r.finished_at, r.outcome, r.items, r.error
      from unnest(${[...names]}::text[]) as j(name)
      cross join lateral (
        select * from job_runs
         where job_runs.name = j.name ${failedOnly ? sql`and job_runs.outcome = 'failed'` : sql``}
         order by job_runs.started_at desc, job_runs.id desc
         limit 1
      ) r`.execute(db);
  return rows;
}

/** Each job's newest run (jobs that never ran have no row), for the jobs desk. */
export const latestRuns = (db: Database, names: readonly string[]) => newestPerJob(db, names, false);

/** Each job's newest failed run, for the jobs desk. */
export const latestFailures = (db: Database, names: readonly string[]) => newestPerJob(db, names, true);
