import { useTranslation } from "react-i18next";
import { useRequirementWords } from "#app/components/payouts/requirement-words";
import { Link } from "#app/components/ui/link";

/** To the host of a paid session their players cannot pay for yet: what Stripe asks, and the way to the payouts page. */
export function PayoutNotice({ notice }: { notice: { href: string; requirements: string[] } }) {
  const { t } = useTranslation("payouts");
  const words = useRequirementWords();
  return (
    <section role="status" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <h2 className="font-semibold">{t("hostNotice.title")}</h2>
      <p className="mt-1 text-sm">{t("hostNotice.body")}</p>
      {notice.requirements.length > 0 ? (
        <ul className="mt-2 list-disc pl-5 text-sm">
          {notice.requirements.map((id) => (
            <li key={id}>{words(id)}</li>
          ))}
        </ul>
      ) : null}
      <Link to={notice.href} className="mt-2 inline-flex min-h-11 items-center font-medium underline">
        {t("hostNotice.action")}
      </Link>
    </section>
  );
}
