import { sql } from "kysely";
import { stillToCome } from "#app/modules/sessions/index.server";
import type { Database } from "#db/client.server";
import type { AuditAction, ReportKind, ReportReason } from "./rules";

/** The person a report is about: a (not deleted) review's author, or a profile's (not banned) owner. */
export async function reportTargetUser(db: Database, kind: "review" | "profile", targetId: string): Promise<string | null> {
  if (kind === "review") {
    const row = await db.selectFrom("reviews").select("author_id").where("id", "=", targetId).where("deleted_at", "is", null).executeTakeFirst();
    return row?.author_id ?? null;
  }
  const row = await db.selectFrom("users").select("id").where("id", "=", targetId).where("banned_at", "is", null).executeTakeFirst();
  return row?.id ?? null;
}

/**
 * Files a report; the unique (reporter, target, revision) index decides "once" even for two
 * submits at the same moment: the second insert does nothing and returns no row. `counts` says
 * whether it counts toward holding a review back (decision record 069); `targetRevision` is the
 * review's revision reported (1 for a profile).
 */
export async function insertReport(
  db: Database,
  r: {
    reporterId: string;
    kind: ReportKind;
    targetId: string;
    targetUserId: string;
    targetRevision: number;
    counts: boolean;
    reason: ReportReason;
    details: string;
    now: Date;
  },
) {
  const row = await db
    .insertInto("reports")
    .values({
      reporter_id: r.reporterId,
      target_kind: r.kind,
      // A chat message's id is a bigint in its own column (migration chat_message_reports).
      target_id: r.kind === "message" ? null : r.targetId,
      target_message_id: r.kind === "message" ? Number(r.targetId) : null,
      target_user_id: r.targetUserId,
      target_revision: r.targetRevision,
      counts: r.counts,
      reason: r.reason,
      details: r.details,
      created_at: r.now,
    })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id ?? null;
}

/** The review a report is about, locked: reports of one review are counted one after the other. */
export function lockReportedReview(db: Database, id: string) {
  return db
    .selectFrom("reviews")
    .select(["id", "status", "hidden_at", "target_id", "revision"])
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .forUpdate()
    .executeTakeFirst();
}

/** What decides whether a reporter counts (decision record 069): their email's state and their account's age. */
export function reporterStanding(db: Database, id: string) {
  return db.selectFrom("users").select(["id", "email_verified_at", "created_at"]).where("id", "=", id).executeTakeFirst();
}

