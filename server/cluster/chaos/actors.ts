import { sql } from "kysely";
import type { Database } from "../../../db/client.server";
import { createUser, loginCookie, type TestUser } from "../../../tests/fixtures/users";
import { insertBenchTable } from "../../bench/database";

/** Who takes part in a chaos run, created for the run (the demo's people are left alone). */
export type Actors = {
  host: TestUser;
  players: { user: TestUser; cookie: string; clientIp: string }[];
  /** Chats of 20 players and the host; each player belongs to one. */
  chats: { id: string; memberIndexes: number[] }[];
  /** Free sessions with few seats, to be fought over. */
  freeSessions: string[];
  /** Paid sessions (card, offline provider) with few seats. */
  paidSessions: string[];
  /** The newest event id in the log once everyone exists: what the streams are expected to receive comes after. */
  baseline: number;
};

const CHATS = 5;
const PER_CHAT = 20;

/** A table of `seats` at `priceCents` MXN ten days ahead, three hours, in Mexico City. */
const insertSession = (db: Database, hostId: string, title: string, seats: number, priceCents: number) =>
  insertBenchTable(db, hostId, title, { seats, priceCents, currency: "MXN", daysAhead: 10, timeZone: "America/Mexico_City", minutes: 180 });

/** 100 players in five chats of 20 (each a session's table), a host, and contested sessions to book. */
export async function createActors(db: Database, runId: string): Promise<Actors> {
  const host = await createUser({ role: "dm", displayName: `Chaos host ${runId}` });
  const players: Actors["players"] = [];
  for (let i = 0; i < CHATS * PER_CHAT; i += 1) {
    const user = await createUser({ displayName: `Chaos ${runId} ${i + 1}` });
    // A distinct client address each, as real players have (per-address limits count them apart).
    players.push({ user, cookie: await loginCookie(user.id), clientIp: `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` });
  }
  const chats: Actors["chats"] = [];
  for (let c = 0; c < CHATS; c += 1) {
    const sessionId = await insertSession(db, host.id, `Chaos table ${runId} ${c + 1}`, PER_CHAT, 0);
    const memberIndexes = Array.from({ length: PER_CHAT }, (_, k) => c * PER_CHAT + k);
    await db
      .insertInto("bookings")
      .values(memberIndexes.map((i) => ({ session_id: sessionId, user_id: players[i]!.user.id, status: "CONFIRMED" })))
      .execute();
    const chat = await db.insertInto("chats").values({ kind: "session", session_id: sessionId }).returning("id").executeTakeFirstOrThrow();
    chats.push({ id: chat.id, memberIndexes });
  }
  const freeSessions: string[] = [];
  for (let s = 0; s < 10; s += 1) freeSessions.push(await insertSession(db, host.id, `Chaos free ${runId} ${s + 1}`, 5, 0));
  const paidSessions: string[] = [];
  for (let s = 0; s < 5; s += 1) paidSessions.push(await insertSession(db, host.id, `Chaos paid ${runId} ${s + 1}`, 4, 25_000));
  const { baseline } = await sql<{ baseline: number | null }>`select max(id)::int as baseline from live_events`.execute(db).then((r) => r.rows[0]!);
  return { host, players, chats, freeSessions, paidSessions, baseline: baseline ?? 0 };
}
