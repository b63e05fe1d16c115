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

const runColumns = ["name", "started_at", "finished_at", "outcome", "items", "error"] as const;

/** Each job's newest run (one row per job name that ever ran), for the jobs desk. */
export function latestRuns(db: Database) {
  return db.selectFrom("job_runs").select(runColumns).distinctOn("name").orderBy("name").orderBy("started_at", "desc").orderBy("id", "desc").execute();
}

/** Each job's newest failed run, for the jobs desk. */
export function latestFailures(db: Database) {
  return db
    .selectFrom("job_runs")
    .select(runColumns)
    .where("outcome", "=", "failed")
    .distinctOn("name")
    .orderBy("name")
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .execute();
}
