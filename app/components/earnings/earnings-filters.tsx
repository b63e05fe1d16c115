import type { SerializeFrom } from "@remix-run/node";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import type { EarningsDesk } from "#app/modules/earnings/index.server";
import { LINE_STATES } from "#app/modules/earnings/rules";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import { withQuery } from "./query";

const field = "mt-1 block w-full min-h-11 rounded-md border border-stone-300 bg-white px-3 text-base";

/** One filter to choose a campaign by its title, or all of them. */
function ChoiceSelect(p: { name: string; label: string; all: string; value: string | undefined; choices: { id: string; title: string }[] }) {
  return (
    <label className="text-sm font-medium">
      {p.label}
      <select name={p.name} defaultValue={p.value ?? ""} className={field}>
        <option value="">{p.all}</option>
        {p.choices.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The desk's filters: a GET form (works without JavaScript; the address holds the state) and the month's arrows. */
export function EarningsFilters({ desk, query, lang }: { desk: SerializeFrom<EarningsDesk>; query: string; lang: Locale }) {
  const { t } = useTranslation("earnings");
  const base = localePath(lang, "/earnings");
  const f = desk.filters;
  return (
    <section aria-labelledby="filters-title" className="rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="filters-title" className="sr-only">
        {t("filters.legend")}
      </h2>
      {desk.neighbours ? (
        <nav className="mb-3 flex items-center justify-between gap-2 text-sm">
          <Link to={`${base}${withQuery(query, { month: desk.neighbours.previous, year: null, page: null })}`} className="underline">
            ← {t("filters.previous")}
          </Link>
          <span className="font-medium">{desk.month}</span>
          <Link to={`${base}${withQuery(query, { month: desk.neighbours.next, year: null, page: null })}`} className="underline">
            {t("filters.next")} →
          </Link>
        </nav>
      ) : null}
      {desk.session ? (
        <p className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-stone-100 px-3 py-2 text-sm" data-testid="session-filter">
          <span className="font-medium">{t("filters.onlySession", { title: desk.session.title })}</span>
          <Link to={localePath(lang, `/session/${desk.session.id}`)} className="underline">
            {t("filters.openSession")}
          </Link>
          <Link to={`${base}${withQuery(query, { session: null, page: null })}`} className="underline">
            {t("filters.removeSession")}
          </Link>
        </p>
      ) : (
        <p className="mb-3 text-sm text-stone-700">{t("filters.sessionHint")}</p>
      )}
      <Form method="get" action={base} className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        {f.session ? <input type="hidden" name="session" value={f.session} /> : null}
        <label className="text-sm font-medium">
          {t("filters.month")}
          <input type="month" name="month" defaultValue={desk.month ?? ""} className={field} />
        </label>
        <ChoiceSelect name="series" label={t("filters.series")} all={t("filters.all")} value={f.series} choices={desk.series} />
        <label className="text-sm font-medium">
          {t("filters.state")}
          <select name="state" defaultValue={f.state ?? ""} className={field}>
            <option value="">{t("filters.all")}</option>
            {LINE_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`state.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-center gap-3">
          <Button type="submit">{t("filters.apply")}</Button>
          <Link to={base} className="text-sm underline">
            {t("filters.clear")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
