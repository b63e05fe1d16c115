import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClass } from "#app/components/ui/button";
import { NativeModal } from "#app/components/ui/native-modal";
import { newRequestKey } from "#app/components/ui/new-request-key";
import type { CardDialogProps } from "#app/modules/payments/dialogs";

// Stripe's browser code is a chunk of its own, fetched only for the ready state with a real key.
const StripePayment = lazy(() => import("./card-stripe-payment"));

type State =
  { kind: "loading" } | { kind: "error"; message: string } | { kind: "ready"; clientSecret: string; paymentIntentId: string; bookingId: string | null };

/** Browser language to the country sent with the intent (spec section 7: MX, BR, AR, or US by default). */
function countryFromBrowser() {
  const language = typeof navigator === "undefined" ? "" : navigator.language;
  const region = language.split("-")[1]?.toUpperCase();
  return region === "MX" || region === "BR" || region === "AR" ? region : "US";
}

/**
 * The spec's card payment dialog: 'Complete Payment' with the session's title; loading, error
 * (with Go Back) and ready (total, note, the Payment Element, Cancel and Complete Payment); it
 * cannot be closed while a payment is being confirmed. Stripe is loaded only in the ready state
 * (the /pure entry injects nothing until called). With the offline adapter the ready state leads
 * to the local test-payment page instead. Opened by the payment-dialogs island (decision record
 * 032), so it uses nothing of the framework's router.
 */
export default function CardDialog(props: CardDialogProps & { onClose: () => void }) {
  const { t } = useTranslation("payments");
  const [state, setState] = useState<State>({ kind: "loading" });
  const [busy, setBusy] = useState(false);
  // One key per opened dialog: the call sent again (a double render, a retry) starts one payment (decision record 096).
  const [requestKey] = useState(newRequestKey);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      try {
        const response = await fetch("/api/payments/create-intent", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Idempotency-Key": requestKey },
          credentials: "same-origin",
          body: JSON.stringify({
            ...(props.seriesId ? { isSubscription: true, seriesId: props.seriesId, nextSessionId: props.sessionId } : { sessionId: props.sessionId }),
            country: countryFromBrowser(),
            ...(props.inviteCode ? { inviteCode: props.inviteCode } : {}),
            ...props.safety,
          }),
        });
        const body = (await response.json().catch(() => ({}))) as { clientSecret?: string; bookingId?: string; error?: string };
        if (!response.ok || !body.clientSecret) throw new Error(body.error || "Failed to create payment intent");
        if (!cancelled)
          setState({
            kind: "ready",
            clientSecret: body.clientSecret,
            paymentIntentId: body.clientSecret.split("_secret_")[0]!,
            bookingId: body.bookingId ?? null,
          });
      } catch (error) {
        if (!cancelled) setState({ kind: "error", message: error instanceof Error ? error.message : String(error) });
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [props.sessionId, props.inviteCode, props.seriesId, props.safety, requestKey]);

  // A subscription waits for the webhook on its processing page (spec section 4, card return URLs).
  const returnPath =
    props.seriesId && state.kind === "ready"
      ? `/${props.lang}/series/${props.seriesId}/confirm/processing?paymentIntent=${encodeURIComponent(state.paymentIntentId)}`
      : `/${props.lang}/session/${props.sessionId}?payment=success`;
  const returnUrl = typeof window === "undefined" ? "" : `${window.location.origin}${returnPath}`;

  return (
    <NativeModal onClose={props.onClose} locked={busy} title={t("card.title")}>
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
          {props.publishableKey ? (
            <Suspense fallback={null}>
              <StripePayment
                publishableKey={props.publishableKey}
                clientSecret={state.clientSecret}
                lang={props.lang}
                returnUrl={returnUrl}
                voucherUrl={state.bookingId ? `/${props.lang}/booking/${state.bookingId}/voucher` : null}
                onClose={props.onClose}
                busy={busy}
                setBusy={setBusy}
              />
            </Suspense>
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
    </NativeModal>
  );
}
