import { sql } from "kysely";

/**
 * Reports and the admin desk's audit log (docs/decisions/063-admin-desk.md).
 *
 * - A report names a review or a profile. `target_user_id` is always the person it is about (the
 *   review's author, or the profile's owner), so a ban from the queue knows whom to ban and
 *   reporting oneself is refused by a check, not only by the use case.
 * - One report per reporter and target: the unique index decides a double submit, whatever the
 *   timing of the two requests.
 * - `status` OPEN until an admin acts; the queue reads the open ones through a partial index.
 * - The audit log is append-only: who (actor), when, what (action), on what (target), why (reason).
 *   The actor is kept if their account is deleted (set null), so the record outlives them.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await db.schema
    .createTable("reports")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("reporter_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("target_kind", "text", (c) => c.notNull().check(sql`target_kind in ('review','profile')`))
    .addColumn("target_id", "uuid", (c) => c.notNull())
    .addColumn("target_user_id", "uuid", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull().check(sql`reason in ('SPAM','INAPPROPRIATE','FAKE','HARASSMENT','OTHER')`))
    .addColumn("details", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(details) <= 1000`))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("OPEN").check(sql`status in ('OPEN','DISMISSED','ACTIONED')`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("resolved_at", "timestamptz")
    .addColumn("resolved_by", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addCheckConstraint("reports_not_self_check", sql`reporter_id <> target_user_id`)
    .execute();
  await sql`create unique index reports_once_idx on reports (reporter_id, target_kind, target_id)`.execute(db);
  await sql`create index reports_open_idx on reports (target_kind, target_id, created_at) where status = 'OPEN'`.execute(db);

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("actor_id", "uuid", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target_kind", "text", (c) => c.notNull())
    .addColumn("target_id", "uuid", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull().defaultTo("").check(sql`char_length(reason) <= 1000`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index audit_log_created_idx on audit_log (created_at desc, id desc)`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await db.schema.dropTable("audit_log").execute();
  await db.schema.dropTable("reports").execute();
}
