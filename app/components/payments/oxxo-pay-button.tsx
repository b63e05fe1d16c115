import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import type { OxxoDialogProps } from "./oxxo-dialog-props";

// The dialog is its own chunk, fetched on the first click.
const OxxoDialog = lazy(() => import("./oxxo-dialog"));

/**
 * 'Pay at OXXO': a link to the name page, which is what browsers without JavaScript use. Once
 * the page is interactive the same link opens the OXXO name dialog instead (a click with a
 * modifier key still opens the page, in a new tab as the browser chooses).
 */
export function OxxoPayButton({ href, dialog }: { href: string; dialog: Omit<OxxoDialogProps, "onClose"> }) {
  const { t } = useTranslation("payments");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Link
        to={href}
        className={buttonClass("secondary", "w-full")}
        onClick={(event) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          setOpen(true);
        }}
      >
        {t("oxxo.pay")}
      </Link>
      {open ? (
        <Suspense fallback={null}>
          <OxxoDialog {...dialog} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
