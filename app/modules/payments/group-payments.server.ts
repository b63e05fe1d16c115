import { isUuid } from "#app/lib/ids";
import type { Requester } from "#app/modules/auth/session.server";
import { underSessionLock } from "#app/modules/bookings/bookings.server";
import * as bookingsRepo from "#app/modules/bookings/index.server";
import { ownBookingAfterLapse } from "#app/modules/bookings/seat-pipeline.server";
import { sessionShutTo } from "#app/modules/bookings/seat-rule";
import { asGroupRefusal, bookGroup, type GroupResult } from "#app/modules/groups/groups.server";
import * as groupsRepo from "#app/modules/groups/index.server";
import { type GroupMethod, type GroupRefusal, groupTotal, type Guest, maxGuests, readGroup, readGroupMethod } from "#app/modules/groups/rules";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { consumeLimit, refundHit } from "#app/modules/rate-limits/rate-limits.server";
import { limits } from "#app/modules/rate-limits/rules";
import { formatPrice } from "#app/modules/sessions/rules";
import { type Hold, holdPaidSeats } from "./holds.server";
import { issueOxxoVoucher, openCheckout, type PayDeps } from "./payments.server";
import { oxxoAvailability } from "./rules";

type Refusal = Extract<GroupResult, { ok: false }> & { retryAfterSeconds?: number };
const refuse = (refusal: GroupRefusal, seatsLeft?: number): Refusal => ({ ok: false, refusal, ...(seatsLeft === undefined ? {} : { seatsLeft }) });

export type GroupRegistration =
  | { ok: true; kind: "free"; seats: { id: string; guest_name: string; guest_email: string }[] }
  | { ok: true; kind: "checkout"; bookingId: string; url: string; seats: number; amountCents: number; currency: string }
  | {
      ok: true;
      kind: "voucher";
      bookingId: string;
      reference: string;
      voucherUrl: string | null;
      expiresAt: Date;
      seats: number;
      amountCents: number;
      currency: string;
    }
  | Refusal;

/**
 * Group registration, free or paid (decision record 062): a free session's group is the guests'
 * held seats (groups.server's bookGroup); a paid session's group is the booker's own seat and each
 * guest's, paid at once. The page and the API both come here, so they answer by the same rules.
 */
export async function registerGroup(
  deps: PayDeps,
  booker: Requester,
  sessionId: string,
  input: { guests: unknown; method?: unknown; lang: string },
): Promise<GroupRegistration> {
  if (!isUuid(sessionId)) return refuse("notFound");
  const terms = await bookingsRepo.sessionPaymentTerms(deps.db, sessionId);
  if (!terms) return refuse("notFound");
  // A few group bookings per account and day (decision record 068): each one mails up to six
  // addresses. The hit is taken before anything is decided (so parallel requests queue on it) and
  // given back when nothing was booked, so a typo or a full session costs nothing.
  const limit = await consumeLimit(deps.db, `group-bookings:${booker.id}`, limits.groupBookingsPerAccount, deps.now);
  if (limit.limited) return { ok: false, refusal: "tooManyGroups", retryAfterSeconds: limit.retryAfterSeconds };
  const result = await registerWithin(deps, booker, sessionId, terms.price_cents, input);
  if (!result.ok) await refundHit(deps.db, limit.hitId);
  return result;
}

async function registerWithin(
  deps: PayDeps,
  booker: Requester,
  sessionId: string,
  priceCents: number,
  input: { guests: unknown; method?: unknown; lang: string },
): Promise<GroupRegistration> {
  if (priceCents === 0) {
    const free = await bookGroup(deps, booker, sessionId, input.guests);
    return free.ok ? { ok: true, kind: "free", seats: free.seats } : free;
  }
  // The booker's seat is one of a paid group's six (groups/rules maxGuests).
  const reading = readGroup(input.guests, booker.email, { bookerTakesSeat: true });
  if (!reading.ok) return { ok: false, refusal: "invalid", reading };
  const method = readGroupMethod(input.method);
  if (!method) return refuse("methodInvalid");
  const hold = await holdPaidGroup(deps, booker, sessionId, reading.guests, method);
  if (!hold.ok) return hold;
  const paid = { bookingId: hold.bookingId, seats: reading.guests.length + 1, amountCents: hold.amountCents, currency: hold.currency };
  if (method === "OXXO") {
    const voucher = await issueOxxoVoucher(deps, booker, hold, { firstName: booker.firstName, lastName: booker.lastName });
    if (!voucher.ok) return refuse("providerError");
    return { ok: true, kind: "voucher", ...paid, reference: voucher.reference, voucherUrl: voucher.voucherUrl, expiresAt: voucher.expiresAt };
  }
  const back = `/${input.lang}/session/${sessionId}/group`;
  const checkout = await openCheckout(deps, booker, hold, { lang: input.lang, returnPaths: { success: `${back}?payment=success`, cancel: back } });
  if (!checkout.ok) return refuse("providerError");
  return { ok: true, kind: "checkout", ...paid, url: checkout.url };
}

