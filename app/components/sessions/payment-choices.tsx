import { useTranslation } from "react-i18next";
import { PaymentDialogsLoader } from "#app/components/payments/payment-dialogs-loader";
import { SafetyFields } from "#app/components/safety/safety-fields";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import type { PaymentDialogsConfig } from "#app/modules/payments/dialogs";
import type { SafetyFormState } from "#app/modules/safety/schema";
import { IntentForm } from "./confirm-parts";

/**
 * Card and OXXO for paid sessions. Card is a form post answered with a redirect to the hosted card
 * page (so it works without JavaScript); with JavaScript and `dialogs`, it opens the card payment
 * dialog from the payment-dialogs island instead. OXXO leads to the name form, a page of its own,
 * or opens the island's OXXO dialog when `dialogs` offers one. OXXO is hidden unless the session is in MXN and allows it, and greyed out with a note when the
 * session starts too soon (spec section 5).
 */
export function PaymentChoices({
  dialogs,
  oxxo,
  oxxoHref,
  minAdvanceHours,
  inviteCode,
  safety,
}: {
  dialogs: PaymentDialogsConfig | null;
  oxxo: "hidden" | "tooClose" | "available";
  oxxoHref: string;
  minAdvanceHours: number;
  inviteCode?: string;
  /** Lines and veils of a refused card form, shown again as typed. */
  safety?: SafetyFormState | null;
}) {
  const { t } = useTranslation("payments");
  return (
    <div className="space-y-2">
      {/* Lines and veils go with the card form (and, with scripts, into either payment dialog). */}
      <IntentForm intent="payCard" label={t("card.pay")} fields={inviteCode ? { inviteCode } : {}} dialog={dialogs?.dialogs.card ? "card" : undefined}>
        <SafetyFields state={safety} />
      </IntentForm>
      {oxxo === "available" ? (
        <Link
          to={oxxoHref}
          data-payment-dialog={dialogs?.dialogs.oxxo ? "oxxo" : undefined}
          aria-haspopup={dialogs?.dialogs.oxxo ? "dialog" : undefined}
          className={buttonClass("secondary", "w-full")}
        >
          {t("oxxo.pay")}
        </Link>
      ) : null}
      {oxxo === "tooClose" ? <OxxoNotEligible label={t("oxxo.pay")} hours={minAdvanceHours} /> : null}
      {dialogs ? <PaymentDialogsLoader config={dialogs} /> : null}
    </div>
  );
}

/**
 * OXXO greyed out when the (next) session starts too soon (spec section 5): the method stays in
 * view, disabled, with the reason naming it, on the session's and the series' confirmation screens.
 */
export function OxxoNotEligible({ label, hours }: { label: string; hours: number }) {
  const { t } = useTranslation("payments");
  return (
    <>
      <button type="button" disabled aria-describedby="oxxo-not-eligible" className={buttonClass("secondary", "w-full")}>
        {label}
      </button>
      <p id="oxxo-not-eligible" className="text-xs text-stone-600">
        {t("oxxo.notEligible", { hours })}
      </p>
    </>
  );
}
