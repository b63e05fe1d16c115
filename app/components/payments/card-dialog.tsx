import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "#app/components/ui/button";
import { Modal } from "#app/components/ui/dialog";
import type { CardPayProps } from "./card-pay-button";

type State = { kind: "loading" } | { kind: "error"; message: string } | { kind: "ready"; clientSecret: string; paymentIntentId: string };

/** Browser language to the country sent with the intent (spec section 7: MX, BR, AR, or US by default). */
function countryFromBrowser() {
  const language = typeof navigator === "undefined" ? "" : navigator.language;
  const region = language.split("-")[1]?.toUpperCase();
  return region === "MX" || region === "BR" || region === "AR" ? region : "US";
}

let stripePromise: Promise<Stripe | null> | null = null;

/**
 * The spec's card payment dialog: 'Complete Payment' with the session's title; loading, error
 * (with Go Back) and ready (total, note, the Payment Element, Cancel and Complete Payment). Stripe
 * is loaded only here (the /pure entry injects nothing until called). With the offline adapter
 * the ready state leads to the local test-payment page instead.
 */
export default function CardDialog(props: CardPayProps & { onClose: () => void }) {
  const { t } = useTranslation("payments");
  const [state, setState] = useState<State>({ kind: "loading" });
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const response = await fetch("/api/payments/create-intent", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          credentials: "same-origin",
          body: JSON.stringify({ sessionId: props.sessionId, country: countryFromBrowser(), ...(props.inviteCode ? { inviteCode: props.inviteCode } : {}) }),
        });
        const body = (await response.json().catch(() => ({}))) as { clientSecret?: string; error?: string };
        if (!response.ok || !body.clientSecret) throw new Error(body.error || "Failed to create payment intent");
        if (!cancelled) setState({ kind: "ready", clientSecret: body.clientSecret, paymentIntentId: body.clientSecret.split("_secret_")[0]! });
      } catch (error) {
        if (!cancelled) setState({ kind: "error", message: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [props.sessionId, props.inviteCode]);

  const stripe = useMemo(() => {
    if (!props.publishableKey || state.kind !== "ready") return null;
    stripePromise ??= loadStripe(props.publishableKey);
    return stripePromise;
  }, [props.publishableKey, state.kind]);

  const returnUrl = typeof window === "undefined" ? "" : `${window.location.origin}/${props.lang}/session/${props.sessionId}?payment=success`;

  return (
    <Modal open onClose={busy ? () => {} : props.onClose} title={t("card.title")}>
      <p className="text-sm text-stone-700">{props.sessionTitle}</p>
      {state.kind === "loading" ? (
        <p role="status" className="py-6 text-center text-stone-700">
          {t("card.loading")}
        </p>
      ) : null}
      {state.kind === "error" ? (
        <div className="space-y-3 py-4">
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            <strong className="block">{t("card.errorTitle")}</strong>
            {state.message}
          </p>
          <p role="status" className="text-sm text-stone-700">
            {t("card.initFailed")}
          </p>
          <Button variant="secondary" onClick={props.onClose}>
            {t("card.goBack")}
          </Button>
        </div>
      ) : null}
      {state.kind === "ready" ? (
        <div className="space-y-4 pt-3">
          <p className="flex justify-between rounded-md bg-stone-50 p-3 font-semibold">
            <span>{t("card.total")}</span>
            <span>{props.total}</span>
          </p>
          <p className="text-sm text-stone-700">{t("card.note")}</p>
          {stripe ? (
            <Elements
              stripe={stripe}
              options={{ clientSecret: state.clientSecret, locale: props.lang === "pt" ? "pt-BR" : props.lang === "en" ? "en" : "es-419" }}
            >
              <StripeForm returnUrl={returnUrl} onClose={props.onClose} busy={busy} setBusy={setBusy} />
            </Elements>
          ) : (
            <>
              <p className="text-sm text-amber-900">{t("card.offlineNote")}</p>
              <div className="flex justify-end gap-2">
                <Button variant="secondary" onClick={props.onClose}>
                  {t("card.cancel")}
                </Button>
                <a href={`/${props.lang}/dev/payments/${state.paymentIntentId}`} className={buttonClass("primary")}>
                  {t("card.continue")}
                </a>
              </div>
            </>
          )}
        </div>
      ) : null}
    </Modal>
  );
}

function StripeForm({ returnUrl, onClose, busy, setBusy }: { returnUrl: string; onClose: () => void; busy: boolean; setBusy: (b: boolean) => void }) {
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
        const { error, paymentIntent } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl }, redirect: "if_required" });
        if (error) setMessage(error.message ?? t("card.paymentErrorOccurred"));
        else if (paymentIntent?.status === "succeeded" || paymentIntent?.status === "processing") window.location.assign(returnUrl);
        else if (paymentIntent?.status === "requires_payment_method") setMessage(t("card.paymentFailedTryDifferent"));
        else setMessage(`Payment status: ${paymentIntent?.status ?? "unknown"}. Please contact support if this persists.`);
        setBusy(false);
      }}
    >
      <PaymentElement options={{ layout: "tabs", paymentMethodOrder: ["card", "klarna", "oxxo", "boleto", "pix"] }} />
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
