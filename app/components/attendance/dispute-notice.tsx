import { useTranslation } from "react-i18next";
import { Link } from "#app/components/ui/link";

/** On a past session's page, for a player its host marked absent: the way to dispute it (decision record 057). */
export function DisputeNotice({ href }: { href: string }) {
  const { t } = useTranslation("attendance");
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      {t("dispute.marked")}{" "}
      <Link to={href} className="font-semibold underline">
        {t("dispute.link")}
      </Link>
    </p>
  );
}
