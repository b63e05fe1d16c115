// Saving a series edit: the series row, and its sessions that still follow it, with the seats
// subscribers hold in them (docs/decisions/010-series-edits-reach-untouched-sessions.md, 054).
import { cancelAllActiveBookings, clearWaitlist, followSubscribedSeats, forgetPaymentReminders } from "#app/modules/bookings/index.server";
import { seatPaymentDeadline, type SessionCanceller, termsChanged } from "#app/modules/bookings/rules";
import { offerOpenSeats } from "#app/modules/bookings/waitlist.server";
import type { Deps } from "#app/modules/deps.server";
import { notify, type SessionEventData } from "#app/modules/notifications/notify.server";
import { insertSession } from "#app/modules/sessions/index.server";
import type { Database } from "#db/client.server";
import { newOccurrence, occurrenceFields } from "./occurrences.server";
import * as repo from "./repo.server";
import { scheduleOf } from "./rows.server";
import { type Occurrence, planSeriesEdit } from "./rules";

type Reader = Pick<Deps, "db" | "now">;
type OccurrenceRow = Awaited<ReturnType<typeof repo.listOccurrences>>[number];

const occurrenceOf = (s: OccurrenceRow): Occurrence => ({
  id: s.id,
  startsAt: new Date(s.starts_at),
  isModified: s.is_modified,
  kept: Boolean(s.kept),
  status: s.status,
});

/** What saving `row` would do to the series' sessions right now (also what the overlap check looks at). */
export async function planEdit(deps: Reader, seriesId: string, row: repo.SeriesRow) {
  const sessions = (await repo.listOccurrences(deps.db, seriesId)).map(occurrenceOf);
  return planSeriesEdit({ schedule: scheduleOf(row), sessions, now: deps.now, ahead: row.autoGenerateAhead });
}

/** Who hears what once the edit has committed, and which sessions may have seats for their line. */
type Aftermath = { notices: { userId: string; type: "session_modified" | "session_cancelled"; data: SessionEventData }[]; widened: string[] };

/**
 * Saves a series and carries the change to its sessions that still follow it, in the caller's
 * transaction, under the series' row lock (two edits of one series run one after the other).
 * Subscribers' untouched seats go with their session: they take its new price and payment
 * deadline, their reminders start again when the deadline moved, and their holders hear of a
 * new time or price (`session_modified`); a session the new schedule drops is cancelled with its
 * seats and line (`session_cancelled`), as done `by` the editor (the host or an admin, decision
 * record 058). Returns null when the series is gone.
 */
export async function applySeriesEdit(trx: Database, now: Date, seriesId: string, row: repo.SeriesRow, by: SessionCanceller): Promise<Aftermath | null> {
  const locked = await repo.lockSeries(trx, seriesId);
  if (!locked) return null;
  await repo.updateSeries(trx, seriesId, row, now);
  const imageUrl = row.imageUrl === undefined ? locked.image_url : row.imageUrl;
  // Planned inside the lock, from what the sessions are now.
  const before = await repo.listOccurrences(trx, seriesId);
  const plan = planSeriesEdit({ schedule: scheduleOf(row), sessions: before.map(occurrenceOf), now, ahead: row.autoGenerateAhead });
  const byId = new Map(before.map((s) => [s.id, s]));
  const aftermath: Aftermath = { notices: [], widened: [] };
  const eventData = (id: string, startsAt: Date): SessionEventData => ({
    sessionId: id,
    title: row.title,
    startsAt,
    durationMinutes: row.durationMinutes,
    location: row.location,
  });

  const { cancelled } = await repo.deleteOccurrences(trx, seriesId, plan.remove, by, now);
  for (const id of cancelled) {
    const told = new Set([...(await cancelAllActiveBookings(trx, id, by, now)), ...(await clearWaitlist(trx, id))]);
    const startsAt = new Date(byId.get(id)!.starts_at);
    for (const userId of told) aftermath.notices.push({ userId, type: "session_cancelled", data: eventData(id, startsAt) });
  }

  for (const u of plan.update) {
    const old = byId.get(u.id)!;
    const followed = await repo.updateOccurrence(trx, seriesId, u.id, occurrenceFields(row, imageUrl, u.startsAt), now);
    if (!followed || old.booked_count === 0) continue;
    // Only subscribers' untouched seats are left in a session that follows its series.
    const holders = await followSubscribedSeats(trx, u.id, seatPaymentDeadline(u.startsAt, row.bookingLockHours), now);
    const was = {
      startsAt: new Date(old.starts_at),
      durationMinutes: old.duration_minutes,
      location: old.location,
      priceCents: old.price_cents,
      currency: old.currency,
    };
    if (termsChanged(was, { ...row, startsAt: u.startsAt })) {
      await forgetPaymentReminders(trx, u.id, holders);
      for (const userId of holders) aftermath.notices.push({ userId, type: "session_modified", data: eventData(u.id, u.startsAt) });
    }
    if (row.maxParticipants > old.max_participants) aftermath.widened.push(u.id);
  }

  // Only a running series gets new dates: a paused one gets them from the top-up when resumed, a
  // cancelled or completed one never again (decision record 053).
  if (locked.status === "ACTIVE") {
    for (const startsAt of plan.insert) await insertSession(trx, newOccurrence(seriesId, row, imageUrl, startsAt), now);
  }
  return aftermath;
}

/** After the edit committed: seats a raised capacity opened go to the line first, then everyone concerned is told. */
export async function tellSeriesEdit(deps: Pick<Deps, "db" | "mailer" | "now" | "appUrl">, aftermath: Aftermath) {
  for (const sessionId of aftermath.widened) await offerOpenSeats(deps, sessionId);
  for (const notice of aftermath.notices) await notify(deps, notice);
}
