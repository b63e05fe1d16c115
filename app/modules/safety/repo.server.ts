import { type Kysely, sql } from "kysely";
import { preparedQuery } from "#db/prepared";
import type { DB } from "#db/schema";
import type { SafetyInput, SafetyNoteRow } from "./rules";

type Db = Kysely<DB>;

const columns = (input: SafetyInput, now: Date) => ({
  lines: input.lines,
  veils: input.veils,
  note: input.safetyNote,
  anonymous: input.anonymous,
  updated_at: now,
});

/** A player's lines and veils for one session: a second booking of the same seat replaces them. */
export async function saveForSession(db: Db, args: { playerId: string; sessionId: string; input: SafetyInput; now: Date }) {
  await db
    .insertInto("safety_notes")
    .values({ player_id: args.playerId, session_id: args.sessionId, created_at: args.now, ...columns(args.input, args.now) })
    .onConflict((oc) => oc.columns(["session_id", "player_id"]).where("session_id", "is not", null).doUpdateSet(columns(args.input, args.now)))
    .execute();
}

/** A subscriber's lines and veils for every session of the series. */
export async function saveForSeries(db: Db, args: { playerId: string; seriesId: string; input: SafetyInput; now: Date }) {
  await db
    .insertInto("safety_notes")
    .values({ player_id: args.playerId, series_id: args.seriesId, created_at: args.now, ...columns(args.input, args.now) })
    .onConflict((oc) => oc.columns(["series_id", "player_id"]).where("series_id", "is not", null).doUpdateSet(columns(args.input, args.now)))
    .execute();
}

/** The session as the safety page needs it. */
export function findSession(db: Db, sessionId: string) {
  return db
    .selectFrom("sessions")
    .select(["id", "dm_id", "title", "starts_at", "duration_minutes", "status", "series_id"])
    .where("id", "=", sessionId)
    .executeTakeFirst();
}

/**
 * The notes of the players holding a confirmed seat in the session: the seat's own note and, for a
 * session of a series, the player's note on the series. A note whose player has no confirmed seat
 * (left, removed, a payment that never settled) is not returned.
 */
export async function notesForSession(db: Db, session: { id: string; series_id: string | null }): Promise<SafetyNoteRow[]> {
  return db
    .selectFrom("bookings as b")
    .innerJoin("users as u", "u.id", "b.user_id")
    .innerJoin("safety_notes as n", (j) =>
      j
        .onRef("n.player_id", "=", "b.user_id")
        .on((eb) => eb.or([eb("n.session_id", "=", session.id), ...(session.series_id ? [eb("n.series_id", "=", session.series_id)] : [])])),
    )
    .select([
      "b.user_id as player_id",
      sql<string>`coalesce(nullif(u.display_name, ''), u.first_name, '')`.as("name"),
      "n.lines",
      "n.veils",
      "n.note",
      "n.anonymous",
    ])
    .where("b.session_id", "=", session.id)
    .where("b.status", "=", "CONFIRMED")
    .orderBy("b.created_at")
    .orderBy("n.created_at")
    .execute();
}

/** The session of a seat the player holds now (confirmed), or nothing: the note is theirs to change only then. */
export async function confirmedSeat(db: Db, sessionId: string, playerId: string) {
  return (await confirmedSeatQuery(db, { sessionId, playerId }))[0];
}

// Both lookups run on every view of a session page: prepared, planned once per connection (decision record 103).
const confirmedSeatQuery = preparedQuery(["sessionId", "playerId"], (db, args: { sessionId: string; playerId: string }) =>
  db
    .selectFrom("bookings as b")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .select(["s.id", "s.starts_at", "s.status"])
    .where("b.session_id", "=", args.sessionId)
    .where("b.user_id", "=", args.playerId)
    .where("b.status", "=", "CONFIRMED"),
);

/** The player's own note on one seat, as they wrote it. */
export async function noteForSeat(db: Db, sessionId: string, playerId: string) {
  return (await noteForSeatQuery(db, { sessionId, playerId }))[0];
}

const noteForSeatQuery = preparedQuery(["sessionId", "playerId"], (db, args: { sessionId: string; playerId: string }) =>
  db.selectFrom("safety_notes").select(["lines", "veils", "note", "anonymous"]).where("session_id", "=", args.sessionId).where("player_id", "=", args.playerId),
);

/** Removes the player's note on one seat (their series note, if any, stays: it belongs to the subscription). */
export async function removeForSession(db: Db, sessionId: string, playerId: string) {
  await db.deleteFrom("safety_notes").where("session_id", "=", sessionId).where("player_id", "=", playerId).execute();
}

/** Removes the player's note on a series (an earlier subscription attempt's, replaced by the new one). */
export async function removeForSeries(db: Db, seriesId: string, playerId: string) {
  await db.deleteFrom("safety_notes").where("series_id", "=", seriesId).where("player_id", "=", playerId).execute();
}
