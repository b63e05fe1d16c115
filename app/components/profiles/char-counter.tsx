import { useTranslation } from "react-i18next";

/**
 * "n / max" under a text area; the parent passes the live length (server-rendered with the initial
 * one). Its text lives in "common", which every page loads: the session and series forms use it
 * too, and a namespace a page does not declare is fetched only after hydration has begun, which
 * made the browser's first render differ from the server's now and then.
 */
export function CharCounter({ length, max }: { length: number; max: number }) {
  const { t } = useTranslation("common");
  return (
    <span aria-live="polite" className={length > max ? "font-semibold text-red-700" : undefined}>
      {t("counter", { count: length, max })}
    </span>
  );
}
