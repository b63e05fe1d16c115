import { type Actor, canSeeSafetyNotes } from "#app/modules/access/rules";
import type { Deps } from "#app/modules/deps.server";
import * as repo from "./repo.server";
import { aggregateSafety, isEmptySafety, type SafetyInput, safetyVisible } from "./rules";

type Db = Pick<Deps, "db" | "now">;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Keeps what the player told the DM on booking a seat; nothing is written when they said nothing. */
export async function recordSeatSafety(deps: Db, playerId: string, sessionId: string, input: SafetyInput) {
  if (isEmptySafety(input)) return;
  await repo.saveForSession(deps.db, { playerId, sessionId, input, now: deps.now });
}

/** Keeps what the player told the DM on subscribing to a series; it applies to each of its sessions. */
export async function recordSubscriptionSafety(deps: Db, playerId: string, seriesId: string, input: SafetyInput) {
  if (isEmptySafety(input)) return;
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
