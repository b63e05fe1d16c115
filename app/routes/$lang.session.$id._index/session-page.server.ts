import { getEnv } from "#app/env.server";
import { disputableNoShow } from "#app/modules/attendance/attendance.server";
import { markingRefusal } from "#app/modules/attendance/rules";
import type { Requester } from "#app/modules/auth/session.server";
import type { getSessionForViewer } from "#app/modules/bookings/booked-sessions.server";
import { waitingView } from "#app/modules/bookings/confirmation.server";
import { closedReason } from "#app/modules/bookings/rules";
import { tagChips } from "#app/modules/catalog/tags";
import type { Deps } from "#app/modules/deps.server";
import { pendingInvitations } from "#app/modules/groups/invitations.server";
import { guestRoster } from "#app/modules/groups/roster.server";
import { guestTimeZone, type Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import { sessionPageStanding } from "#app/modules/payments/seat-views.server";
import { chargesBlocked } from "#app/modules/payouts/index.server";
import { ratingsFor, reviewTargets } from "#app/modules/reviews/reviews.server";
import { seatNoteView } from "#app/modules/safety/safety.server";
import { formatPrice } from "#app/modules/sessions/rules";
import { publicImage } from "#app/modules/storage/images.server";
import { detailImage } from "#app/modules/storage/rules";
import { mayTip } from "#app/modules/tips/tips.server";
import { displayNameOf } from "#app/modules/users/rules";

/** The way to the payouts page with what Stripe asks, for a host whose account cannot take charges. */
async function hostPayoutNotice(d: Deps, hostId: string, lang: Locale) {
  const blocked = await chargesBlocked(d, hostId);
  return blocked ? { href: localePath(lang, "/settings/payouts"), requirements: blocked.requirements } : null;
}

type SessionForViewer = NonNullable<Awaited<ReturnType<typeof getSessionForViewer>>>;

/** What the session page shows this viewer: the session, their seat, line, hold, invitation and note, and the host's lists. */
export async function sessionPageData(
  d: Deps,
  { lang, viewer, page, url, saveData = false }: { lang: Locale; viewer: Requester | null; page: SessionForViewer; url: URL; saveData?: boolean },
) {
  const { row } = page;
  const image = detailImage(publicImage(row.image_url), saveData);
  const zone = viewer?.timeZone ?? guestTimeZone;
  const startsAt = new Date(row.starts_at);
  const { seatsHeld, ...standing } = await sessionPageStanding(d, page, viewer, {
    lang,
    zone,
    paymentSuccess: url.searchParams.get("payment") === "success",
  });
  const ended = startsAt.getTime() + row.duration_minutes * 60_000 <= d.now.getTime();
  const [reviewable, rating, disputable, guests, tippable] = await Promise.all([
    reviewTargets(d, viewer, row),
    ratingsFor(d, [row.dm_id], "DM"),
    // A player marked absent finds the way to dispute it here (decision record 057).
    ended && viewer && !page.isHost ? disputableNoShow(d, viewer, row.id) : null,
    guestRoster(d, row, viewer),
    // A player who sat at the table may tip the DM for 7 days after the end (decision record 087).
    ended && !page.isHost ? mayTip(d, viewer, row.id) : false,
  ]);
  const reviewHref = localePath(lang, `/session/${row.id}/review`);
  return {
    // The host of a paid session whose payout account cannot take charges: what Stripe asks, and where to send it.
    payoutNotice: page.isHost && row.price_cents > 0 && row.status !== "CANCELLED" ? await hostPayoutNotice(d, row.dm_id, lang) : null,
    reviews: reviewable.map((r) => ({ name: r.name, href: `${reviewHref}?target=${r.id}`, state: r.state, role: r.role, targetId: r.id })),
    verifyEmailHref: reviewable.some((r) => r.state === "verifyEmail") ? localePath(lang, "/auth/verify-email") : null,
    hostRating: rating(row.dm_id),
    tipHref: tippable ? localePath(lang, `/session/${row.id}/tip`) : null,
    disputeHref: disputable ? localePath(lang, `/booking/${disputable}/dispute`) : null,
    url: `${getEnv().APP_URL}${localePath(lang, `/session/${row.id}`)}`,
    isHost: page.isHost,
    // The host's way to the attendance sheet, while marks may be made (after the end, for 14 days).
    attendanceOpen: page.isHost && markingRefusal({ status: row.status, starts_at: startsAt, duration_minutes: row.duration_minutes }, d.now) === null,
    safetyHref: page.isHost && !ended && row.status !== "CANCELLED" ? localePath(lang, `/session/${row.id}/safety`) : null,
    ...standing,
    // The player's own lines and veils on their seat, to change until the start (decision record 061).
    seatNote: viewer && !page.isHost ? await seatNoteView(d, viewer.id, row.id) : null,
    // A seat a group reserved for the viewer's verified address, to accept or decline (decision record 068).
    invitation: viewer && !page.isHost ? ((await pendingInvitations(d, viewer)).find((i) => i.sessionId === row.id) ?? null) : null,
    // Their place in line and a seat held for them, as the confirmation page words it.
    waiting: waitingView(page.waiting, lang, zone),
    // The booking entry point; the confirmation page explains a closed one in full.
    closed: closedReason({ status: row.status, starts_at: new Date(row.starts_at), booking_lock_hours: null }, d.now),
    session: {
      id: row.id,
      title: row.title,
      description: row.description,
      game: row.game,
      genre: row.genre,
      level: row.experience_level,
      when: formatDateTime(startsAt, lang, zone),
      hostWhen: zone !== row.time_zone ? formatDateTime(startsAt, lang, row.time_zone) : null,
      hours: Math.round((row.duration_minutes / 60) * 100) / 100,
      booked: row.booked,
      held: seatsHeld,
      max: row.max_participants,
      price: row.price_cents === 0 ? null : formatPrice(row.price_cents, row.currency, lang),
      currency: row.currency,
      location: row.location,
      isPrivate: row.is_private,
      // The 800 px copy of our uploads with the 400 one to choose from; saving data, the 400 px copy alone.
      imageUrl: image?.src ?? null,
      imageSrcSet: image?.srcSet ?? null,
      tags: tagChips(row.tags, lang),
      safetyTools: row.safety_tools,
      instructions: page.instructions,
      dm: { id: row.dm_id, name: displayNameOf({ displayName: row.dm_display_name, email: row.dm_email }), bio: row.dm_bio },
    },
    guests,
    participants:
      page.participants?.map((p) => ({
        id: p.id,
        userId: p.user_id,
        name: displayNameOf({ displayName: p.display_name, email: p.email }),
        status: p.status,
        paymentPending: p.status === "PENDING_PAYMENT",
      })) ?? null,
    waitlist:
      page.waitlist?.map((w) => ({
        id: w.id,
        userId: w.user_id,
        name: displayNameOf({ displayName: w.display_name, email: w.email }),
        position: w.position,
      })) ?? null,
  };
}
