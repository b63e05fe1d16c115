import { useEffect } from "react";
import { listenForPaymentDialogs, PAYMENT_DIALOGS_CONFIG_ID } from "#app/islands/dialogs-loader";
import type { PaymentDialogsConfig } from "#app/modules/payments/dialogs";
import { useNonce } from "#app/utils/nonce";

/** The JSON the loader reads; `<` is escaped so no text can close the script element. */
const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The payment dialogs' config and their few lines of loader, inline with the page's nonce: the
 * confirmation page ships no framework script, and the island (React and the dialogs, decision
 * record 032) is fetched only when a player opens one. In a browser already running the app (it
 * navigated here from a hydrated page) React does not run inline scripts, so an effect runs the
 * same listener (app/islands/dialogs-loader.ts) instead.
 */
export function PaymentDialogsLoader({ config }: { config: PaymentDialogsConfig }) {
  const nonce = useNonce();
  const { loader, ...page } = config;
  useEffect(() => listenForPaymentDialogs(config), [config]);
  return (
    <>
      <script type="application/json" id={PAYMENT_DIALOGS_CONFIG_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: json(page) }} />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: loader }} />
    </>
  );
}
