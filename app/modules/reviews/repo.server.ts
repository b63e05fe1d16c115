import { sql } from "kysely";
import { inTransaction } from "#app/lib/transaction.server";
import { notToldYet } from "#app/modules/sessions/index.server";
import type { Database } from "#db/client.server";
import { preparedQuery } from "#db/prepared";
import type { ReviewRole } from "./rules";

/** A published review: approved by moderation (the default), neither hidden nor deleted. */
const published = sql<boolean>`r.status = 'APPROVED' and r.hidden_at is null and r.deleted_at is null`;

const hadSeat = (sessionId: string, userId: string) =>
  sql<boolean>`exists (select 1 from bookings b where b.session_id = ${sessionId} and b.user_id = ${userId} and b.status = 'CONFIRMED')`;

/** What the review rule reads: the session, whether author and target held a confirmed seat in it, and whether the author's email is verified. */
export async function reviewFacts(db: Database, sessionId: string, authorId: string, targetId: string) {
  const row = await db
    .selectFrom("sessions as s")
    .select([
      "s.status",
      "s.starts_at",
      "s.duration_minutes",
      "s.dm_id",
      hadSeat(sessionId, authorId).as("author_had_seat"),
      hadSeat(sessionId, targetId).as("target_had_seat"),
      sql<boolean>`exists (select 1 from users u where u.id = ${authorId} and u.email_verified_at is not null)`.as("author_verified"),
    ])
    .where("s.id", "=", sessionId)
    .executeTakeFirst();
  return row ?? null;
}

export type InsertReviewResult = { id: string } | { refused: "alreadyReviewed" | "reviewRemoved" };

/**
 * Writes a review unless the author already wrote one for that session and target (decision
 * records 055 and 069). A review an admin deleted still answers for its pair: the author may not
 * post another. The pair's rows are locked first, so a post that meets an admin's delete of the
 * same pair waits for it and then sees it; two first posts at once are decided by the partial
 * unique index (of two inserts one writes, the other does nothing).
 */
export function insertReview(
  db: Database,
  input: { sessionId: string; authorId: string; targetId: string; targetRole: ReviewRole; rating: number; comment: string; now: Date },
): Promise<InsertReviewResult> {
  return inTransaction(db, async (trx) => {
    const earlier = await trx
      .selectFrom("reviews")
      .select("deleted_at")
      .where("author_id", "=", input.authorId)
      .where("session_id", "=", input.sessionId)
      .where("target_id", "=", input.targetId)
      .forUpdate()
      .execute();
    if (earlier.some((r) => r.deleted_at !== null)) return { refused: "reviewRemoved" as const };
    if (earlier.length > 0) return { refused: "alreadyReviewed" as const };
    const row = await trx
      .insertInto("reviews")
      .values({
        session_id: input.sessionId,
        author_id: input.authorId,
        target_id: input.targetId,
        target_role: input.targetRole,
        rating: input.rating,
        comment: input.comment,
        created_at: input.now,
        updated_at: input.now,
      })
      .onConflict((oc) => oc.columns(["author_id", "session_id", "target_id"]).where("deleted_at", "is", null).doNothing())
      .returning("id")
      .executeTakeFirst();
    return row ? { id: row.id } : { refused: "alreadyReviewed" as const };
  });
}

export function findReview(db: Database, id: string) {
  return db.selectFrom("reviews").selectAll().where("id", "=", id).where("deleted_at", "is", null).executeTakeFirst();
}

/**
 * Changes the author's own review while it was written after `editableSince`; returns whether it
 * did. Changed stars or words make a new revision, which its earlier reporters may report again
 * (decision record 069); saving the same review again does not.
 */
