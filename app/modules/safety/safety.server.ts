import { type Actor, canSeeSafetyNotes } from "#app/modules/access/rules";
import type { Deps } from "#app/modules/deps.server";
import * as repo from "./repo.server";
import { aggregateSafety, isEmptySafety, type SafetyInput, safetyVisible, seatNoteEditable } from "./rules";
import type { SafetyFormState } from "./schema";

type Db = Pick<Deps, "db" | "now">;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Keeps what the player told the DM on booking a seat (or starting its payment). Booking replaces
 * the note: saying nothing writes no row and removes one left by an earlier attempt (a payment that
 * never settled), so an old note never resurfaces with a new seat.
 */
export async function recordSeatSafety(deps: Db, playerId: string, sessionId: string, input: SafetyInput) {
  if (isEmptySafety(input)) return repo.removeForSession(deps.db, sessionId, playerId);
  await repo.saveForSession(deps.db, { playerId, sessionId, input, now: deps.now });
}

/** Keeps what the player told the DM on subscribing to a series; it applies to each of its sessions. */
export async function recordSubscriptionSafety(deps: Db, playerId: string, seriesId: string, input: SafetyInput) {
  if (isEmptySafety(input)) return repo.removeForSeries(deps.db, seriesId, playerId);
  await repo.saveForSeries(deps.db, { playerId, seriesId, input, now: deps.now });
}

/**
 * The host's view of a session's lines and veils, per player, without names where asked. Anyone
 * else is refused (the route answers 403); after the session they are no longer shown.
 */
export async function safetySheet(deps: Db, actor: Actor, sessionId: string) {
  if (!UUID.test(sessionId)) return { ok: false, refusal: "notFound" } as const;
  const session = await repo.findSession(deps.db, sessionId);
  if (!session) return { ok: false, refusal: "notFound" } as const;
  if (!canSeeSafetyNotes(actor, session)) return { ok: false, refusal: "forbidden" } as const;
  if (!safetyVisible(session, deps.now)) return { ok: true, session, over: true, players: [] } as const;
  const players = aggregateSafety(await repo.notesForSession(deps.db, session));
  return { ok: true, session, over: false, players } as const;
}

/**
 * The player's own lines and veils for their seat, for the session page's form: null when they hold
 * no confirmed seat; `editable` false once the session started.
 */
export async function seatNoteView(deps: Db, playerId: string, sessionId: string) {
  if (!UUID.test(sessionId)) return null;
  const seat = await repo.confirmedSeat(deps.db, sessionId, playerId);
  if (!seat) return null;
  const row = await repo.noteForSeat(deps.db, sessionId, playerId);
  const values: SafetyFormState["values"] = {
    lines: row?.lines ?? [],
    veils: row?.veils ?? [],
    safetyNote: row?.note ?? "",
    anonymous: row?.anonymous ?? false,
  };
  return { editable: seatNoteEditable(seat, deps.now), hasNote: Boolean(row), values };
}

/**
 * Changes (or, given nothing to tell, removes) the note of a seat the player holds, until the
 * session starts. Anyone without a confirmed seat there is answered "notFound" and nothing changes.
 */
export async function editSeatSafety(deps: Db, playerId: string, sessionId: string, input: SafetyInput | null) {
  if (!UUID.test(sessionId)) return { ok: false, refusal: "notFound" } as const;
  const seat = await repo.confirmedSeat(deps.db, sessionId, playerId);
  if (!seat) return { ok: false, refusal: "notFound" } as const;
  if (!seatNoteEditable(seat, deps.now)) return { ok: false, refusal: "started" } as const;
  if (input === null || isEmptySafety(input)) {
    await repo.removeForSession(deps.db, sessionId, playerId);
    return { ok: true, removed: true } as const;
  }
  await repo.saveForSession(deps.db, { playerId, sessionId, input, now: deps.now });
  return { ok: true, removed: false } as const;
}
