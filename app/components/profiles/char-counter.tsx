import { useTranslation } from "react-i18next";

/** "n / max" under a text area; the parent passes the live length (server-rendered with the initial one). */
export function CharCounter({ length, max }: { length: number; max: number }) {
  const { t } = useTranslation("profile");
  return (
    <span aria-live="polite" className={length > max ? "font-semibold text-red-700" : undefined}>
      {t("counter", { count: length, max })}
    </span>
  );
}
