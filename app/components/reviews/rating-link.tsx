import { useTranslation } from "react-i18next";
import { Link } from "#app/components/ui/link";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import { formatRatingAverage } from "#app/modules/ratings/rules";

export type Rating = { average: number | null; count: number };

/**
 * The host rating link (spec section 2): the average to one decimal and the count, 'review' or
 * 'reviews', leading to the profile's reviews tab. The number is written in the reader's locale
 * (4,7 in Spanish and Portuguese), as on the session cards.
 */
export function RatingLink({ userId, rating, className = "" }: { userId: string; rating: Rating; className?: string }) {
  const { t, i18n } = useTranslation("reviews");
  const lang = i18n.language as Locale;
  const href = `${localePath(lang, `/profile/${userId}`)}?tab=reviews`;
  const average = rating.average === null ? null : formatRatingAverage(rating.average, lang);
  return (
    <Link to={href} className={`inline-flex items-center gap-1 text-brand-700 underline ${className}`}>
      {average === null ? (
        t("noRatings")
      ) : (
        <>
          <span aria-hidden="true" className="text-amber-600">
            ★
          </span>
          {t("rating_link", { average, count: rating.count })}
        </>
      )}
    </Link>
  );
}
