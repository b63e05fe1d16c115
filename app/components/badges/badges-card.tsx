import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "#app/components/ui/link";
import type { BadgeCategory } from "#app/modules/badges/catalogue";
import { type BadgeRole, badgesForRole, badgesInCategory, badgeTab, categoriesForRole } from "#app/modules/badges/rules";
import { BadgePill } from "./badge-pill";

type Props = {
  /** The user's earned badge ids as stored (unknown ones are dropped). */
  ids: readonly string[];
  /** Whose profile: a DM's shows the dm and both categories, a player's player and both (spec section 6). */
  role: BadgeRole;
  /** The raw `?badges=` value of the page's URL; a missing or foreign value selects the role's own category. */
  selected: string | null | undefined;
  /** The page's own address with `?badges=<category>` set (and whatever else the page keeps in its query). */
  hrefFor: (category: BadgeCategory) => string;
};

/**
 * The profile's badges card. The category tabs are links to the same page with `?badges=`, so they
 * work without scripts and the chosen tab survives a reload or a shared link.
 */
export function BadgesCard({ ids, role, selected, hrefFor }: Props) {
  const { t } = useTranslation("badges");
  const headingId = useId();
  const tab = badgeTab(selected, role);
  const shown = badgesInCategory(badgesForRole(ids, role), tab);
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {t("card.title")}
      </h2>
      <nav aria-label={t("card.tabs")} className="mt-3">
        <ul className="flex flex-wrap gap-2">
          {categoriesForRole(role).map((category) => (
            <li key={category}>
              <Link
                to={hrefFor(category)}
                aria-current={category === tab ? "page" : undefined}
                className={
                  category === tab
                    ? "inline-block rounded-full bg-brand-600 px-3 py-1 text-sm font-medium text-white"
                    : "inline-block rounded-full px-3 py-1 text-sm font-medium text-gray-700 underline-offset-2 hover:bg-gray-100 hover:underline"
                }
              >
                {t(`categories.${category}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {shown.length > 0 ? (
        <ul className="relative mt-4 flex flex-wrap gap-2">
          {shown.map((id) => (
            <li key={id}>
              <BadgePill id={id} size="md" />
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-gray-600">{t("card.empty")}</p>
      )}
    </section>
  );
}
