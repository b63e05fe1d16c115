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
// A repeat asks for the key's lock this long at a time, and gives its pooled connection back between
// tries, so repeats that wait never take the connections the first request's command needs.
const LOCK_TRY = "100ms" as const;
const PAUSE_MS = 150;

const lockNotAvailable = (error: unknown) => (error as { code?: string }).code === "55P03";

/**
 * Runs `run` once per key (decision record 096). The key's row is claimed in a transaction held open
 * while the command runs and committed with its outcome, so a concurrent repeat finds the row locked,
 * waits, and then answers what the first one answered; a refusal or an error releases the key (the
 * transaction ends without the row), and a repeat runs the command as a first try. `keep` says what
 * to remember of the command's answer, or null when it must not be remembered (a refusal).
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
    let claiming = true;
    try {
      return await d.db.transaction().execute(async (trx): Promise<Once<T>> => {
        await repo.setLockWait(trx, LOCK_TRY);
        const claimed = await repo.claimKey(trx, claim, d.now);
        // The command may take longer than a try: only the claim waits briefly.
        await repo.setLockWait(trx, 0);
        claiming = false;
        if (!claimed) {
          const row = await repo.findKey(trx, claim.userId, claim.key);
          // Swept between the two statements: a day-old key, answered as a busy one.
          if (!row?.outcome) return { kind: "busy" };
          if (row.intent !== claim.intent) return { kind: "otherIntent" };
          return { kind: "again", outcome: row.outcome as KeptOutcome };
        }
        const value = await run();
        const outcome = await keep(value);
        if (outcome) await repo.keepOutcome(trx, claim.userId, claim.key, outcome);
        else await repo.releaseKey(trx, claim.userId, claim.key);
        return { kind: "ran", value };
      });
    } catch (error) {
      // lock_not_available while claiming: the first request still holds the key. Anything else,
      // the command's own errors included, is thrown as it came: a command is never run twice here.
      if (!claiming || !lockNotAvailable(error)) throw error;
      if (performance.now() >= giveUpAt) return { kind: "busy" };
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  }
}

/** The sweep (job `sweep-request-keys`): keys older than a day are forgotten. */
export async function sweepRequestKeys(d: Pick<Deps, "db" | "now">) {
  return { items: await repo.deleteKeysBefore(d.db, forgetBefore(d.now)) };
}
