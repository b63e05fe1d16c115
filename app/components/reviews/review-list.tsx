import { useTranslation } from "react-i18next";
import { ReportLink } from "#app/components/report-link";
import { Link } from "#app/components/ui/link";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";

export type ReviewItem = {
  id: string;
  rating: number;
  comment: string;
  reply: string | null;
  when: string;
  targetRole: "DM" | "PLAYER";
  author: { id: string; name: string };
  session: { id: string; title: string };
  canReply: boolean;
};

/** Stars as text for the eye and a sentence for a screen reader. */
export function Stars({ rating }: { rating: number }) {
  const { t } = useTranslation("reviews");
  return (
    <span className="text-amber-600">
      <span aria-hidden="true">{"★".repeat(rating) + "☆".repeat(5 - rating)}</span>
      <span className="sr-only">{t("stars", { count: rating })}</span>
    </span>
  );
}

/**
 * The profile's reviews, newest first, each with its answer or, for the person reviewed, the way to
 * answer once; everyone but its author may report a review (`viewerId` null: signed out).
 */
export function ReviewList({ items, personName, viewerId }: { items: ReviewItem[]; personName: string; viewerId: string | null }) {
  const { t, i18n } = useTranslation("reviews");
  const lang = i18n.language as Locale;
  if (items.length === 0) return <p className="mt-4 rounded-lg border border-dashed border-stone-300 p-8 text-center text-stone-600">{t("list.empty")}</p>;
  return (
    <ul className="mt-4 space-y-3">
      {items.map((r) => (
        <li key={r.id} className="space-y-2 rounded-lg border border-stone-200 bg-white p-4 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <Stars rating={r.rating} />
            <span className="rounded-full bg-stone-100 px-2 py-0.5 text-xs text-stone-700">{t(r.targetRole === "DM" ? "list.asDm" : "list.asPlayer")}</span>
            <span className="text-stone-600">{r.when}</span>
          </p>
          {r.comment ? <p className="whitespace-pre-line text-stone-900">{r.comment}</p> : null}
          <p className="text-stone-600">
            <Link to={localePath(lang, `/profile/${r.author.id}`)} className="font-medium text-brand-700 underline">
              {r.author.name}
            </Link>{" "}
            ·{" "}
            <Link to={localePath(lang, `/session/${r.session.id}`)} className="underline">
              {t("list.about", { title: r.session.title })}
            </Link>
          </p>
          {r.reply ? (
            <blockquote className="border-l-4 border-stone-300 pl-3 text-stone-800">
              <p className="text-xs font-semibold text-stone-600">{t("reply.from", { name: personName })}</p>
              <p className="whitespace-pre-line">{r.reply}</p>
            </blockquote>
          ) : r.canReply ? (
            <Link to={localePath(lang, `/reviews/${r.id}/reply`)} className="inline-flex min-h-11 items-center text-brand-700 underline">
              {t("list.answer")}
            </Link>
          ) : null}
          {viewerId !== r.author.id ? <ReportLink lang={lang} kind="review" id={r.id} label={t("reportReview")} /> : null}
        </li>
      ))}
    </ul>
  );
}
