import { useTranslation } from "react-i18next";
import { Link } from "#app/components/ui/link";
import { pageButtons } from "#app/modules/sessions/search";

/**
 * Spec pagination: previous/next (disabled at the ends), numbered pages with ellipsis gaps —
 * 9 buttons on wide screens, 5 at 767 px or less — and "showing start–end of total".
 * Shown only when there is more than one page. Each page is a plain link. `more` says the total
 * is a lower bound (the search counts up to a cap).
 */
export function Pagination({
  page,
  pages,
  total,
  more = false,
  pageSize,
  hrefFor,
  maxButtons = 9,
}: {
  page: number;
  pages: number;
  total: number;
  more?: boolean;
  pageSize: number;
  hrefFor: (page: number) => string;
  /** 9 (the search) shows 9 page buttons on wide screens and 5 on phones; 5 shows 5 everywhere. */
  maxButtons?: 5 | 9;
}) {
  const { t } = useTranslation("sessions");
  if (pages <= 1) return null;
  const start = (page - 1) * pageSize + 1;
  const end = Math.min(total, page * pageSize);
  const item = "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md border px-3 text-sm";
  // At 767 px or less: 40 px wide buttons (still 44 tall) and arrows for previous/next, so the
  // whole row (previous, 5 pages, next) fits a 360 px screen: 40 + 5 × 40 + gaps + 40 = 304 px.
  const small = "max-md:min-w-10 max-md:px-2";
  const arrowText = "max-md:sr-only";
  const renderButtons = (slots: number, className: string) => (
    <ul className={`items-center gap-1 ${className}`}>
      {pageButtons(page, pages, slots).map((p, i) =>
        p === "gap" ? (
          <li key={`gap-${i}`} aria-hidden="true" className="px-1">
            …
          </li>
        ) : (
          <li key={p}>
            <Link
              to={hrefFor(p)}
              aria-current={p === page ? "page" : undefined}
              aria-label={t("pagination.page", { page: p })}
              className={`${item} ${small} ${p === page ? "border-brand-600 bg-brand-600 text-white" : "border-stone-300 bg-white hover:bg-stone-100"}`}
            >
              {p}
            </Link>
          </li>
        ),
      )}
    </ul>
  );
  return (
    <nav aria-label={t("pagination.label")} className="mt-8 flex flex-col items-center gap-3">
      <p className="text-sm text-stone-700">{t(more ? "pagination.showingMore" : "pagination.showing", { start, end, total })}</p>
      <div className="flex items-center gap-1 md:gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className={`${item} ${small} border-stone-300 bg-white`}>
            <span aria-hidden="true" className="md:hidden">
              ‹
            </span>
            <span className={arrowText}>{t("pagination.previous")}</span>
          </Link>
        ) : (
          <span aria-disabled="true" className={`${item} ${small} border-stone-200 text-stone-500`}>
            <span aria-hidden="true" className="md:hidden">
              ‹
            </span>
            <span className={arrowText}>{t("pagination.previous")}</span>
          </span>
        )}
        {maxButtons === 9 ? renderButtons(9, "hidden md:flex") : null}
        {renderButtons(5, maxButtons === 9 ? "flex md:hidden" : "flex")}
        {page < pages ? (
          <Link to={hrefFor(page + 1)} className={`${item} ${small} border-stone-300 bg-white`}>
            <span className={arrowText}>{t("pagination.next")}</span>
            <span aria-hidden="true" className="md:hidden">
              ›
            </span>
          </Link>
        ) : (
          <span aria-disabled="true" className={`${item} ${small} border-stone-200 text-stone-500`}>
            <span className={arrowText}>{t("pagination.next")}</span>
            <span aria-hidden="true" className="md:hidden">
              ›
            </span>
          </span>
        )}
      </div>
    </nav>
  );
}
