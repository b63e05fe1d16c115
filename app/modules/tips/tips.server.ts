import { isUuid } from "#app/lib/ids";
import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import type { PayDeps } from "#app/modules/payments/payments.server";
import { checkoutExpiresAt, issuedVoucher } from "#app/modules/payments/rules";
import { seatTransfer } from "#app/modules/payments/transfer.server";
import { displayNameOf } from "#app/modules/users/rules";
import { getServices } from "#app/services/index.server";
import type { PaymentMetadata } from "#app/services/payments/payments";
import * as repo from "./repo.server";
import { hidesTipPage, isTipCurrency, TIP_CURRENCIES, TIP_VOUCHER_DAYS, tipMethodError, tipMethods, type TipRefusal, tipRefusal, tipWindow } from "./rules";
import type { TipForm } from "./schema";

/** Why the form is shown without its fields: the window, the currency, or a DM whose account takes no charges. */
export type TipClosed = Exclude<TipRefusal, "isHost" | "sessionCancelled" | "notAttended" | "noShow"> | "hostCannotBePaid";

/**
 * Whether the tip page is this player's at all (a stranger, the DM, someone without a seat kept to
 * the end, a no-show: not found), and if so whether a tip may be paid now.
 */
async function eligibility(deps: Pick<Deps, "db" | "now">, player: Requester, sessionId: string, provider: string) {
  if (!isUuid(sessionId)) return { ok: false as const, refusal: "notFound" as const };
  const session = await repo.findTipSession(deps.db, sessionId);
  if (!session) return { ok: false as const, refusal: "notFound" as const };
  const seat = (await repo.findSeat(deps.db, sessionId, player.id)) ?? null;
  const refusal = tipRefusal({ ...session, starts_at: new Date(session.starts_at) }, seat, player.id, deps.now);
  if (refusal && hidesTipPage(refusal)) return { ok: false as const, refusal: "notFound" as const };
  // A tip is a destination charge to the DM, or nothing: no tip is kept by the platform for a DM it cannot pay.
  const payable = (await seatTransfer(deps.db, session.dm_id, 0, provider)) !== null;
  const closed: TipClosed | null = refusal ?? (payable ? null : "hostCannotBePaid");
  return { ok: true as const, session, closed, currency: isTipCurrency(session.currency) ? session.currency : null };
}

/** The tip page's facts for this player: the DM, the limits and methods, why it is closed if it is, and their latest tip. */
export async function tipPage(deps: PayDeps, player: Requester, sessionId: string) {
  const found = await eligibility(deps, player, sessionId, deps.payments.provider);
  if (!found.ok) return found;
  const { session, closed, currency } = found;
  const limits = currency ? TIP_CURRENCIES[currency] : null;
  return {
    ok: true as const,
    session: { id: session.id, title: session.title, dm: displayNameOf({ displayName: session.dm_display_name, email: session.dm_email }) },
    closes: tipWindow({ starts_at: new Date(session.starts_at), duration_minutes: session.duration_minutes }).closes,
    closed,
    currency,
    limits: limits && { minCents: limits.minCents, maxCents: limits.maxCents },
    methods: currency ? tipMethods(currency) : [],
    latest: (await repo.latestTipOf(deps.db, session.id, player.id)) ?? null,
  };
}

export type TipStarted = { ok: true; tipId: string; checkoutUrl: string | null };
export type TipStartRefusal = "notFound" | "providerError" | TipClosed | "formUsed" | "invalid";

/**
 * Starts the tip the form asked for (decision record 087): the payment row, made once per form
 * key, to the DM's account less the platform's fee; then the provider's hosted card page, or an
 * OXXO voucher. A form sent again (or twice at once) finds the same row and asks the provider
 * with the same idempotency key, so it gets back the same page or voucher, never a second charge.
 */
