import { Link } from "#app/components/ui/link";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";

/**
 * The way to report a review or a profile (decision record 063): a link to the report form page,
 * so it works without JavaScript; a signed-out visitor is asked to sign in and brought back.
 */
export function ReportLink({ lang, kind, id, label }: { lang: Locale; kind: "review" | "profile"; id: string; label: string }) {
  return (
    <Link
      to={`${localePath(lang, "/report")}?kind=${kind}&id=${id}`}
      className="inline-flex min-h-11 items-center text-sm text-stone-600 underline"
      rel="nofollow"
    >
      {label}
    </Link>
  );
}
