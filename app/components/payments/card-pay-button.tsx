import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { IntentForm } from "#app/components/sessions/confirm-parts";

// Stripe's browser code (and the dialog around it) is its own chunk, fetched on the first click.
const CardDialog = lazy(() => import("./card-dialog"));

export type CardPayProps = {
  sessionId: string;
  sessionTitle: string;
  /** The total in US format (spec section 2, card payment dialog). */
  total: string;
  /** Stripe's publishable key; null while the offline adapter plays Stripe. */
  publishableKey: string | null;
  lang: string;
  inviteCode?: string;
};

/**
 * 'Pay by card': a form post to the hosted card page, which is what browsers without JavaScript
 * use. Once the page is interactive the same button opens the card payment dialog instead.
 */
export function CardPayButton(props: CardPayProps) {
  const { t } = useTranslation("payments");
  const [open, setOpen] = useState(false);
  return (
    <div
      onSubmitCapture={(event) => {
        event.preventDefault();
        setOpen(true);
      }}
    >
      <IntentForm intent="payCard" label={t("card.pay")} fields={props.inviteCode ? { inviteCode: props.inviteCode } : {}} />
      {open ? (
        <Suspense fallback={null}>
          <CardDialog {...props} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
