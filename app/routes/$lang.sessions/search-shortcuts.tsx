import { useTranslation } from "react-i18next";
import { Link } from "#app/components/ui/link";
import { popularTagIds, predefinedTags, tagLabel } from "#app/modules/catalog/tags";
import { activeFilters } from "#app/modules/sessions/active-filters";
import type { SearchParams } from "#app/modules/sessions/search";
import { pageLocale } from "#app/web/locale";

/** A link to the search with `changes` applied to the current query. */
type Href = (changes: Record<string, string | null>) => string;

/** One-tap searches above the filters (today, few seats, new campaigns, learn to play, free, one-shots). */
export function QuickFilters({ today, href }: { today: string; href: Href }) {
  const { t } = useTranslation("sessions");
  const chips: { key: string; changes: Record<string, string> }[] = [
    { key: "today", changes: { dateFrom: today, dateTo: today } },
    { key: "fewSeats", changes: { fewSpots: "true" } },
    { key: "newCampaigns", changes: { tags: "new-campaign" } },
    { key: "learn", changes: { tags: "beginner-friendly" } },
    { key: "free", changes: { freeOnly: "true" } },
    { key: "oneShots", changes: { tags: "one-shot" } },
  ];
  return (
    <ul className="mt-4 flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li key={chip.key}>
          <Link
            to={href(chip.changes)}
            className="inline-flex min-h-9 items-center rounded-full border border-stone-300 bg-white px-3 text-sm hover:bg-stone-100"
          >
            {t(`search.chips.${chip.key}`)}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The popular predefined tags, each a search for it. */
export function PopularTags({ href }: { href: Href }) {
  const { t, i18n } = useTranslation("sessions");
  const lang = pageLocale(i18n.language);
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
      <span className="text-stone-700">{t("search.popularTags")}:</span>
      {popularTagIds.map((id) => {
        const tag = predefinedTags.find((p) => p.id === id)!;
        return (
          <Link key={id} to={href({ tags: id })} className="rounded-full bg-stone-100 px-3 py-1 hover:bg-stone-200">
            <span aria-hidden="true">{tag.emoji}</span> {tagLabel(tag, lang)}
          </Link>
        );
      })}
    </div>
  );
}

/** The filters in use, each a link that removes it, and one that clears them all. */
export function ActiveFilterChips({ params, href, clearHref }: { params: SearchParams; href: Href; clearHref: string }) {
  const { t, i18n } = useTranslation("sessions");
  const active = activeFilters(params, pageLocale(i18n.language), t);
  if (!active.length) return null;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 text-sm" aria-label={t("search.active")}>
      {active.map((filter) => (
        <Link
          key={filter.id}
          to={href(filter.remove)}
          aria-label={t("search.remove", { name: filter.text })}
          className="inline-flex min-h-8 items-center gap-1 rounded-full bg-brand-50 px-3 text-brand-700 hover:bg-brand-100"
        >
          {filter.text} <span aria-hidden="true">×</span>
        </Link>
      ))}
      <Link to={clearHref} className="text-brand-700 underline">
        {t("search.clear")}
      </Link>
    </div>
  );
}
