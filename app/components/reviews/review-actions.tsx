import { useTranslation } from "react-i18next";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";

export type ReviewAction = { name: string; href: string; reviewed: boolean };

/**
 * The review buttons of a past session (spec section 4): one per person the viewer may review;
 * someone already reviewed shows the disabled 'already reviewed' state, with the way to edit.
 */
export function ReviewActions({ actions }: { actions: ReviewAction[] }) {
  const { t } = useTranslation("reviews");
  if (actions.length === 0) return null;
  return (
    <section aria-labelledby="review-actions-heading" className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
      <h2 id="review-actions-heading" className="font-semibold">
        {t("titleClosed")}
      </h2>
      <ul className="space-y-2">
        {actions.map((a) => (
          <li key={a.href} className="flex flex-wrap items-center gap-2">
            {a.reviewed ? (
              <>
                <span aria-disabled="true" className={buttonClass("secondary", "cursor-not-allowed opacity-60")}>
                  {t("actions.reviewed", { name: a.name })}
                </span>
                <Link to={a.href} className="text-sm text-brand-700 underline">
                  {t("actions.edit", { name: a.name })}
                </Link>
              </>
            ) : (
              <Link to={a.href} className={buttonClass("primary")}>
                {t("actions.review", { name: a.name })}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
