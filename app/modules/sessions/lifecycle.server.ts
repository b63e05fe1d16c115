import type { Deps } from "#app/modules/deps.server";
import { recordNotification } from "#app/modules/notifications/notify.server";
import * as repo from "./status-repo.server";

/** The host's one warning per short session: the claims and their notifications commit together. */
function warnShortSessions(deps: Pick<Deps, "db" | "now">) {
  return deps.db.transaction().execute(async (trx) => {
    const claimed = await repo.claimShortSessionWarnings(trx, deps.now);
    for (const c of claimed) {
      await recordNotification(
        { db: trx, now: deps.now },
        {
          userId: c.dm_id,
          type: "players_missing",
          textKey: "playersMissing",
          params: { title: c.title, count: Number(c.missing) },
          actionUrl: `/session/${c.session_id}`,
        },
      );
    }
    return claimed.length;
  });
}

/**
 * The `update-session-statuses` job: ends finished sessions, starts begun ones, then runs the
 * pre-session check (confirm the full enough, warn the host of the rest). In this order a run with
 * a late clock takes a session straight to where it belongs; each step is its own statement and
 * safe to repeat. Items: sessions moved plus hosts warned (the shape of jobs/rules.ts `JobResult`,
 * written out because sessions sit below the jobs that run them: decision record 045).
 */
export async function updateSessionStatuses(deps: Pick<Deps, "db" | "now">): Promise<{ items: number }> {
  const completed = await repo.completeEnded(deps.db, deps.now);
  const activated = await repo.activateStarted(deps.db, deps.now);
  const confirmed = await repo.confirmReady(deps.db, deps.now);
  const warned = await warnShortSessions(deps);
  return { items: completed + activated + confirmed + warned };
}
