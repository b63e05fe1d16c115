import { sessionChatAccess } from "#app/modules/access/rules";
import type { Requester } from "#app/modules/auth/session.server";
import { heldSeats } from "#app/modules/bookings/bookings.server";
import * as bookingsRepo from "#app/modules/bookings/repo.server";
import { leaveActor, leaveRefusal } from "#app/modules/bookings/rules";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import { isUuid } from "#app/utils/uuid";
import * as repo from "./repo.server";
import { type HeldSeat, heldSeatState, oxxoAvailability, payAgainChoices } from "./rules";

// What the pages show of a viewer's payment: the voucher, the confirmation screen's payment part,
// the session page's seat and refund. Reads only; starting and ending payments is payments.server.ts.

/** A seat held while its payment is not in: what the payment says of it, its method and the hold's end. */
async function heldSeat(deps: Pick<Deps, "db">, bookingId: string): Promise<{ state: HeldSeat; method: string; holdUntil: Date | null }> {
  const [payment, detail] = await Promise.all([repo.latestPaymentOf(deps.db, bookingId), bookingsRepo.findBookingWithSession(deps.db, bookingId)]);
  return { state: heldSeatState(payment), method: payment?.method ?? "CARD", holdUntil: detail?.hold_until ? new Date(detail.hold_until) : null };
}

/**
 * The voucher of a booking (GET /api/bookings/{id}/voucher and the voucher page): only its holder
 * sees it; anyone else, like an unknown id, gets null (a 404).
 */
export async function voucherFor(deps: Pick<Deps, "db">, viewer: Requester, bookingId: string) {
  if (!isUuid(bookingId)) return null;
  const booking = await bookingsRepo.findBookingWithSession(deps.db, bookingId);
  if (!booking || booking.user_id !== viewer.id) return null;
  const payment = await repo.latestPaymentOf(deps.db, bookingId);
  if (!payment || payment.method !== "OXXO") return null;
  return { booking, payment };
}

/**
 * What the confirmation screen's payment part shows a viewer: whether OXXO is offered (hidden,
 * greyed out as not eligible, or available), and the viewer's payment in progress, if any, with
 * the ways it may be paid again.
 */
export async function paymentPanel(deps: Pick<Deps, "db" | "now">, sessionId: string, booking: { id: string; status: string } | null) {
  const terms = isUuid(sessionId) ? await bookingsRepo.sessionPaymentTerms(deps.db, sessionId) : undefined;
  const oxxo = terms ? oxxoAvailability(terms, deps.now) : "hidden";
  const held = booking?.status === "PENDING_PAYMENT" ? await heldSeat(deps, booking.id) : null;
  // A held seat's ways to pay again (after a declined card: the card and, where offered, a voucher).
  const pending = held && { ...held, payAgain: payAgainChoices(held.state, oxxo) };
  return { oxxo, minAdvanceHours: terms?.min_advance_booking_hours ?? 0, voucherDays: terms?.voucher_payment_days ?? 3, pending };
}

/**
 * The viewer's seat as the session page shows it: confirmed, or held while its payment is not in
 * (a voucher to pay, a card payment under way, a declined card), with the hold's end. Null without a seat.
 */
export async function viewerSeat(deps: Pick<Deps, "db">, booking: { id: string; status: string } | null) {
  if (!booking) return null;
  if (booking.status !== "PENDING_PAYMENT") return { state: "confirmed" as const, method: null, holdUntil: null };
  return heldSeat(deps, booking.id);
}

/** Whether the viewer paid for a seat of this session that is (being) refunded: what a cancelled session's page tells them. */
export async function viewerRefunded(deps: Pick<Deps, "db">, sessionId: string, userId: string | null) {
  if (!userId || !isUuid(sessionId)) return false;
  return repo.hasRefundedSeat(deps.db, sessionId, userId);
}

/**
 * Where the viewer stands on the session page: a confirmed seat, or one held while its payment is
 * not in (shown as what it is, never as a booking), whether they may leave it (before the start;
 * a held seat is not one to leave, its panel leads to paying, except a subscription's seat not
 * paid yet, which a subscriber may skip), what a return from the card page
 * says, the chat they may open, the seats others hold while paying, and a refund of a cancelled session.
 */
export async function sessionPageStanding(
  deps: Pick<Deps, "db" | "now">,
  page: { row: { id: string; dm_id: string; status: string; starts_at: Date | string }; booking: { id: string; status: string } | null },
  viewer: Requester | null,
  shown: { lang: Locale; zone: string; paymentSuccess: boolean },
) {
  const { row, booking } = page;
  const [seat, held, refunded] = await Promise.all([
    viewerSeat(deps, booking),
    heldSeats(deps, row.id),
    row.status === "CANCELLED" ? viewerRefunded(deps, row.id, viewer?.id ?? null) : false,
  ]);
  const chat = viewer ? sessionChatAccess(viewer, row, { status: booking?.status ?? null }) : "none";
  return {
    joined: seat?.state === "confirmed",
    held:
      seat && seat.state !== "confirmed"
        ? {
            state: seat.state,
            until: seat.holdUntil && formatDateTime(seat.holdUntil, shown.lang, shown.zone),
            voucherHref: seat.method === "OXXO" && booking ? localePath(shown.lang, `/booking/${booking.id}/voucher`) : null,
          }
        : null,
    seatsHeld: held,
    refunded,
    // A subscription's seat not paid yet may be given up too: the subscriber skips this session, others may take it.
    canLeave: viewer !== null && (seat?.state === "confirmed" || seat?.state === "paymentDue") && leaveRefusal(row, deps.now, leaveActor(viewer, row)) === null,
    // Back from the card page (spec section 4): the webhook, not the return address, confirms the seat; this only says where it stands.
    paymentReturn: shown.paymentSuccess && seat && seat.state !== "paymentFailed" ? (seat.state === "confirmed" ? "voucher.paid" : "pending.success") : null,
    // Open to the host and confirmed players; only a cash payment (a voucher paid at a store) is told to wait for it.
    chat: chat === "afterPayment" && seat?.state !== "voucherPending" ? "none" : chat,
  };
}
