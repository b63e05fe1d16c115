import type { PageSafety, PaymentDialogsConfig } from "#app/modules/payments/dialogs";

/** The id of the page's JSON config element, read by the inline loader. */
export const PAYMENT_DIALOGS_CONFIG_ID = "payment-dialogs-config";

type Texts = { lang: string; resources: Record<string, unknown> };
/** The island's module: `open(kind, props, texts)` (app/islands/payment-dialogs.tsx). */
type Island = { open: (kind: string, props: unknown, texts: Texts) => void };

/** The dialogs' words, fetched beside the island's script (both in the same round trip). */
async function fetchTexts({ lang, files }: PaymentDialogsConfig["i18n"]): Promise<Texts> {
  const loaded = await Promise.all(
    Object.entries(files).map(async ([ns, url]) => {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      return [ns, (await response.json()) as unknown] as const;
    }),
  );
  return { lang, resources: Object.fromEntries(loaded) };
}

/**
 * The lines and veils typed in the submitted form, or (for a link such as OXXO's) in the page's
 * payment form, so either dialog sends what the player wrote; none when the page has no such fields
 * or they are left empty.
 */
export function pageSafety(doc: Document, form: HTMLFormElement | null): PageSafety | undefined {
  const source = form ?? doc.querySelector<HTMLFormElement>("form[data-payment-dialog]");
  if (!source?.querySelector('[name="safetyNote"]')) return undefined;
  const data = new FormData(source);
  const list = (name: string) => data.getAll(name).map(String);
  const safety = { lines: list("lines"), veils: list("veils"), safetyNote: String(data.get("safetyNote") ?? ""), anonymous: data.get("anonymous") === "on" };
  // Nothing typed sends nothing: the API reads absent fields as an empty note all the same.
  return safety.lines.length || safety.veils.length || safety.safetyNote ? safety : undefined;
}

/**
 * The first click on an element with data-payment-dialog="kind" (a link, or a form's submit)
 * fetches the island and opens that dialog; later clicks reuse it. Capturing, so it runs before
 * anything else. Should the island fail to load, the form is posted or the link followed after all.
 *
 * Written once for both ways a page runs it: inline on a page served as plain HTML
 * (dialogs-loader-inline.ts, built by server/build-islands.ts) and from an effect when a hydrated
 * app renders the page (React does not run inline scripts it renders). Returns the way to stop.
 */
export function listenForPaymentDialogs(config: Pick<PaymentDialogsConfig, "entry" | "i18n" | "dialogs">, doc: Document = document): () => void {
  let island: Promise<[Island, Texts]> | null = null;
  const start = (kind: string | null, event: Event, fallback: () => void, form: HTMLFormElement | null = null) => {
    const props = kind ? config.dialogs[kind] : undefined;
    if (!kind || !props) return;
    event.preventDefault();
    const safety = pageSafety(doc, form);
    island ??= Promise.all([import(/* @vite-ignore */ config.entry) as Promise<Island>, fetchTexts(config.i18n)]);
    island.then(
      ([m, texts]) => m.open(kind, safety ? { ...(props as object), safety } : props, texts),
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
      start(form.getAttribute("data-payment-dialog"), event, () => form.submit(), form);
  };
  doc.addEventListener("click", click, true);
  doc.addEventListener("submit", submit, true);
  return () => {
    doc.removeEventListener("click", click, true);
    doc.removeEventListener("submit", submit, true);
  };
}
