import { sql } from "kysely";

/**
 * Who counts when reporting and reviewing (docs/decisions/069-who-counts-when-reporting-and-reviewing.md).
 *
 * - `reviews.revision` starts at 1 and goes up each time the author changes the stars or the
 *   comment: a report is about one revision of a review.
 * - `reports.target_revision` is the revision reported (profiles keep 1). "Once per reporter" is
 *   now once per reporter and revision, so the people who reported a review before an admin
 *   approved it may report it again once its author has rewritten it.
 * - `reports.counts` says whether the report counts toward holding the review back, decided when
 *   it is filed (under the review's row lock): not the reviewed person's, and only from a verified
 *   account at least 14 days old. Reports of profiles never hold anything and do not count.
 *   Open reports filed before this change are judged by the same rule here.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table reviews add column revision integer not null default 1 check (revision >= 1)`.execute(db);
  await sql`alter table reports add column target_revision integer not null default 1`.execute(db);
  await sql`alter table reports add column counts boolean not null default false`.execute(db);
  await sql`update reports r set counts = true
              from reviews v, users u
             where r.target_kind = 'review' and v.id = r.target_id and u.id = r.reporter_id
               and r.reporter_id <> v.target_id
               and u.email_verified_at is not null
               and u.created_at <= r.created_at - interval '14 days'`.execute(db);
  await sql`drop index reports_once_idx`.execute(db);
  await sql`create unique index reports_once_idx on reports (reporter_id, target_kind, target_id, target_revision)`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop index reports_once_idx`.execute(db);
  // Keep one report per reporter and target (the first) so the old index can hold again.
  await sql`delete from reports r using reports o
             where o.reporter_id = r.reporter_id and o.target_kind = r.target_kind and o.target_id = r.target_id
               and (o.created_at, o.id) < (r.created_at, r.id)`.execute(db);
  await sql`create unique index reports_once_idx on reports (reporter_id, target_kind, target_id)`.execute(db);
  await sql`alter table reports drop column counts`.execute(db);
  await sql`alter table reports drop column target_revision`.execute(db);
  await sql`alter table reviews drop column revision`.execute(db);
}