export async function updateReview(db: Database, input: { id: string; authorId: string; rating: number; comment: string; editableSince: Date; now: Date }) {
  const result = await db
    .updateTable("reviews")
    .set({
      rating: input.rating,
      comment: input.comment,
      updated_at: input.now,
      revision: sql<number>`revision + case when (rating, comment) is distinct from (${input.rating}::smallint, ${input.comment}::text) then 1 else 0 end`,
    })
    .where("id", "=", input.id)
    .where("author_id", "=", input.authorId)
    .where("deleted_at", "is", null)
    .where("created_at", ">=", input.editableSince)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The reviewed person's one answer: written only while there is none. Returns whether it was. */
export async function writeReply(db: Database, input: { id: string; targetId: string; reply: string; now: Date }) {
  const result = await db
    .updateTable("reviews")
    .set({ reply: input.reply, replied_at: input.now, updated_at: input.now })
    .where("id", "=", input.id)
    .where("target_id", "=", input.targetId)
    .where("reply", "is", null)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * The people the author reviewed in a session (their review ids by target), for the 'already
 * reviewed' state; a review an admin deleted is listed with `deleted_at`, as it still takes its
 * pair's place (decision record 069).
 */
export async function reviewsBy(db: Database, sessionId: string, authorId: string) {
  return db
    .selectFrom("reviews")
    .select(["id", "target_id", "rating", "comment", "created_at", "deleted_at"])
    .where("session_id", "=", sessionId)
    .where("author_id", "=", authorId)
    .execute();
}

/** A person's published reviews as `role`, newest first, with their authors and sessions. */
export function publishedReviewsOf(db: Database, targetId: string, opts: { limit: number; offset: number }) {
  return db
    .selectFrom("reviews as r")
    .innerJoin("users as a", "a.id", "r.author_id")
    .innerJoin("sessions as s", "s.id", "r.session_id")
    .select([
      "r.id",
      "r.rating",
      "r.comment",
      "r.reply",
      "r.replied_at",
      "r.created_at",
      "r.target_role",
      "a.id as author_id",
      "a.display_name as author_name",
      "a.email as author_email",
      "s.id as session_id",
      "s.title as session_title",
    ])
    .where("r.target_id", "=", targetId)
    .where(published)
    .orderBy("r.created_at", "desc")
    .orderBy("r.id", "desc")
    .limit(opts.limit)
    .offset(opts.offset)
    .execute();
}

export async function countPublishedReviewsOf(db: Database, targetId: string) {
  const row = await db
    .selectFrom("reviews as r")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("r.target_id", "=", targetId)
    .where(published)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A person's rating aggregates by role (kept by the reviews trigger, never averaged on view). */
export function ratingsOf(db: Database, userIds: string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return ratingsQuery(db, { userIds });
}

// The ids as one array, so that one prepared statement serves any number of them (decision record 103).
const ratingsQuery = preparedQuery(["userIds"], (db, args: { userIds: string[] }) =>
  db
    .selectFrom("user_ratings")
    .select(["user_id", "role", "rating_sum", "rating_count"])
    .where("user_id", "=", sql<string>`any(${args.userIds}::uuid[])`),
);

/** A person's name as shown, by id. */
export function personName(db: Database, userId: string) {
  return db.selectFrom("users").select(["id", "display_name", "email"]).where("id", "=", userId).executeTakeFirst();
}

/**
 * Who is due the request to review a session that ended between `since` and `now` and completed:
 * each player who held a confirmed seat, and its host when anyone did; nobody already asked
 * (the review_requested notice), nobody banned. Oldest sessions first.
 */
export async function dueReviewRequests(db: Database, input: { since: Date; now: Date; limit: number }) {
  const rows = await sql<{
    session_id: string;
    title: string;
    dm_id: string;
    user_id: string;
    email: string;
    display_name: string;
    preferred_language: string;
  }>`
    with ended as (
      select s.id, s.title, s.dm_id, s.starts_at
        from sessions s
       where s.status = 'COMPLETED'
         and s.starts_at + make_interval(mins => s.duration_minutes) between ${input.since} and ${input.now}
    ), people as (
      select e.id as session_id, b.user_id from ended e join bookings b on b.session_id = e.id and b.status = 'CONFIRMED'
      union
      select e.id, e.dm_id from ended e
       where exists (select 1 from bookings b where b.session_id = e.id and b.status = 'CONFIRMED')
    )
    select p.session_id, e.title, e.dm_id, u.id as user_id, u.email, u.display_name, u.preferred_language
      from people p
      join ended e on e.id = p.session_id
      join users u on u.id = p.user_id
     where u.banned_at is null
       and ${notToldYet("p.session_id", "p.user_id", "review_requested")}
     order by e.starts_at, p.session_id, u.id
     limit ${input.limit}`.execute(db);
  return rows.rows;
}

/** Of these sessions, those where the author wrote a review (one an admin deleted included: it cannot be written again, decision record 069). */
export async function reviewedSessionIds(db: Database, authorId: string, sessionIds: string[]) {
  if (sessionIds.length === 0) return new Set<string>();
  const rows = await db.selectFrom("reviews").select("session_id").distinct().where("author_id", "=", authorId).where("session_id", "in", sessionIds).execute();
  return new Set(rows.map((r) => r.session_id));
}

/** Who reviewed whom in these sessions, deleted reviews included (GET /api/past-sessions lists them with `deleted`). */
export function reviewLinks(db: Database, sessionIds: string[]) {
  if (sessionIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("reviews").select(["session_id", "author_id", "target_id", "deleted_at"]).where("session_id", "in", sessionIds).execute();
}
