import { sql } from "kysely";
import type { Database } from "#db/client.server";
import type { InquiryStatus } from "./rules";

/** The DM an inquiry is addressed to, with their direct-booking settings (null when unknown). */
export function findDm(db: Database, dmId: string) {
  return db
    .selectFrom("users as u")
    .innerJoin("profiles as p", "p.user_id", "u.id")
    .select([
      "u.id",
      "u.email",
      "u.display_name",
      "u.roles",
      "u.banned_at",
      "u.preferred_language",
      "u.time_zone",
      "p.accepts_direct_bookings",
      "p.direct_booking_rate_cents",
      "p.direct_booking_currency",
      "p.direct_booking_instructions",
    ])
    .where("u.id", "=", dmId)
    .executeTakeFirst();
}
export type DmRow = NonNullable<Awaited<ReturnType<typeof findDm>>>;

/**
 * Locks the player's row for the rest of the transaction: every inquiry a player sends takes this
 * lock first, so two at once are counted one after the other and the limit holds.
 */
export async function lockPlayer(trx: Database, playerId: string) {
  await trx.selectFrom("users").select("id").where("id", "=", playerId).forUpdate().executeTakeFirst();
}

export async function countPending(trx: Database, playerId: string) {
  const row = await trx
    .selectFrom("direct_inquiries")
    .select(sql<number>`count(*)::int`.as("n"))
    .where("player_id", "=", playerId)
    .where("status", "in", ["open", "answered"])
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function insertInquiry(
  trx: Database,
  values: {
    dm_id: string;
    player_id: string;
    player_count: number;
    hours: number;
    session_type: string;
    availability: string;
    details: string;
    rate_cents: number;
    currency: string;
    estimate_cents: number;
    created_at: Date;
  },
) {
  const row = await trx.insertInto("direct_inquiries").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

const detailColumns = [
  "i.id",
  "i.dm_id",
  "i.player_id",
  "i.player_count",
  "i.hours",
  "i.session_type",
  "i.availability",
  "i.details",
  "i.rate_cents",
  "i.currency",
  "i.estimate_cents",
  "i.status",
  "i.chat_id",
  "i.session_id",
  "i.invite_code",
  "i.decline_message",
  "i.created_at",
  "i.answered_at",
  "i.decided_at",
] as const;

/** One inquiry with both people's names. */
export function findInquiry(db: Database, id: string) {
  return db
    .selectFrom("direct_inquiries as i")
    .innerJoin("users as d", "d.id", "i.dm_id")
    .innerJoin("users as p", "p.id", "i.player_id")
    .select(detailColumns)
    .select(["d.display_name as dm_name", "d.email as dm_email", "p.display_name as player_name", "p.email as player_email"])
    .where("i.id", "=", id)
    .executeTakeFirst();
}
export type InquiryRow = NonNullable<Awaited<ReturnType<typeof findInquiry>>>;

/** The inquiry, locked for a decision (accept or decline) in the caller's transaction. */
export function lockInquiry(trx: Database, id: string) {
  return trx.selectFrom("direct_inquiries").select(["id", "dm_id", "player_id", "status"]).where("id", "=", id).forUpdate().executeTakeFirst();
}

/** A DM's received inquiries with one status, newest first. */
export function listForDm(db: Database, dmId: string, status: InquiryStatus, limit: number) {
  return db
    .selectFrom("direct_inquiries as i")
    .innerJoin("users as p", "p.id", "i.player_id")
    .select(detailColumns)
    .select(["p.display_name as other_name", "p.email as other_email"])
    .where("i.dm_id", "=", dmId)
    .where("i.status", "=", status)
    .orderBy("i.created_at", "desc")
    .limit(limit)
    .execute();
}

/** How many of a DM's inquiries are in each status (the inbox tabs' counts). */
export function countsForDm(db: Database, dmId: string) {
  return db
    .selectFrom("direct_inquiries")
    .select(["status", sql<number>`count(*)::int`.as("n")])
    .where("dm_id", "=", dmId)
    .groupBy("status")
    .execute();
}

/** A player's sent inquiries, newest first. */
export function listForPlayer(db: Database, playerId: string, limit: number) {
  return db
    .selectFrom("direct_inquiries as i")
    .innerJoin("users as d", "d.id", "i.dm_id")
    .select(detailColumns)
    .select(["d.display_name as other_name", "d.email as other_email"])
    .where("i.player_id", "=", playerId)
    .orderBy("i.created_at", "desc")
    .limit(limit)
    .execute();
}

/** Records the chat an answer opened; an open inquiry becomes answered (a decided one keeps its status). */
export async function markAnswered(db: Database, id: string, chatId: string, now: Date) {
  await db
    .updateTable("direct_inquiries")
    .set({
      chat_id: chatId,
      status: sql<string>`case when status = 'open' then 'answered' else status end`,
      answered_at: sql<Date>`coalesce(answered_at, ${now})`,
    })
    .where("id", "=", id)
    .execute();
}

export async function markAccepted(trx: Database, id: string, input: { sessionId: string; inviteCode: string; chatId: string; now: Date }) {
  await trx
    .updateTable("direct_inquiries")
    .set({ status: "accepted", session_id: input.sessionId, invite_code: input.inviteCode, chat_id: input.chatId, decided_at: input.now })
    .where("id", "=", id)
    .execute();
}

export async function markDeclined(trx: Database, id: string, message: string | null, now: Date) {
  await trx.updateTable("direct_inquiries").set({ status: "declined", decline_message: message, decided_at: now }).where("id", "=", id).execute();
}
