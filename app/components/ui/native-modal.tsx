import { useEffect, useId, useLayoutEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

/**
 * A modal dialog on the browser's own <dialog> (showModal): the rest of the page is inert, so focus
 * stays inside; Escape, the backdrop and the × close it unless `locked` (a payment in flight); the
 * title names it. For the payment dialogs, which run without the framework's router or Headless
 * UI (decision record 032). It is open while mounted: the owner unmounts it to close it.
 */
export function NativeModal({
  onClose,
  title,
  locked = false,
  children,
}: {
  onClose: () => void;
  title: string;
  /** While true nothing closes the dialog. */
  locked?: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("common");
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const latest = useRef({ onClose, locked, gone: false });
  latest.current = { onClose, locked, gone: false };

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    // Closing before the element leaves the page lets the browser put focus back where it was.
    return () => {
      latest.current.gone = true;
      dialog.close();
    };
  }, []);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // The browser may close a modal on a repeated Escape even when its cancel event is refused: reopen while locked.
    const closed = () => {
      if (latest.current.gone) return;
      if (latest.current.locked) dialog.showModal();
      else latest.current.onClose();
    };
    dialog.addEventListener("close", closed);
    return () => dialog.removeEventListener("close", closed);
  }, []);

  const close = () => {
    if (!latest.current.locked) onClose();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && locked) event.preventDefault();
      }}
      // A click on the dialog element itself is a click on the backdrop: the panel inside covers the rest.
      onClick={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      className="m-0 mt-auto max-h-[85vh] w-full max-w-none overflow-visible bg-transparent p-0 backdrop:bg-stone-900/50 sm:m-auto sm:w-[calc(100%-2rem)] sm:max-w-lg"
    >
      <div className="max-h-[85vh] w-full overflow-y-auto rounded-t-lg bg-white p-5 shadow-xl sm:rounded-lg">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={close}
            disabled={locked}
            aria-label={t("actions.close")}
            className="-m-1 inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-2xl leading-none text-stone-700 hover:bg-stone-100 disabled:text-stone-400"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