/** How many different people whose reports count have open reports of a review (of any of its revisions). */
export async function countCountedReporters(db: Database, reviewId: string) {
  const row = await db
    .selectFrom("reports")
    .select(sql<number>`count(distinct reporter_id)`.as("n"))
    .where("target_kind", "=", "review")
    .where("target_id", "=", reviewId)
    .where("status", "=", "OPEN")
    .where("counts", "=", true)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Holds a published review back until an admin decides (decision record 063). */
export async function holdReview(db: Database, id: string, now: Date) {
  await db.updateTable("reviews").set({ status: "PENDING", updated_at: now }).where("id", "=", id).where("status", "=", "APPROVED").execute();
}

/**
 * Open reports, one row per target (oldest report first), with the reasons counted and the newest
 * details. `target_id` is the target's id as text (a chat message's is a number). A reported
 * message comes with its text, when it was sent and its chat's kind and title (a direct chat's is
 * its two people), and its photo or file if it has one (the desk opens it through the chat's
 * attachment route, which lets an admin read a reported message's attachment).
 */
export async function openReportGroups(db: Database, limit: number) {
  const { rows } = await sql<{
    target_kind: ReportKind;
    target_id: string;
    target_user_id: string;
    reports: number;
    counted: number;
    reasons: string[];
    details: string[];
    first_at: Date;
    user_name: string;
    user_banned: boolean;
    user_is_admin: boolean;
    review_comment: string | null;
    review_rating: number | null;
    review_status: string | null;
    review_hidden: boolean | null;
    message_content: string | null;
    message_type: string | null;
    message_at: Date | null;
    attachment_id: string | null;
    attachment_kind: string | null;
    attachment_name: string | null;
    chat_id: string | null;
    chat_kind: string | null;
    chat_title: string | null;
  }>`select g.target_kind, coalesce(g.target_id::text, g.target_message_id::text) as target_id, g.target_user_id, g.reports, g.counted,
           g.reasons, g.details, g.first_at,
           u.display_name as user_name, u.banned_at is not null as user_banned, 'admin' = any(u.roles) as user_is_admin,
           r.comment as review_comment, r.rating as review_rating, r.status as review_status, r.hidden_at is not null as review_hidden,
           m.content as message_content, m.type as message_type, m.created_at as message_at,
           ma.id as attachment_id, ma.kind as attachment_kind, ma.file_name as attachment_name, c.id as chat_id, c.kind as chat_kind,
           case c.kind when 'session' then s.title when 'group' then coalesce(c.name, se.title) else concat_ws(' · ', ua.display_name, ub.display_name) end as chat_title
      from (select target_kind, target_id, target_message_id, min(target_user_id::text)::uuid as target_user_id, count(*)::int as reports,
                   (count(distinct reporter_id) filter (where counts))::int as counted,
                   array_agg(distinct reason) as reasons,
                   array_remove(array_agg(details order by created_at desc), '') as details,
                   min(created_at) as first_at
              from reports where status = 'OPEN' group by target_kind, target_id, target_message_id) g
      join users u on u.id = g.target_user_id
      left join reviews r on g.target_kind = 'review' and r.id = g.target_id
      left join chat_messages m on m.id = g.target_message_id
      left join chat_attachments ma on ma.message_id = m.id
      left join chats c on c.id = m.chat_id
      left join sessions s on s.id = c.session_id
      left join series se on se.id = c.series_id
      left join users ua on ua.id = c.user_a
      left join users ub on ub.id = c.user_b
     order by g.first_at, target_id
     limit ${limit}`.execute(db);
  return rows;
}

/** A reported message as the desk acts on it: its author, and whether it is removed already. */
export function findMessageForModeration(db: Database, id: number) {
  return db.selectFrom("chat_messages").select(["id", "sender_id", "removed_at"]).where("id", "=", id).executeTakeFirst();
}

/** Closes a target's open reports; returns how many it closed. */
export async function closeReports(db: Database, c: { kind: ReportKind; targetId: string; status: "DISMISSED" | "ACTIONED"; by: string; now: Date }) {
  const rows = await db
    .updateTable("reports")
    .set({ status: c.status, resolved_at: c.now, resolved_by: c.by })
    .where("target_kind", "=", c.kind)
    .where((eb) => (c.kind === "message" ? eb("target_message_id", "=", Number(c.targetId)) : eb("target_id", "=", c.targetId)))
    .where("status", "=", "OPEN")
    .returning("id")
    .execute();
  return rows.length;
}

/** Closes every open report about a person (they were banned): their reviews' and their profile's. */
export async function closeReportsAbout(db: Database, userId: string, by: string, now: Date) {
  await db
    .updateTable("reports")
    .set({ status: "ACTIONED", resolved_at: now, resolved_by: by })
    .where("target_user_id", "=", userId)
    .where("status", "=", "OPEN")
    .execute();
}

export function findReviewForModeration(db: Database, id: string) {
  return db.selectFrom("reviews").select(["id", "author_id", "status", "hidden_at", "deleted_at"]).where("id", "=", id).executeTakeFirst();
}

/** The review moderation writes (the user_ratings trigger follows status, hidden_at and deleted_at). */
export async function setReviewModeration(
  db: Database,
  id: string,
  change: { status?: "APPROVED" | "REJECTED"; hidden: boolean; deleted?: boolean; now: Date },
) {
  await db
    .updateTable("reviews")
    .set({
      ...(change.status ? { status: change.status } : {}),
      hidden_at: change.hidden ? change.now : null,
      ...(change.deleted ? { deleted_at: change.now } : {}),
      updated_at: change.now,
    })
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .execute();
}

/** The account as the desk needs it, locked for the ban or unban that follows. */
export function lockUser(db: Database, id: string) {
  return db.selectFrom("users").select(["id", "roles", "banned_at", "display_name"]).where("id", "=", id).forUpdate().executeTakeFirst();
}

export async function setBanned(db: Database, id: string, at: Date | null, now: Date) {
  await db.updateTable("users").set({ banned_at: at, updated_at: now }).where("id", "=", id).execute();
}

/** A banned host's active series pause: no new sessions are generated and none are listed. */
export async function pauseHostedSeries(db: Database, dmId: string, now: Date) {
  await db.updateTable("series").set({ status: "PAUSED", updated_at: now }).where("dm_id", "=", dmId).where("status", "=", "ACTIVE").execute();
}

/** The upcoming sessions a user hosts that are not cancelled or over: a ban cancels them. */
export async function upcomingHostedSessionIds(db: Database, dmId: string, now: Date) {
  const rows = await db.selectFrom("sessions").select("id").where("dm_id", "=", dmId).where(stillToCome(now, "sessions")).execute();
  return rows.map((r) => r.id);
}

export async function insertAudit(db: Database, a: { actorId: string; action: AuditAction; kind: string; targetId: string; reason: string; now: Date }) {
  await db
    .insertInto("audit_log")
    .values({ actor_id: a.actorId, action: a.action, target_kind: a.kind, target_id: a.targetId, reason: a.reason, created_at: a.now })
    .execute();
}

/** A page of the audit log, newest first, with the actor's name; one more row than asked tells of a next page. */
export function auditPage(db: Database, limit: number, offset: number) {
  return db
    .selectFrom("audit_log as a")
    .leftJoin("users as u", "u.id", "a.actor_id")
    .select(["a.id", "a.action", "a.target_kind", "a.target_id", "a.reason", "a.created_at", "u.display_name as actor_name"])
    .orderBy("a.created_at", "desc")
    .orderBy("a.id", "desc")
    .limit(limit + 1)
    .offset(offset)
    .execute();
}

/** Open no-show disputes, oldest first, with the player and the session. */
export function openDisputes(db: Database, limit: number) {
  return db
    .selectFrom("attendance_disputes as d")
    .innerJoin("bookings as b", "b.id", "d.booking_id")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .innerJoin("users as u", "u.id", "d.user_id")
    .select(["d.id", "d.reason", "d.created_at", "u.display_name as player_name", "s.id as session_id", "s.title as session_title", "s.starts_at"])
    .where("d.status", "=", "OPEN")
    .orderBy("d.created_at")
    .limit(limit)
    .execute();
}

/** Decides an open dispute; no row when it was not open (decided meanwhile, or unknown). */
export async function decideDispute(db: Database, d: { id: string; status: "UPHELD" | "REJECTED"; by: string; now: Date }) {
  const { rows } = await sql<{ user_id: string; session_id: string; title: string }>`update attendance_disputes d
        set status = ${d.status}, resolved_at = ${d.now}, resolved_by = ${d.by}
       from bookings b join sessions s on s.id = b.session_id
      where b.id = d.booking_id and d.id = ${d.id} and d.status = 'OPEN'
  returning d.user_id, s.id as session_id, s.title`.execute(db);
  return rows[0] ?? null;
}

/** Banned accounts, most recent first: the desk lists them to unban. */
export function bannedUsers(db: Database, limit: number) {
  return db
    .selectFrom("users")
    .select(["id", "display_name", "email", "banned_at"])
    .where("banned_at", "is not", null)
    .orderBy("banned_at", "desc")
    .limit(limit)
    .execute();
}