type GroupHold = Hold | Refusal;

/**
 * Holds a paid group whole, under the session's lock: the booker's own seat as a PENDING_PAYMENT
 * booking for the group's total, one PENDING seat per guest paid by that booking, and the payment
 * row, in one transaction. The same pipeline as one paid seat (holds.server holdPaidSeats: the
 * seat rule for all the group's seats at once, with its verified email, its cap on unpaid holds
 * and its private sessions), so the group fits the seats left or nobody gets one. The seat guard
 * refuses the guests' one insert whole should anything slip past. The guests' seats then follow
 * the booking (the migration's trigger): confirmed, expired or refunded together.
 */
async function holdPaidGroup(deps: PayDeps, booker: Requester, sessionId: string, guests: Guest[], method: GroupMethod): Promise<GroupHold> {
  return underSessionLock<Hold | Refusal>(deps, sessionId, async (trx, s) => {
    const shut = sessionShutTo(booker, s, deps.now);
    if (shut) return { result: refuse(asGroupRefusal(shut)) };
    const total = groupTotal(s.price_cents, guests.length);
    if (!total) return { result: refuse("closed") };
    // The booker's own lapsed hold ends here (as the cleanup job would end it), and its seats go to the line first.
    const { existing, notices } = await ownBookingAfterLapse(trx, s, booker.id, deps.now);
    const no = (refusal: GroupRefusal, seatsLeft?: number) => ({ result: refuse(refusal, seatsLeft), notices });
    if (existing) return no(existing.status === "PENDING_PAYMENT" ? "paymentPending" : "alreadyBooked");
    // One active group per booker and session (decision record 068). Whether a guest's address
    // already holds a seat here is not asked: the answer must not tell (its guest is not mailed).
    if (await groupsRepo.hasActiveGroup(trx, s.id, booker.id)) return no("groupExists");
    const order = { count: total.seats, code: null, method, provider: deps.payments.provider };
    const hold = await holdPaidSeats(deps, trx, s, booker, order);
    if (!hold.ok) return no(asGroupRefusal(hold.refusal), hold.refusal === "sessionFull" ? hold.seatsLeft : undefined);
    await groupsRepo.insertHeldSeats(trx, { sessionId: s.id, bookerId: booker.id, guests, now: deps.now, paidBy: hold.bookingId });
    return { result: hold, notices };
  }) as Promise<GroupHold>;
}

/** Payment tries the payer may still finish on the provider's page (as the single seat's). */
const OPEN_TRIES = ["creating", "requires_payment_method", "requires_action"];

/**
 * What the group page shows of a paid session (null for a free one): the price per seat, the
 * total for each size of group (the page works without JavaScript, so every total is written out),
 * whether OXXO is offered now, and the booker's group payment in progress or done.
 */
export async function paidGroupView(deps: Pick<PayDeps, "db" | "now">, sessionId: string, booker: { id: string; timeZone: string }, lang: Locale) {
  if (!isUuid(sessionId)) return null;
  const terms = await bookingsRepo.sessionPaymentTerms(deps.db, sessionId);
  if (!terms || terms.price_cents === 0) return null;
  const money = (cents: number) => `${formatPrice(cents, terms.currency, lang)} ${terms.currency}`;
  const totals = Array.from({ length: maxGuests(true) }, (_, i) => groupTotal(terms.price_cents, i + 1))
    .filter((t) => t !== null)
    .map((t) => ({ guests: t.seats - 1, seats: t.seats, amount: money(t.amountCents) }));
  const paying = await groupsRepo.payingGroupBooking(deps.db, sessionId, booker.id);
  return {
    price: money(terms.price_cents),
    totals,
    oxxo: oxxoAvailability(terms, deps.now) === "available",
    paying: paying
      ? {
          bookingId: paying.id,
          status: paying.status,
          amount: money(paying.amount_cents),
          holdUntil: paying.hold_until ? formatDateTime(new Date(paying.hold_until), lang, booker.timeZone || "UTC") : null,
          // The hosted card page to go back to while it is open; a voucher lives on the booking's voucher page.
          checkoutUrl:
            paying.status === "PENDING_PAYMENT" && paying.checkout_url && OPEN_TRIES.includes(paying.payment_status ?? "") ? paying.checkout_url : null,
          voucher: paying.status === "PENDING_PAYMENT" && paying.voucher_reference !== null,
        }
      : null,
  };
}
