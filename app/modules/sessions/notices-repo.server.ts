import { type RawBuilder, sql } from "kysely";
import type { Database } from "#db/client.server";

export type NoticeKind =
  "session_reminder" | "session_starting" | "players_missing" | "payment_due_7d" | "payment_due_3d" | "payment_due_1d" | "review_requested";

/**
 * The person in `userColumn` has had no `kind` notice of the session in `sessionColumn` yet: the
 * condition every due-notice query ends with (claimNotice writes the marker it looks for).
 */
export const notToldYet = (sessionColumn: string, userColumn: string, kind: NoticeKind | RawBuilder<string>) =>
  sql<boolean>`not exists (select 1 from session_notices n
    where n.session_id = ${sql.ref(sessionColumn)} and n.user_id = ${sql.ref(userColumn)} and n.kind = ${kind})`;

/**
 * Players with a confirmed seat in a session that starts in [from, to), still going ahead
 * (UPCOMING or CONFIRMED), who have not had this notice yet. A read without locks: the claim
 * below decides who really gets it. Pending payments are left out: an unpaid seat is the payment
 * reminders' business.
 */
export function dueNotices(db: Database, kind: NoticeKind, from: Date, to: Date, limit = 500) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .innerJoin("users as u", "u.id", "b.user_id")
    .select([
      "s.id as session_id",
      "s.title",
      "s.starts_at",
      "s.time_zone",
      "s.location",
      "u.id as user_id",
      "u.email",
      "u.display_name",
      "u.preferred_language",
      "u.time_zone as user_time_zone",
    ])
    .where("b.status", "=", "CONFIRMED")
    .where("s.status", "in", ["UPCOMING", "CONFIRMED"])
    .where("s.starts_at", ">=", from)
    .where("s.starts_at", "<", to)
    .where("u.banned_at", "is", null)
    .where(notToldYet("s.id", "u.id", kind))
    .orderBy("s.starts_at")
    .limit(limit)
    .execute();
}

/**
 * Claims a notice for one person: true when this call inserted the marker. Inside a transaction a
 * concurrent claim of the same notice waits on the primary key until this one commits (then it
 * gets false) or rolls back (then it may claim it itself).
 */
export async function claimNotice(db: Database, sessionId: string, userId: string, kind: NoticeKind, now: Date) {
  const row = await db
    .insertInto("session_notices")
    .values({ session_id: sessionId, user_id: userId, kind, sent_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning("session_id")
    .executeTakeFirst();
  return Boolean(row);
}
