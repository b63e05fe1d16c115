import { canManageSession } from "#app/modules/access/rules";
import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import { displayNameOf } from "#app/modules/users/rules";
import { heldGuestSeats } from "./guests-repo.server";

/**
 * The held guest seats of a session, for those who see its roster (its host and admins); null for
 * anyone else, who must not learn guests' names.
 */
export async function guestRoster(deps: Pick<Deps, "db">, session: { id: string; dm_id: string }, viewer: Requester | null) {
  if (!canManageSession(viewer, session)) return null;
  const rows = await heldGuestSeats(deps.db, session.id);
  return rows.map((r) => ({
    id: r.id,
    name: r.guest_name,
    bookerName: displayNameOf({ displayName: r.booker_name, email: r.booker_email }),
    paymentPending: r.status === "PENDING",
  }));
}
