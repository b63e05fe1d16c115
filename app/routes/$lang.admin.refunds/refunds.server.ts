import type { Requester } from "#app/modules/auth/session.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { refundDesk } from "#app/modules/moderation/refund-desk.server";
import type { PayDeps } from "#app/modules/payments/payments.server";
import { formatPrice } from "#app/modules/sessions/rules";

/** The refunds page's rows, in the admin's language and time zone. */
export async function refundsPageData(deps: PayDeps, admin: Pick<Requester, "timeZone">, lang: Locale) {
  const desk = await refundDesk(deps);
  const when = (d: Date | string | null) => (d ? formatDateTime(new Date(d), lang, admin.timeZone) : null);
  const money = (cents: number, currency: string) => `${formatPrice(cents, currency, lang)} ${currency}`;
  return {
    refunds: desk.refunds.map((r) => ({
      id: r.id,
      bookingId: r.booking_id,
      failed: r.status === "refund_failed",
      player: r.player_name,
      email: r.player_email,
      session: r.session_title,
      amount: money(r.amount_cents, r.currency),
      reason: r.refund_reason,
      attempts: r.refund_attempts,
      error: r.refund_error,
      nextTry: r.status === "refund_pending" && !r.refund_ref ? when(r.refund_next_try_at) : null,
      accepted: r.refund_ref !== null,
      retryable: r.retryable,
    })),
    recent: desk.recent.map((r) => ({
      id: r.id,
      player: r.player_name,
      session: r.session_title,
      amount: money(r.amount_cents, r.currency),
      reason: r.refund_reason,
      when: when(r.updated_at)!,
    })),
  };
}