export async function startTip(
  deps: PayDeps,
  player: Requester,
  input: { sessionId: string; lang: string; form: TipForm; oxxoName: string },
): Promise<TipStarted | { ok: false; refusal: TipStartRefusal }> {
  const eligible = await eligibility(deps, player, input.sessionId, deps.payments.provider);
  if (!eligible.ok) return eligible;
  if (eligible.closed || !eligible.currency) return { ok: false, refusal: eligible.closed ?? "currencyNotTipped" };
  const { form } = input;
  // The form's schema said so already; the command does not take a caller's word for it.
  const limits = TIP_CURRENCIES[eligible.currency];
  if (tipMethodError(form.method, eligible.currency, form.amount) || form.amount < limits.minCents || form.amount > limits.maxCents)
    return { ok: false, refusal: "invalid" };
  // The DM's account and the platform's fee, fixed with the row as for a seat (decision record 085).
  const transfer = await seatTransfer(deps.db, eligible.session.dm_id, form.amount, deps.payments.provider);
  if (!transfer) return { ok: false, refusal: "hostCannotBePaid" };
  const tip = await repo.insertTipOnce(deps.db, {
    sessionId: eligible.session.id,
    userId: player.id,
    formKey: form.key,
    provider: deps.payments.provider,
    method: form.method,
    amountCents: form.amount,
    currency: eligible.currency,
    transfer,
    now: deps.now,
  });
  // A key already used for another session or another tip is not this form's.
  if (tip.session_id !== eligible.session.id || tip.method !== form.method || tip.amount_cents !== form.amount) return { ok: false, refusal: "formUsed" };
  if (tip.status !== "creating" && tip.status !== "requires_payment_method") return { ok: true, tipId: tip.id, checkoutUrl: null };
  if (tip.checkout_url) return { ok: true, tipId: tip.id, checkoutUrl: tip.checkout_url };
  const metadata: PaymentMetadata = { paymentId: tip.id, bookingId: "", sessionId: eligible.session.id };
  try {
    if (form.method === "OXXO") {
      const voucher = await deps.payments.createOxxo({
        amountCents: tip.amount_cents,
        currency: tip.currency,
        name: input.oxxoName,
        email: player.email,
        expiresAfterDays: TIP_VOUCHER_DAYS,
        metadata,
        idempotencyKey: `tip-oxxo-${tip.id}`,
        transfer,
        now: deps.now,
      });
      await repo.startedTip(deps.db, tip.id, issuedVoucher(voucher), deps.now);
      return { ok: true, tipId: tip.id, checkoutUrl: null };
    }
    const tipPath = `/${input.lang}/tip/${tip.id}`;
    const checkout = await deps.payments.createCheckout({
      paymentMethodTypes: ["card"],
      voucherDays: TIP_VOUCHER_DAYS,
      pixSeconds: 0,
      amountCents: tip.amount_cents,
      currency: tip.currency,
      productName: eligible.session.title,
      email: player.email,
      lang: input.lang,
      successUrl: `${deps.appUrl}${tipPath}`,
      cancelUrl: `${deps.appUrl}/${input.lang}/session/${eligible.session.id}/tip`,
      expiresAt: checkoutExpiresAt(new Date(deps.now.getTime() + 60 * 60_000), deps.now),
      metadata,
      idempotencyKey: `tip-checkout-${tip.id}`,
      transfer,
    });
    await repo.startedTip(deps.db, tip.id, { status: "requires_payment_method", provider_ref: checkout.id, checkout_url: checkout.url }, deps.now);
    return { ok: true, tipId: tip.id, checkoutUrl: checkout.url };
  } catch (error) {
    console.warn(JSON.stringify({ msg: "tips: the provider could not start a tip", paymentId: tip.id, error: String(error) }));
    await repo.startedTip(deps.db, tip.id, { status: "failed" }, deps.now);
    return { ok: false, refusal: "providerError" };
  }
}

/** The player's own tip, for its page (the thank-you, or the voucher to pay); none for anyone else. */
export async function ownTip(deps: Pick<Deps, "db">, player: Requester, tipId: string) {
  if (!isUuid(tipId)) return null;
  const tip = await repo.findTip(deps.db, tipId, player.id);
  if (!tip) return null;
  const session = await repo.findTipSession(deps.db, tip.session_id);
  return session ? { tip, session } : null;
}

/** Whether the session page offers this viewer the way to tip its DM: their page exists and a tip may be paid now. */
export async function mayTip(deps: Pick<Deps, "db" | "now">, viewer: Requester | null, sessionId: string) {
  if (!viewer) return false;
  const found = await eligibility(deps, viewer, sessionId, getServices().payments.provider);
  return found.ok && found.closed === null;
}
