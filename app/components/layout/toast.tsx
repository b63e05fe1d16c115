import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

export type ToastData = { type: "success" | "error" | "info"; key: string; params?: Record<string, string | number> };

const TOAST_MS = 6000; // spec section 9

const styles = {
  success: "border-green-700 bg-green-50 text-green-900",
  error: "border-red-700 bg-red-50 text-red-900",
  info: "border-brand-600 bg-brand-50 text-stone-900",
};

/** Server-rendered, so it shows without JavaScript; with it, it closes itself after 6 s. */
export function Toast({ toast }: { toast: ToastData }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  useEffect(() => {
    setOpen(true);
    const timer = setTimeout(() => setOpen(false), TOAST_MS);
    return () => clearTimeout(timer);
  }, [toast]);
  if (!open) return null;
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      className={`fixed bottom-4 right-4 z-50 flex max-w-sm items-start gap-3 rounded-md border-l-4 p-4 shadow-lg ${styles[toast.type]}`}
    >
      <p className="text-sm">{t(toast.key, toast.params)}</p>
      <button type="button" onClick={() => setOpen(false)} className="-m-1 min-h-8 min-w-8 rounded text-lg leading-none" aria-label={t("actions.close")}>
        ×
      </button>
    </div>
  );
}
