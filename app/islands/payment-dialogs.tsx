import { type ComponentProps, type ComponentType, lazy, Suspense } from "react";
import { createRoot, type Root } from "react-dom/client";
import { type Texts, TranslationProvider } from "./translations";

/**
 * The payment-dialogs island (decision record 032): React and the payment dialogs, without the
 * framework, for pages served as plain HTML. The page's inline loader imports this module on the
 * first click on an element with `data-payment-dialog="<kind>"` and calls `open` with that kind's
 * props from the page's JSON and the words the server picked for the viewer's language. Built by
 * server/build-islands.ts; each kind is a chunk of its own.
 */
const dialogs = {
  card: () => import("#app/components/payments/card-dialog"),
  oxxo: () => import("#app/components/payments/oxxo-dialog"),
};

export type PaymentDialogKind = keyof typeof dialogs;
export type PaymentDialogProps<K extends PaymentDialogKind> = Omit<ComponentProps<Awaited<ReturnType<(typeof dialogs)[K]>>["default"]>, "onClose">;
type AnyDialog = ComponentType<{ onClose: () => void }>;

const components = new Map<string, AnyDialog>();
let root: Root | null = null;
let opened = 0;

/** Opens a dialog of the given kind; closing it puts focus back on what opened it. */
export function open<K extends PaymentDialogKind>(kind: K, props: PaymentDialogProps<K>, texts: Texts) {
  // The kinds' props differ; each component is loaded and given its own kind's props, hence the widening.
  const load = dialogs[kind] as (() => Promise<{ default: AnyDialog }>) | undefined;
  if (!load) return;
  let Dialog = components.get(kind);
  if (!Dialog) {
    Dialog = lazy(load) as unknown as AnyDialog;
    components.set(kind, Dialog);
  }
  if (!root) {
    const container = document.createElement("div");
    container.setAttribute("data-payment-dialogs", "");
    document.body.append(container);
    root = createRoot(container);
  }
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const close = () => {
    root?.render(null);
    opener?.focus();
  };
  opened += 1;
  root.render(
    <TranslationProvider texts={texts}>
      <Suspense fallback={null}>
        <Dialog key={opened} {...props} onClose={close} />
      </Suspense>
    </TranslationProvider>,
  );
}
