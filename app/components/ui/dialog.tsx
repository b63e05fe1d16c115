import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { useTranslation } from "react-i18next";

/**
 * A modal dialog (Headless UI): focus stays inside, Escape and the backdrop close it, the title
 * names it for screen readers. It only ever enhances a page that already works without
 * JavaScript, and only the routes that open one import it, so its script never reaches the
 * search page's bundle.
 */
export function Modal({ open, onClose, title, children }: { open: boolean; onClose: () => void; title: string; children: React.ReactNode }) {
  const { t } = useTranslation("common");
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <DialogBackdrop className="fixed inset-0 bg-stone-900/50" />
      <DialogPanel className="relative max-h-[85vh] w-full max-w-lg overflow-y-auto rounded-t-lg bg-white p-5 shadow-xl sm:rounded-lg">
        <div className="flex items-start justify-between gap-3">
          <DialogTitle as="h2" className="text-lg font-semibold">
            {title}
          </DialogTitle>
          <button
            type="button"
            onClick={onClose}
            aria-label={t("actions.close")}
            className="-m-1 inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-2xl leading-none text-stone-700 hover:bg-stone-100"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </DialogPanel>
    </Dialog>
  );
}
