import { sql } from "kysely";
import { inTransaction } from "#app/lib/transaction.server";
import type { Database } from "#db/client.server";
import { LIVE_CHANNEL, type NotifyEntry, notifyPayloads, type Revocation, REVOKED_KIND } from "./rules";

export type LiveEventRow = { id: number; user_id: string; kind: string; payload: unknown };
export type NewLiveEvent = { userId: string; kind: string; payload: unknown };

/**
 * Appends events to their recipients' logs and announces them with pg_notify, in the caller's
 * transaction: the announcement leaves only if the rows commit. Each recipient's log is locked
 * (transaction-scoped advisory lock, recipients in one order so two writers never deadlock), so a
 * user's event ids grow in commit order and a client resuming after id N can never miss a lower id
 * that committed later.
 */
export async function appendEvents(trx: Database, events: readonly NewLiveEvent[]): Promise<NotifyEntry[]> {
  if (events.length === 0) return [];
  const users = [...new Set(events.map((e) => e.userId))].sort();
  // One round trip for all the locks, taken in the sorted order (the subquery's order fence).
  await sql`select pg_advisory_xact_lock(k) from (select hashtextextended('live:' || u, 0) as k from unnest(${users}::text[]) as u order by u offset 0) as ordered`.execute(
    trx,
  );
  const rows = await trx
    .insertInto("live_events")
    .values(events.map((e) => ({ user_id: e.userId, kind: e.kind, payload: JSON.stringify(e.payload) })))
    .returning(["id", "user_id"])
    .execute();
  const entries = rows.map((r) => [Number(r.id), r.user_id] as const);
  for (const payload of notifyPayloads(entries)) await sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`.execute(trx);
  return entries;
}

/**
 * Blanks a removed chat message in the events that carried it to its chat's members, so a client
 * catching up after a drop never receives its text again (the removal's own event follows them).
 * Looked up by recipient, the log's index, not by payload.
 */
export async function redactChatMessageEvents(trx: Database, input: { userIds: string[]; chatId: string; messageId: number }) {
  if (input.userIds.length === 0) return;
  await sql`update live_events
       set payload = jsonb_set(jsonb_set(payload, '{message,content}', '""'), '{message,removed}', 'true')
     where user_id = any(${input.userIds}::uuid[]) and kind = 'chat_message'
       and payload->>'chatId' = ${input.chatId} and payload->'message'->>'id' = ${String(input.messageId)}`.execute(trx);
}

/** A user's events after `afterId`, oldest first: what a reconnecting client missed. */
export function eventsAfter(db: Database, userId: string, afterId: number, limit: number): Promise<LiveEventRow[]> {
  return db
    .selectFrom("live_events")
    .select(["id", "user_id", "kind", "payload"])
    .where("user_id", "=", userId)
    .where("id", ">", afterId)
    .orderBy("id")
    .limit(limit)
    .execute() as Promise<LiveEventRow[]>;
}

/** Events by id (those a NOTIFY announced), oldest first. */
export function eventsByIds(db: Database, ids: readonly number[]): Promise<LiveEventRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("live_events").select(["id", "user_id", "kind", "payload"]).where("id", "in", ids).orderBy("id").execute() as Promise<LiveEventRow[]>;
}

/** The newest event id of a user (0 without any): where a fresh stream starts. */
export async function latestEventId(db: Database, userId: string): Promise<number> {
  const row = await db
    .selectFrom("live_events")
    .select((eb) => eb.fn.max("id").as("id"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Old events nobody will resume from (a client gone longer than this reloads its page anyway). */
export async function deleteEventsBefore(db: Database, before: Date) {
  const result = await db.deleteFrom("live_events").where("created_at", "<", before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** A stream says it shows a chat; refreshed with the heartbeat. */
export async function upsertViewer(db: Database, input: { streamId: string; chatId: string; userId: string; now: Date }) {
  await db
    .insertInto("chat_viewers")
    .values({ stream_id: input.streamId, chat_id: input.chatId, user_id: input.userId, seen_at: input.now })
    .onConflict((oc) => oc.column("stream_id").doUpdateSet({ seen_at: input.now }))
    .execute();
}

export async function deleteViewer(db: Database, streamId: string) {
  await db.deleteFrom("chat_viewers").where("stream_id", "=", streamId).execute();
}

/** Viewer rows a process left behind when it died (its streams never said goodbye). */
export async function deleteViewersBefore(db: Database, before: Date) {
  await db.deleteFrom("chat_viewers").where("seen_at", "<", before).execute();
}

/** Which of these users have a stream showing the chat right now (on any process). */
export async function viewersOf(db: Database, chatId: string, since: Date): Promise<Set<string>> {
  const rows = await db.selectFrom("chat_viewers").select("user_id").where("chat_id", "=", chatId).where("seen_at", ">", since).execute();
  return new Set(rows.map((r) => r.user_id));
}

/**
 * Tells every process (through the log and its NOTIFY) that these sign-ins of the user were revoked,
 * in the revoking transaction: the streams they opened end when it commits, and not if it rolls back.
 */
export async function announceRevocation(db: Database, userId: string, revoked: Revocation) {
  if (revoked.loginSessionIds.length === 0 && revoked.apiTokenIds.length === 0) return;
  await inTransaction(db, (trx) => appendEvents(trx, [{ userId, kind: REVOKED_KIND, payload: revoked }]));
}
