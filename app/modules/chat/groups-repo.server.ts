import { sql } from "kysely";
import type { Database } from "#db/client.server";
import { preparedQuery } from "#db/prepared";

// Groups people make (decision record 091): their rows, their members, and who may be in one.

export type GroupRow = { id: string; name: string; owner_id: string | null };
export type GroupMember = { userId: string; name: string; joinedAt: Date };

const groupRow = (db: Database, chatId: string) =>
  db.selectFrom("chats").select(["id", "name", "owner_id"]).where("id", "=", chatId).where("kind", "=", "group").where("series_id", "is", null);

/** A user group's row, locked until the transaction ends (adds and leaves queue behind each other). */
export const lockGroup = (trx: Database, chatId: string) => groupRow(trx, chatId).forUpdate().executeTakeFirst() as Promise<GroupRow | undefined>;

export const findGroup = (db: Database, chatId: string) => groupRow(db, chatId).executeTakeFirst() as Promise<GroupRow | undefined>;

const memberRow = preparedQuery(["chatId", "userId"], (db, args: { chatId: string; userId: string }) =>
  db.selectFrom("chat_members").select("user_id").where("chat_id", "=", args.chatId).where("user_id", "=", args.userId),
);

/** Whether the user is in the group (asked on every view of it: prepared, decision record 049). */
export async function isGroupMember(db: Database, chatId: string, userId: string): Promise<boolean> {
  return (await memberRow(db, { chatId, userId })).length > 0;
}

/** The group's members, longest-standing first. */
export async function groupMembers(db: Database, chatId: string): Promise<GroupMember[]> {
  const rows = await db
    .selectFrom("chat_members as m")
    .innerJoin("users as u", "u.id", "m.user_id")
    .select(["m.user_id", "m.joined_at", "u.display_name", "u.email"])
    .where("m.chat_id", "=", chatId)
    .orderBy("m.joined_at")
    .orderBy("m.user_id")
    .execute();
  return rows.map((r) => ({ userId: r.user_id, name: r.display_name || r.email.split("@")[0] || "User", joinedAt: new Date(r.joined_at) }));
}

export async function groupMemberIds(db: Database, chatId: string): Promise<string[]> {
  const rows = await db.selectFrom("chat_members").select("user_id").where("chat_id", "=", chatId).execute();
  return rows.map((r) => r.user_id);
}

/**
 * Groups the user created in the 24 hours before `now`, counted under a lock on the user's own
 * key: two "create" clicks at once cannot both see 19.
 */
export async function countGroupsCreatedSince(trx: Database, userId: string, since: Date): Promise<number> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`groups:${userId}`}, 0))`.execute(trx);
  const row = await trx
    .selectFrom("chats")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("created_by", "=", userId)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertGroup(trx: Database, input: { name: string; ownerId: string; now: Date }): Promise<string> {
  const row = await trx
    .insertInto("chats")
    .values({ kind: "group", name: input.name, owner_id: input.ownerId, created_by: input.ownerId, created_at: input.now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Adds people to a group (someone already in it stays as they were). Each starts with everything
 * before their arrival read: a newcomer's badge counts what was said since they joined.
 */
export async function addMembers(trx: Database, input: { chatId: string; userIds: string[]; addedBy: string; now: Date }) {
  if (input.userIds.length === 0) return;
  await trx
    .insertInto("chat_members")
    .values(input.userIds.map((userId) => ({ chat_id: input.chatId, user_id: userId, added_by: input.addedBy, joined_at: input.now })))
    .onConflict((oc) => oc.columns(["chat_id", "user_id"]).doNothing())
    .execute();
  const latest = await trx
    .selectFrom("chat_messages")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("chat_id", "=", input.chatId)
    .executeTakeFirst();
  await trx
    .insertInto("chat_reads")
    .values(input.userIds.map((userId) => ({ chat_id: input.chatId, user_id: userId, last_read_message_id: Number(latest?.id ?? 0), updated_at: input.now })))
    .onConflict((oc) =>
      oc.columns(["chat_id", "user_id"]).doUpdateSet({ last_read_message_id: sql`greatest(chat_reads.last_read_message_id, excluded.last_read_message_id)` }),
    )
    .execute();
}

export async function removeMember(trx: Database, chatId: string, userId: string): Promise<boolean> {
  const result = await trx.deleteFrom("chat_members").where("chat_id", "=", chatId).where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function setOwner(trx: Database, chatId: string, ownerId: string | null) {
  await trx.updateTable("chats").set({ owner_id: ownerId }).where("id", "=", chatId).execute();
}

export async function renameGroup(db: Database, chatId: string, name: string) {
  await db.updateTable("chats").set({ name }).where("id", "=", chatId).execute();
}

/** Sessions and series the user sat at: hosted, a confirmed seat, or a subscription that was active. */
const tablesOf = (userId: string) => sql`
  with my_sessions as (
    select id from sessions where dm_id = ${userId}
    union select session_id from bookings where user_id = ${userId} and status = 'CONFIRMED'
  ), my_series as (
    select id from series where dm_id = ${userId}
    union select series_id from series_subscriptions where user_id = ${userId} and status in ('ACTIVE', 'CANCELLED')
  ), people as (
    select dm_id as user_id from sessions where id in (select id from my_sessions)
    union select user_id from bookings where session_id in (select id from my_sessions) and status = 'CONFIRMED'
    union select dm_id from series where id in (select id from my_series)
    union select user_id from series_subscriptions where series_id in (select id from my_series) and status in ('ACTIVE', 'CANCELLED')
  )`;

/** Which of these people the user has shared a table with (nobody else may be put in a group by them). */
export async function sharingATable(db: Database, userId: string, candidateIds: string[]): Promise<Set<string>> {
  if (candidateIds.length === 0) return new Set();
  const { rows } = await sql<{ user_id: string }>`${tablesOf(userId)}
    select p.user_id from people p join users u on u.id = p.user_id
    where p.user_id = any(${candidateIds}::uuid[]) and p.user_id <> ${userId} and u.banned_at is null`.execute(db);
  return new Set(rows.map((r) => r.user_id));
}

/** The people the user has shared a table with, by name (a part of it narrows the list), for the "add people" list. */
export async function peopleToAdd(db: Database, userId: string, opts: { query: string; excluding: string[]; limit: number }) {
  const pattern = `%${opts.query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await sql<{ id: string; display_name: string; email: string }>`${tablesOf(userId)}
    select u.id, u.display_name, u.email from people p join users u on u.id = p.user_id
    where p.user_id <> ${userId} and u.banned_at is null
      and not (p.user_id = any(${opts.excluding}::uuid[]))
      and not exists (select 1 from user_blocks b where (b.blocker_id = ${userId} and b.blocked_id = u.id) or (b.blocker_id = u.id and b.blocked_id = ${userId}))
      and (${opts.query} = '' or u.display_name ilike ${pattern})
    order by lower(u.display_name), u.id
    limit ${opts.limit}`.execute(db);
  return rows.map((r) => ({ id: r.id, name: r.display_name || r.email.split("@")[0] || "User" }));
}
