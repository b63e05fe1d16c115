import { useTranslation } from "react-i18next";
import { type Rating, RatingLink } from "#app/components/reviews/rating-link";
import { Link } from "#app/components/ui/link";
import type { TagChip } from "#app/modules/catalog/tags";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";

/** One term and its value in a detail page's fact list (a <dl>). */
export function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-stone-600">{term}</dt>
      <dd className="font-medium">{children}</dd>
    </div>
  );
}

/** A session's or series' tags as chips, nothing when there are none. */
export function TagList({ tags }: { tags: TagChip[] }) {
  if (!tags.length) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {tags.map((tag) => (
        <li key={tag.id} className="rounded-full bg-stone-100 px-3 py-1 text-sm">
          <span aria-hidden="true">{tag.emoji}</span> {tag.label}
        </li>
      ))}
    </ul>
  );
}

/** Who hosts it, their bio, and the way to their reviews. */
export function HostCard({ host, rating }: { host: { id: string; name: string; bio: string | null }; rating?: Rating }) {
  const { t, i18n } = useTranslation("sessions");
  return (
    <div className="rounded-lg border border-stone-200 bg-white p-5 text-sm">
      <p className="text-stone-600">{t("detail.host")}</p>
      <p className="font-semibold">{host.name}</p>
      {host.bio ? <p className="mt-1 text-stone-700">{host.bio}</p> : null}
      {rating ? (
        <RatingLink userId={host.id} rating={rating} className="mt-2" />
      ) : (
        <Link to={`${localePath(i18n.language as Locale, `/profile/${host.id}`)}?tab=reviews`} className="mt-2 inline-block text-brand-700 underline">
          {t("detail.ratingLink")}
        </Link>
      )}
    </div>
  );
}
