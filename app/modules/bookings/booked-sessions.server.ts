// Session use cases that need the session's bookings: an edit checks the seats taken and offers new ones to
// the waiting list, the detail page shows the viewer's booking and the roster, the API's past sessions list
// their bookings. They live here, above sessions, so the sessions module never imports bookings
// (decision record 045).
import { isUuid } from "#app/lib/ids";
import { canManageSession, canSeeInstructions } from "#app/modules/access/rules";
import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import { notify } from "#app/modules/notifications/notify.server";
import type { Refused } from "#app/modules/refusals";
import { reviewLinks } from "#app/modules/reviews/index.server";
import type { ApiSessionInput } from "#app/modules/sessions/api-schema";
import * as sessionRepo from "#app/modules/sessions/index.server";
import { hostProfiles } from "#app/modules/sessions/index.server";
import { sessionJson } from "#app/modules/sessions/json.server";
import type { SessionFormInput } from "#app/modules/sessions/schema";
import { apiRow, formRow, type Reader, userSessions } from "#app/modules/sessions/sessions.server";
import { sessionRoster, viewerBooking, viewerWaitlistEntry } from "./bookings.server";
import { followSubscribedSeats, forgetPaymentReminders, seatHolders } from "./edited-seats-repo.server";
import { isSeatGuardViolation, seriesBookingLockHours, sessionBookings } from "./repo.server";
import { capacityBelowBooked, seatPaymentDeadline, termsChanged } from "./rules";
import { offerOpenSeats } from "./waitlist.server";

export type UpdateResult = { ok: true } | Refused<"notFound" | "forbidden"> | Refused<"invalid", { error: string }>;

/**
 * Saves an edit unless it would leave fewer seats than are taken: checked here for the message,
 * and by the database's seat guard for a booking that arrives in between. Subscribers' untouched
 * seats take the new price and payment deadline with it (decision record 054); everyone holding
 * a seat hears of a new time, length, place or price (`session_modified`).
 */
async function saveEdit(deps: Deps, existing: sessionRepo.SessionDetailRow, row: sessionRepo.SessionRow): Promise<UpdateResult> {
  if (capacityBelowBooked(row.maxParticipants, existing.booked)) return { ok: false, refusal: "invalid", error: "capacityBelowBooked" };
  const before = {
    startsAt: new Date(existing.starts_at),
    durationMinutes: existing.duration_minutes,
    location: existing.location,
    priceCents: existing.price_cents,
    currency: existing.currency,
  };
  const changed = termsChanged(before, row);
  let told: string[];
  try {
    told = await deps.db.transaction().execute(async (trx) => {
      await sessionRepo.updateSessionRow(trx, existing.id, row, deps.now);
      if (existing.series_id && existing.booked > 0) {
        const lockHours = await seriesBookingLockHours(trx, existing.series_id);
        const subscribers = await followSubscribedSeats(trx, existing.id, seatPaymentDeadline(row.startsAt, lockHours), deps.now);
        if (changed) await forgetPaymentReminders(trx, existing.id, subscribers);
      }
      return changed && existing.booked > 0 ? seatHolders(trx, existing.id) : [];
    });
  } catch (error) {
    if (isSeatGuardViolation(error)) return { ok: false, refusal: "invalid", error: "capacityBelowBooked" };
    throw error;
  }
  // A raised capacity goes to the people waiting before anyone new can take it.
  await offerOpenSeats(deps, existing.id);
  const data = { sessionId: existing.id, title: row.title, startsAt: row.startsAt, durationMinutes: row.durationMinutes, location: row.location };
  for (const userId of told) await notify(deps, { userId, type: "session_modified", data });
  return { ok: true };
}

/** Only the host (or an admin) may edit; an occurrence of a series becomes "modified". */
export async function updateSession(deps: Deps, editor: Requester, id: string, input: SessionFormInput): Promise<UpdateResult> {
  if (!isUuid(id)) return { ok: false, refusal: "notFound" };
  const existing = await sessionRepo.findSession(deps.db, id);
  if (!existing) return { ok: false, refusal: "notFound" };
  if (!canManageSession(editor, existing)) return { ok: false, refusal: "forbidden" };
  const host = { ...editor, id: existing.dm_id };
  const row = formRow(host, input, existing.time_zone, existing.series_id);
  if (!row) return { ok: false, refusal: "invalid", error: "dateRequired" };
  return saveEdit(deps, existing, row);
}

