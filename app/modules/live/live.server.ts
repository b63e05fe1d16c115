import type { Deps } from "#app/modules/deps.server";
import { deleteEventsBefore, deleteViewersBefore } from "./repo.server";
import { EVENT_RETENTION_MS, VIEWER_STALE_MS } from "./rules";

/**
 * Drops events no reconnecting client will ask for (a page away longer than the retention reloads
 * and gets fresh counts) and viewer rows of streams that died with their process. Run by the
 * cleanup job; returns the events removed.
 */
export async function pruneLiveEvents(deps: Pick<Deps, "db" | "now">) {
  await deleteViewersBefore(deps.db, new Date(deps.now.getTime() - VIEWER_STALE_MS));
  return deleteEventsBefore(deps.db, new Date(deps.now.getTime() - EVENT_RETENTION_MS));
}
