import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button";
import { cardOutcome, PAYMENT_METHOD_ORDER } from "#app/modules/payments/card-outcome";

let stripePromise: Promise<Stripe | null> | null = null;

type Props = { returnUrl: string; voucherUrl: string | null; onClose: () => void; busy: boolean; setBusy: (b: boolean) => void };

/** The card dialog's ready state with Stripe: the Payment Element, Cancel and Complete Payment. */
export default function StripePayment({ publishableKey, clientSecret, lang, ...form }: Props & { publishableKey: string; clientSecret: string; lang: string }) {
  stripePromise ??= loadStripe(publishableKey);
  return (
    <Elements stripe={stripePromise} options={{ clientSecret, locale: lang === "pt" ? "pt-BR" : lang === "en" ? "en" : "es-419" }}>
      <StripeForm {...form} />
    </Elements>
  );
}

function StripeForm({ returnUrl, voucherUrl, onClose, busy, setBusy }: Props) {
  const { t } = useTranslation("payments");
  const stripe = useStripe();
  const elements = useElements();
  const [message, setMessage] = useState<string | null>(null);
  return (
    <form
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!stripe || !elements) return;
        setBusy(true);
        setMessage(null);
        // The Payment Element's own validation first (spec section 4), then the confirmation; a redirect only if the bank needs one.
        const { error: fieldsError } = await elements.submit();
        if (fieldsError) {
          setMessage(fieldsError.message ?? t("card.fallbackFields"));
          setBusy(false);
          return;
        }
        const outcome = cardOutcome(await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl }, redirect: "if_required" }));
        if (outcome.kind === "paid" || (outcome.kind === "voucher" && !voucherUrl)) return window.location.assign(returnUrl);
        if (outcome.kind === "voucher") return window.location.assign(voucherUrl!);
        setMessage(outcome.kind === "text" ? outcome.text : t(outcome.key, outcome.values));
        setBusy(false);
      }}
    >
      <PaymentElement options={{ layout: "tabs", paymentMethodOrder: [...PAYMENT_METHOD_ORDER] }} />
      {message ? (
        <p role="alert" className="text-sm text-red-800">
          {message}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button type="button" variant="secondary" onClick={onClose} disabled={busy}>
          {t("card.cancel")}
        </Button>
        <Button disabled={!stripe || busy}>{busy ? t("card.processing") : t("card.submit")}</Button>
      </div>
    </form>
  );
}
