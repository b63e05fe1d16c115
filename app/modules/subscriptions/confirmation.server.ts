// The series confirmation screen (spec section 2, 'Booking confirmation screen (session or
// series)'): the series' facts, benefits, next session and the banners, for the viewer.
import type { Requester } from "#app/modules/auth/session.server";
import * as bookingsRepo from "#app/modules/bookings/repo.server";
import { OFFER_HOURS, seatPaymentDeadline, seatsOpenTo } from "#app/modules/bookings/rules";
import type { Deps } from "#app/modules/deps.server";
import { guestTimeZone, type Locale } from "#app/modules/i18n/config";
import { formatDateTime, zoneName } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import type { CardDialogProps } from "#app/modules/payments/dialogs";
import { paymentDialogs } from "#app/modules/payments/dialogs.server";
import { oxxoAvailability } from "#app/modules/payments/rules";
import * as seriesRepo from "#app/modules/series/repo.server";
import { formatPrice } from "#app/modules/sessions/rules";
import { publicImage } from "#app/modules/storage/images.server";
import { avatarInitials, displayNameOf } from "#app/modules/users/rules";
import { getServices } from "#app/services/index.server";
import { isUuid } from "#app/utils/uuid";
import * as repo from "./repo.server";
import { cardTryState, nextOpenSession, subscribeRefusal, subscriptionStanding } from "./rules";

export async function seriesConfirmation(d: Pick<Deps, "db" | "now">, input: { lang: Locale; viewer: Requester | null; seriesId: string; url: URL }) {
  const { lang, viewer, seriesId, url } = input;
  if (!isUuid(seriesId)) return null;
  const series = await seriesRepo.findSeries(d.db, seriesId);
  if (!series) return null;
  const [subscribers, current, sessions, activeElsewhere] = await Promise.all([
    repo.countSubscribers(d.db, seriesId),
    viewer ? repo.findSubscription(d.db, seriesId, viewer.id) : undefined,
    repo.seriesSessionsAfter(d.db, seriesId, d.now),
    viewer ? repo.countActiveSubscriptions(d.db, viewer.id, seriesId) : 0,
  ]);
  const next = nextOpenSession(
    sessions.map((s) => ({ ...s, starts_at: new Date(s.starts_at) })),
    series.booking_lock_hours,
    d.now,
  );
  const zone = viewer?.timeZone ?? guestTimeZone;
  const status = current?.status ?? null;
  const standing = subscriptionStanding(status, Boolean(current?.cancelled_at));
  const refusal = viewer ? subscribeRefusal({ series, viewerId: viewer.id, current: status, activeElsewhere, next }) : null;
  const t = translator(lang, "sessions");
  const weekdays = t("weekdays", { returnObjects: true }) as unknown as string[];
  const nextFacts = next ? await nextSessionFacts(d, next.id, viewer) : null;
  const seat = nextFacts?.seat ?? null;
  const free = series.price_cents === 0;
  const here = `${url.pathname}${url.search}`;
  const inviteCode = url.searchParams.get("invite")?.trim().slice(0, 20) ?? "";
  const host = displayNameOf({ displayName: series.dm_display_name, email: series.dm_email });
  // With JavaScript, 'Subscribe and pay by card' opens the card dialog for the series (the island, decision record 032).
  const canPay = viewer !== null && viewer.emailVerified && !free && next !== null && refusal === null && standing !== "subscribed";
  return {
    heading: translator(lang, "subscriptions")(standing === "rejoining" ? "titleRejoin" : "title"),
    signedIn: viewer !== null,
    emailVerified: viewer?.emailVerified ?? false,
    loginHref: `${localePath(lang, "/login")}?redirect=${encodeURIComponent(here)}`,
    standing,
    // The last card try: still running (its page may be open), or declined, so the player tries again (decision record 070).
    cardTry: cardTryState(status),
    refusal: refusal === "alreadySubscribed" ? null : refusal,
    series: {
      id: series.id,
      title: series.title,
      description: series.description,
      host,
      // The summary card's host, as on a session's confirmation screen (spec section 2).
      hostCard: {
        name: host,
        initials: avatarInitials(host),
        avatarUrl: publicImage(series.dm_avatar_url)?.src ?? null,
        description: series.dm_description,
        bio: series.dm_bio,
      },
      frequency:
        series.frequency === "IRREGULAR"
          ? t("seriesForm.IRREGULAR")
          : t("seriesDetail.every", {
              frequency: t(`seriesForm.${series.frequency}`),
              day: series.day_of_week !== null ? weekdays[series.day_of_week] : `${series.day_of_month}`,
              time: series.time_hhmm,
            }),
      timeZone: `${series.time_zone} (${zoneName(series.time_zone, lang, d.now)})`,
      subscribers,
      free,
      price: free ? null : `${formatPrice(series.price_cents, series.currency, lang)} ${series.currency}`,
      // The payment-due warning's hours: each seat is due one waitlist offer before bookings close.
      dueHours: series.booking_lock_hours + OFFER_HOURS,
    },
    next: next && {
      id: next.id,
      when: `${formatDateTime(next.starts_at, lang, zone)}`,
      spotsLeft: nextFacts?.spotsLeft ?? 0,
      max: nextFacts?.max ?? 0,
    },
    // The viewer's seat in the next session, for the 'already subscribed (with its status)' banner.
    nextSeat: seat && {
      state: seat.status === "CONFIRMED" ? (free ? "confirmed" : "paid") : "due",
      until: next && seat.status === "PENDING_PAYMENT" ? formatDateTime(seatPaymentDeadline(next.starts_at, series.booking_lock_hours), lang, zone) : null,
      // A due seat is paid on its session's own confirmation page, as any held seat.
      payHref: next && seat.status === "PENDING_PAYMENT" ? localePath(lang, `/session/${next.id}/confirm`) : null,
    },
    // The side panel's security note: a paid seat counts once its payment is in.
    promise: free ? ("booking.security" as const) : ("booking.securityPaid" as const),
    oxxo: next && !free ? oxxoAvailability({ ...series, starts_at: next.starts_at }, d.now) : "hidden",
    minAdvanceHours: series.min_advance_booking_hours,
    names: { firstName: viewer?.firstName ?? "", lastName: viewer?.lastName ?? "" },
    inviteCode,
    paymentDialogs:
      canPay && next
        ? paymentDialogs(lang, {
            card: {
              sessionId: next.id,
              seriesId: series.id,
              sessionTitle: series.title,
              total: `${formatPrice(series.price_cents, series.currency, "en")} ${series.currency}`,
              publishableKey: getServices().payments.publishableKey,
              lang,
              ...(inviteCode ? { inviteCode } : {}),
            } satisfies CardDialogProps,
          })
        : null,
  };
}

async function nextSessionFacts(d: Pick<Deps, "db" | "now">, sessionId: string, viewer: Requester | null) {
  const [s, seat, heldForOthers] = await Promise.all([
    bookingsRepo.readSession(d.db, sessionId),
    viewer ? bookingsRepo.findActiveBookingDetail(d.db, sessionId, viewer.id) : undefined,
    bookingsRepo.countRunningOffers(d.db, sessionId, d.now, viewer?.id ?? null),
  ]);
  if (!s) return null;
  return { spotsLeft: seatsOpenTo(s.max_participants, s.booked_count, heldForOthers), max: s.max_participants, seat: seat ?? null };
}

export type SeriesConfirmation = NonNullable<Awaited<ReturnType<typeof seriesConfirmation>>>;
