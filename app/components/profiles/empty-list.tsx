import { useTranslation } from "react-i18next";
import { Link } from "#app/components/ui/link";
import { type Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";

/** A profile tab with nothing to list: its message and a way on to the search. */
export function EmptyList({ message }: { message: string }) {
  const { t, i18n } = useTranslation("profile");
  return (
    <p className="mt-4 rounded-lg border border-dashed border-stone-300 p-8 text-center text-stone-600">
      {message}{" "}
      <Link to={localePath(i18n.language as Locale, "/sessions")} className="text-brand-700 underline">
        {t("public.browse")}
      </Link>
    </p>
  );
}
