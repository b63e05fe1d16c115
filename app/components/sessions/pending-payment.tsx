import { useTranslation } from "react-i18next";
import { Banner, IntentForm } from "#app/components/sessions/confirm-parts";
import { PaymentChoices } from "#app/components/sessions/payment-choices";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";

type Pending = {
  method: string;
  state: "voucherPending" | "paymentPending" | "paymentFailed" | "paymentDue";
  until: string | null;
  payAgain: { card: boolean; oxxo: "hidden" | "tooClose" | "available" };
};

/** The confirmation page's panel for a seat held while its payment is not in: the voucher for OXXO, another try for a card. */
export function PendingPayment({
  pending,
  voucherHref,
  sessionId,
  minAdvanceHours,
}: {
  pending: Pending;
  voucherHref: string | null;
  sessionId: string;
  minAdvanceHours: number;
}) {
  const { t, i18n } = useTranslation("payments");
  const lang = i18n.language as Locale;
  // An OXXO voucher waiting at the store; one that lapsed on a seat still held (a subscription's) is paid again below.
  if (pending.method === "OXXO" && pending.state === "voucherPending")
    return (
      <>
        <Banner tone="info">{t("voucher.pending")}</Banner>
        <Link to={voucherHref ?? "#"} className={buttonClass("primary", "w-full")}>
          {t("voucher.viewVoucher")}
        </Link>
      </>
    );
  // A declined card is said as such, with every way to pay the held seat again, as plain forms and
  // links; a subscription's seat not paid yet is offered the same ways.
  if (pending.state === "paymentFailed" || pending.state === "paymentDue")
    return (
      <>
        <Banner tone={pending.state === "paymentDue" ? "info" : "warn"}>
          {t(pending.state === "paymentDue" ? "booking.paymentDueBody" : "booking.paymentFailedBody", { ns: "sessions", until: pending.until ?? "" })}
        </Banner>
        <PaymentChoices
          dialogs={null}
          oxxo={pending.payAgain.oxxo}
          oxxoHref={localePath(lang, `/session/${sessionId}/oxxo`)}
          minAdvanceHours={minAdvanceHours}
        />
      </>
    );
  return (
    <>
      <Banner tone="info">{t("pending.card", { until: pending.until ?? "" })}</Banner>
      <IntentForm intent="payCard" label={t("card.pay")} />
    </>
  );
}
