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
