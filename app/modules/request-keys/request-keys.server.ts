import type { Deps } from "#app/modules/deps.server";
import * as repo from "./repo.server";
import { forgetBefore, type KeptOutcome } from "./rules";

export type { KeyClaim } from "./repo.server";

/** How a keyed request went: it ran, or it repeats one that did, or its key cannot be used. */
export type Once<T> =
  | { kind: "ran"; value: T }
  | { kind: "again"; outcome: KeptOutcome }
  /** The key was used for another command or target (a tampered form, a client's mistake). */
  | { kind: "otherIntent" }
  /** The first request with the key is still running after the wait (a stalled provider): try again later. */
  | { kind: "busy" };

// A repeat waits this long for the first request with its key: longer than any command takes when the
// database and the provider answer, short enough that a stalled request never holds the repeat forever.
const WAIT_FOR_FIRST_MS = 20_000;
// A repeat looks again this often; between looks it holds no connection.
const PAUSE_MS = 150;
// A key claimed this long ago with no outcome belongs to a request that died (a crash, a deploy): a
// repeat takes it over and runs the command, whose own rules then decide (an already booked seat).
export const ABANDONED_AFTER_MS = 120_000;

/**
 * Runs `run` once per key (decision record 096). The key's row is claimed by one committed insert
 * before the command runs, and its outcome written after: no connection is held across the command,
 * so a rush of keyed requests never takes the pool's connections from the commands themselves. A
 * concurrent repeat finds the row without an outcome, waits, and then answers what the first one
 * answered; a refusal or an error releases the key (the row is deleted), and a repeat runs the
 * command as a first try. `keep` says what to remember of the command's answer, or null when it must
 * not be remembered (a refusal).
 */
export async function actOnce<T>(
  d: Pick<Deps, "db" | "now">,
  claim: repo.KeyClaim,
  run: () => Promise<T>,
  keep: (value: T) => Promise<KeptOutcome | null>,
  options: { waitMs?: number } = {},
): Promise<Once<T>> {
  // Wall time, not the request's instant: this is how long a person waits, not a rule of the product.
  const giveUpAt = performance.now() + (options.waitMs ?? WAIT_FOR_FIRST_MS);
  for (;;) {
    const claimed =
      (await repo.claimKey(d.db, claim, d.now)) ||
      // The first request with the key died before it ended: this one takes its place.
      (await repo.takeOverAbandoned(d.db, claim, d.now, new Date(d.now.getTime() - ABANDONED_AFTER_MS)));
    if (claimed) return { kind: "ran", value: await runClaimed(d, claim, run, keep) };
    const row = await repo.findKey(d.db, claim.userId, claim.key);
    // Released between the two statements (the first request was refused): claim it again.
    if (!row) continue;
    if (row.intent !== claim.intent) return { kind: "otherIntent" };
    if (row.outcome) return { kind: "again", outcome: row.outcome as KeptOutcome };
    if (performance.now() >= giveUpAt) return { kind: "busy" };
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
}

async function runClaimed<T>(d: Pick<Deps, "db">, claim: repo.KeyClaim, run: () => Promise<T>, keep: (value: T) => Promise<KeptOutcome | null>) {
  let value: T;
  try {
    value = await run();
  } catch (error) {
    // The command's own errors are thrown as they came, and the key is free again: it never ran twice here.
    await repo.releaseKey(d.db, claim.userId, claim.key).catch(() => undefined);
    throw error;
  }
  const outcome = await keep(value);
  if (outcome) await repo.keepOutcome(d.db, claim.userId, claim.key, outcome);
  else await repo.releaseKey(d.db, claim.userId, claim.key);
  return value;
}

/** The sweep (job `sweep-request-keys`): keys older than a day are forgotten. */
export async function sweepRequestKeys(d: Pick<Deps, "db" | "now">) {
  return { items: await repo.deleteKeysBefore(d.db, forgetBefore(d.now)) };
}
