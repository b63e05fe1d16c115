import { useEffect } from "react";
import type { PaymentDialogsConfig } from "#app/modules/payments/dialogs";
import { useNonce } from "#app/utils/nonce";

/** The JSON the loader reads; `<` is escaped so no text can close the script element. */
const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

const CONFIG_ID = "payment-dialogs-config";

/** The island's module: `open(kind, props, i18n)` (app/islands/payment-dialogs.tsx). */
type Island = { open: (kind: string, props: unknown, i18n: PaymentDialogsConfig["i18n"]) => void };

// The first click on an element with data-payment-dialog="kind" (a link, or a form's submit) fetches
// the island and opens that dialog; later clicks reuse it. Capturing, so it runs before anything
// else. Should the island fail to load, the form is posted or the link followed after all.
export const PAYMENT_DIALOGS_LOADER = `(function(){var c=document.getElementById("${CONFIG_ID}");if(!c)return;var cfg=JSON.parse(c.textContent),island=null;function start(kind,fallback){var props=cfg.dialogs[kind];if(!props)return false;island=island||import(cfg.entry);island.then(function(m){m.open(kind,props,cfg.i18n)},function(){island=null;fallback()});return true}document.addEventListener("click",function(e){var el=e.target instanceof Element&&e.target.closest("[data-payment-dialog]");if(!el||el.tagName==="FORM"||e.button!==0||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)return;if(start(el.getAttribute("data-payment-dialog"),function(){if(el.href)location.assign(el.href)}))e.preventDefault()},true);document.addEventListener("submit",function(e){var f=e.target;if(!(f instanceof HTMLFormElement)||!f.hasAttribute("data-payment-dialog"))return;if(start(f.getAttribute("data-payment-dialog"),function(){f.submit()}))e.preventDefault()},true)})();`;

/**
 * The payment dialogs' config and their few lines of loader, inline with the page's nonce: the
 * confirmation page ships no framework script, and the island (React and the dialogs, decision
 * record 032) is fetched only when a player opens one. In a browser already running the app (it
 * navigated here from a hydrated page) React does not run inline scripts, so an effect listens instead.
 */
export function PaymentDialogsLoader({ config }: { config: PaymentDialogsConfig }) {
  const nonce = useNonce();
  useEffect(() => {
    let island: Promise<Island> | null = null;
    const start = (kind: string | null, event: Event, fallback: () => void) => {
      const props = kind ? config.dialogs[kind] : undefined;
      if (!kind || !props) return;
      event.preventDefault();
      island ??= import(config.entry) as Promise<Island>;
      island.then(
        (m) => m.open(kind, props, config.i18n),
        () => {
          island = null;
          fallback();
        },
      );
    };
    const click = (event: MouseEvent) => {
      const el = event.target instanceof Element ? event.target.closest("[data-payment-dialog]") : null;
      if (!el || el.tagName === "FORM" || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
      start(el.getAttribute("data-payment-dialog"), event, () => {
        if (el instanceof HTMLAnchorElement) window.location.assign(el.href);
      });
    };
    const submit = (event: SubmitEvent) => {
      const form = event.target;
      if (form instanceof HTMLFormElement && form.hasAttribute("data-payment-dialog"))
        start(form.getAttribute("data-payment-dialog"), event, () => form.submit());
    };
    document.addEventListener("click", click, true);
    document.addEventListener("submit", submit, true);
    return () => {
      document.removeEventListener("click", click, true);
      document.removeEventListener("submit", submit, true);
    };
  }, [config]);
  return (
    <>
      <script type="application/json" id={CONFIG_ID} nonce={nonce} dangerouslySetInnerHTML={{ __html: json(config) }} />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PAYMENT_DIALOGS_LOADER }} />
    </>
  );
}
