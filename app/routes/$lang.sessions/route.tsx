import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SearchFilters } from "#app/components/sessions/search-filters";
import { SessionCard } from "#app/components/sessions/session-card";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { Pagination } from "#app/components/ui/pagination";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { toCard } from "#app/modules/sessions/cards.server";
import { todayIn } from "#app/modules/sessions/date-range.server";
import { parseSearchParams, withParams } from "#app/modules/sessions/search";
import { canonicalSearch } from "#app/modules/sessions/search-url";
import { searchSessions } from "#app/modules/sessions/sessions.server";
import { requireUser } from "#app/web/guards.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { ActiveFilterChips, PopularTags, QuickFilters } from "./search-shortcuts";

// Plain HTML: filters are a GET form, pages are links, the bottom sheet is CSS (decision record 009).
export const handle = { i18n: ["sessions", "badges", "safety", "validation"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

/** Spec: without a login the search redirects to /login?redirect=/sessions. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const url = new URL(request.url);
  const canonical = canonicalSearch(url.searchParams);
  if (canonical !== null) throw redirect(`${url.pathname}${canonical}`);
  const search = parseSearchParams(url.searchParams);
  const d = deps(context);
  const result = await searchSessions(d, search, user, { timeZone: user.timeZone });
  return {
    title: translator(lang, "sessions")("search.title"),
    isDm: user.isDm,
    today: todayIn(user.timeZone, d.now),
    params: search,
    cards: result.rows.map((row) => toCard(row, lang, user.id, user.timeZone)),
    total: result.total,
    more: result.more,
    page: result.page,
    pages: result.pages,
    pageSize: result.pageSize,
  };
}

export default function SessionsPage() {
  const data = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("sessions");
  const lang = pageLocale(i18n.language);
  const location = useLocation();
  const current = new URLSearchParams(location.search);
  const href = (changes: Record<string, string | null>, keepPage = false) => `${location.pathname}${withParams(current, changes, keepPage)}`;
  return (
    <section>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("search.title")}</h1>
          <p className="text-stone-700">{t("search.subtitle")}</p>
        </div>
        {data.isDm ? (
          <div className="flex flex-wrap gap-2">
            <Link to={localePath(lang, "/create")} className={buttonClass("primary")}>
              {t("search.create")}
            </Link>
            <Link to={localePath(lang, "/series/new")} className={buttonClass("secondary")}>
              {t("search.createSeries")}
            </Link>
          </div>
        ) : null}
      </div>
      <QuickFilters today={data.today} href={href} />
      <div className="mt-4">
        <SearchFilters params={data.params} action={location.pathname} />
      </div>
      <PopularTags href={href} />
      <ActiveFilterChips params={data.params} href={href} clearHref={location.pathname} />
      <p className="mt-4 text-sm text-stone-700" aria-live="polite">
        {data.more ? t("search.resultsMore", { count: data.total }) : t("search.results", { count: data.total })}
      </p>
      {data.cards.length ? (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {data.cards.map((card) => (
            <SessionCard key={card.id} card={card} />
          ))}
        </ul>
      ) : (
        <p className="mt-8 rounded-lg border border-dashed border-stone-300 p-8 text-center text-stone-600">{t("search.empty")}</p>
      )}
      <Pagination
        page={data.page}
        pages={data.pages}
        total={data.total}
        more={data.more}
        pageSize={data.pageSize}
        hrefFor={(p) => href({ page: String(p) }, true)}
      />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