/** A session for its detail page. Instructions only for the host, admins and confirmed players. */
export async function getSessionForViewer(deps: Reader, id: string, viewer: Requester | null) {
  if (!isUuid(id)) return null;
  const row = await sessionRepo.findSession(deps.db, id);
  if (!row) return null;
  // Private sessions stay reachable by their link (detail pages are public); only listings hide them.
  const [booking, waiting] = await Promise.all([viewerBooking(deps, id, viewer), viewerWaitlistEntry(deps, id, viewer)]);
  return {
    row,
    waiting,
    isHost: viewer?.id === row.dm_id,
    canManage: canManageSession(viewer, row),
    booking,
    instructions: canSeeInstructions(viewer, row, { confirmed: booking?.status === "CONFIRMED" }) ? row.session_instructions : null,
    ...(await sessionRoster(deps, row, viewer)),
  };
}

/** PATCH /api/session/{id}: host or admin only; like POST, it never moves a session into the past. */
export async function updateSessionFromApi(
  deps: Deps,
  editor: Requester,
  id: string,
  input: ApiSessionInput,
): Promise<UpdateResult | Refused<"conflict", { error: string }>> {
  if (!isUuid(id)) return { ok: false, refusal: "notFound" };
  const existing = await sessionRepo.findSession(deps.db, id);
  if (!existing) return { ok: false, refusal: "notFound" };
  if (!canManageSession(editor, existing)) return { ok: false, refusal: "forbidden" };
  // As on POST, a new date must not be in the past; a date left as it was may be (editing a past session's text).
  const moved = new Date(input.date).getTime() !== new Date(existing.starts_at).getTime();
  if (moved && new Date(input.date) < deps.now) return { ok: false, refusal: "invalid", error: "date must be in the future" };
  const row = apiRow({ ...editor, id: existing.dm_id }, input, existing.time_zone, existing.series_id);
  // Any save of a paid session needs its DM's account, not only a new price: the session keeps selling its seats.
  if (!(await sessionRepo.hostMayCharge(deps.db, existing.dm_id, row.priceCents)))
    return { ok: false, refusal: "conflict", error: sessionRepo.PAYOUT_ACCOUNT_NEEDED_API };
  return saveEdit(deps, existing, row);
}

/**
 * GET /api/past-sessions/{userId}: each session with its host (`user`) and its bookings (spec
 * section 7). A player's email shows to the session's host, admins and that player only; `reviews`
 * says who reviewed whom there (a deleted review marked so).
 */
export async function pastSessionsWithPeople(deps: Reader, viewer: Requester, userId: string) {
  const rows = await userSessions(deps, userId, { past: true, joinedOnly: false });
  const [hosts, bookings, reviews] = await Promise.all([
    hostProfiles(deps.db, [...new Set(rows.map((r) => r.dm_id))]),
    sessionBookings(
      deps.db,
      rows.map((r) => r.id),
    ),
    reviewLinks(
      deps.db,
      rows.map((r) => r.id),
    ),
  ]);
  const hostById = new Map(hosts.map((h) => [h.id, h]));
  return rows.map((row) => {
    const host = hostById.get(row.dm_id);
    const seesEmails = viewer.isAdmin || viewer.id === row.dm_id;
    return {
      ...sessionJson(row),
      user: { id: row.dm_id, description: host?.description ?? "", bio: host?.bio ?? "", avatarUrl: host?.avatar_url ?? null },
      bookings: bookings
        .filter((b) => b.session_id === row.id)
        .map((b) => ({ userId: b.user_id, status: b.status, user: { email: seesEmails || b.user_id === viewer.id ? b.email : null } })),
      reviews: reviews.filter((r) => r.session_id === row.id).map((r) => ({ authorId: r.author_id, targetId: r.target_id, deleted: r.deleted_at !== null })),
    };
  });
}
