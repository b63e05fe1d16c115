import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SafetyToolChoices } from "#app/components/safety/safety-fields";
import { buttonClass } from "#app/components/ui/button";
import { currencies, gameLabel, games, genres, searchExperienceLevels } from "#app/modules/catalog/options";
import type { SearchParams } from "#app/modules/sessions/search";

const input = "block w-full rounded-md border border-stone-400 bg-white px-3 py-2 text-base";
const label = "block space-y-1 text-sm font-medium text-stone-800";

/** The whole search is one GET form: the URL holds the state and it works without JavaScript. */
export function SearchFilters({ params, action }: { params: SearchParams; action: string }) {
  const { t } = useTranslation("sessions");
  const price = (cents: number | null) => (cents === null ? "" : (cents / 100).toFixed(2));
  return (
    <Form method="get" action={action} className="space-y-3">
      <div className="flex gap-2">
        <label className="flex-1">
          <span className="sr-only">{t("search.searchTerm")}</span>
          <input
            type="search"
            name="searchTerm"
            defaultValue={params.searchTerm}
            placeholder={t("search.searchPlaceholder")}
            className={input}
            maxLength={100}
          />
        </label>
        <button type="submit" className={buttonClass("primary")}>
          {t("search.searchTerm")}
        </button>
      </div>
      {/*
        At 767 px or less the open panel is a bottom sheet, with CSS only: fixed to the bottom,
        at most 85% of the screen tall and scrolling inside; a wide shadow dims the page behind it;
        the summary stays on top as its close control. The search page ships no script for it.
      */}
      <details className="group rounded-lg border border-stone-200 bg-white max-md:open:fixed max-md:open:inset-x-0 max-md:open:bottom-0 max-md:open:z-40 max-md:open:max-h-[85vh] max-md:open:overflow-y-auto max-md:open:overscroll-contain max-md:open:rounded-b-none max-md:open:shadow-[0_0_0_100vmax_rgb(28_25_23/0.5)]">
        <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-2 px-4 font-semibold max-md:group-open:sticky max-md:group-open:top-0 max-md:group-open:z-10 max-md:group-open:border-b max-md:group-open:border-stone-200 max-md:group-open:bg-white">
          {t("search.filters")}
          <span className="hidden min-h-9 items-center gap-1 rounded-md border border-stone-300 px-3 text-sm font-normal max-md:group-open:inline-flex">
            <span aria-hidden="true">×</span> {t("actions.close", { ns: "common" })}
          </span>
        </summary>
        <div className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-3">
          <label className={label}>
            {t("search.game")}
            <select name="game" defaultValue={params.game ?? ""} className={input}>
              <option value="">{t("search.any")}</option>
              {games.map((g) => (
                <option key={g} value={g}>
                  {gameLabel(t, g)}
                </option>
              ))}
            </select>
          </label>
          <label className={label}>
            {t("search.genre")}
            <select name="genre" defaultValue={params.genre ?? ""} className={input}>
              <option value="">{t("search.any")}</option>
              {genres.map((g) => (
                <option key={g} value={g}>
                  {t(`genres.${g}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={label}>
            {t("search.level")}
            <select name="experienceLevel" defaultValue={params.experienceLevel ?? ""} className={input}>
              <option value="">{t("search.any")}</option>
              {searchExperienceLevels.map((l) => (
                <option key={l} value={l}>
                  {t(`levels.${l}`)}
                </option>
              ))}
            </select>
          </label>
          <label className={label}>
            {t("search.dateFrom")}
            <input type="date" name="dateFrom" defaultValue={params.dateFrom ?? ""} className={input} />
          </label>
          <label className={label}>
            {t("search.dateTo")}
            <input type="date" name="dateTo" defaultValue={params.dateTo ?? ""} className={input} />
          </label>
          <label className={label}>
            {t("search.tags")}
            <input type="text" name="tags" defaultValue={params.tags.join(", ")} className={input} />
          </label>
          <label className={label}>
            {t("search.type")}
            <select name="type" defaultValue={params.type ?? ""} className={input}>
              <option value="">{t("search.any")}</option>
              <option value="series">{t("search.typeSeries")}</option>
              <option value="standalone">{t("search.typeStandalone")}</option>
            </select>
          </label>
          <label className={label}>
            {t("search.minSpots")}
            <input type="number" name="minSpots" min={1} max={20} defaultValue={params.minSpots ?? ""} className={input} />
          </label>
          <label className={label}>
            {t("search.currency")}
            <select name="currency" defaultValue={params.currency ?? ""} className={input}>
              <option value="">{t("search.any")}</option>
              {currencies.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </label>
          {/* Entered in currency units with cents; the server reads whole cents (priceMinUnits → priceMin). */}
          <label className={label}>
            {t("search.priceMin")}
            <input type="number" name="priceMinUnits" min={0} step={0.01} defaultValue={price(params.priceMin)} className={input} />
          </label>
          <label className={label}>
            {t("search.priceMax")}
            <input type="number" name="priceMaxUnits" min={0} step={0.01} defaultValue={price(params.priceMax)} className={input} />
          </label>
          <SafetyToolChoices selected={params.safetyTools} legend={t("search.label", { ns: "safety" })} />
          <div className="space-y-1 text-sm">
            <label className="flex min-h-9 items-center gap-2">
              <input type="checkbox" name="freeOnly" value="true" defaultChecked={params.freeOnly} className="h-5 w-5" />
              {t("search.freeOnly")}
            </label>
            <label className="flex min-h-9 items-center gap-2">
              <input type="checkbox" name="includePast" value="true" defaultChecked={params.includePast} className="h-5 w-5" />
              {t("search.includePast")}
            </label>
            <label className="flex min-h-9 items-center gap-2">
              <input type="checkbox" name="groupBySeries" value="true" defaultChecked={params.groupBySeries} className="h-5 w-5" />
              {t("search.groupBySeries")}
            </label>
            {/* Grouping is on by default, so "off" must be sent explicitly; the first value wins. */}
            <input type="hidden" name="groupBySeries" value="false" />
          </div>
        </div>
        <div className="flex gap-2 px-4 pb-4">
          <button type="submit" className={buttonClass("primary")}>
            {t("search.apply")}
          </button>
        </div>
      </details>
    </Form>
  );
}
