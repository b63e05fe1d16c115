import { sql } from "kysely";

/**
 * Scheduled jobs (docs/decisions/023-job-queue-on-postgresql.md, 024-session-status-rules.md).
 *
 * job_runs: one row per run of a scheduled job, written when it starts and completed when it
 * ends, so a run that died half-way is visible as one without an outcome.
 *
 * session_notices: a notice about a session that goes out once per person and kind (the day-before
 * reminder, the starting-soon notice, the host's missing-players warning). The primary key is the
 * "sent" marker: a job claims a notice by inserting its row, so two runs at the same moment cannot
 * both send it (the second insert waits for the first transaction and then finds the row).
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .createTable("job_runs")
    .addColumn("id", "bigserial", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("started_at", "timestamptz", (c) => c.notNull())
    .addColumn("finished_at", "timestamptz")
    // null while the run is under way
    .addColumn("outcome", "text", (c) => c.check(sql`outcome in ('ok','failed')`))
    .addColumn("items", "integer", (c) => c.notNull().defaultTo(0).check(sql`items >= 0`))
    .addColumn("error", "text")
    .addCheckConstraint("job_runs_finished_check", sql`(finished_at is null) = (outcome is null) and (finished_at is null or finished_at >= started_at)`)
    .execute();
  await sql`create index job_runs_name_started_idx on job_runs (name, started_at desc)`.execute(db);

  await db.schema
    .createTable("session_notices")
    .addColumn("session_id", "uuid", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('session_reminder','session_starting','players_missing')`))
    .addColumn("sent_at", "timestamptz", (c) => c.notNull())
    .addPrimaryKeyConstraint("session_notices_pkey", ["session_id", "user_id", "kind"])
    .execute();
  // The pre-session check looks for UPCOMING sessions whose check time has come.
  await sql`create index sessions_upcoming_starts_at_idx on sessions (starts_at) where status in ('UPCOMING','CONFIRMED','ACTIVE','IN_PROGRESS')`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop index if exists sessions_upcoming_starts_at_idx`.execute(db);
  await db.schema.dropTable("session_notices").execute();
  await db.schema.dropTable("job_runs").execute();
}
