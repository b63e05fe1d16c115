import type { SerializeFrom } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import type { EarningsDesk } from "#app/modules/earnings/index.server";
import { localePath } from "#app/modules/i18n/rules";
import { pageLocale } from "#app/web/locale";
import { EarningsFilters } from "./earnings-filters";
import { EarningsLines } from "./earnings-lines";
import { MoneyCards, PayoutHistory } from "./money";
import { PeriodTotals } from "./period-totals";
import { withQuery } from "./query";

type Loaded = { desk: SerializeFrom<EarningsDesk>; hasAccount: boolean; query: string };

/** The earnings desk: balance, filters, the period's totals and campaigns, every line, the CSV, and the payouts. */
export function EarningsView({ loaded }: { loaded: Loaded }) {
  const { t, i18n } = useTranslation("earnings");
  const lang = pageLocale(i18n.language);
  const { desk } = loaded;
  const csvQuery = withQuery(loaded.query, { page: null });
  const year = desk.year ?? Number((desk.month ?? "").slice(0, 4));
  return (
    <section className="mx-auto max-w-6xl space-y-8">
      <header>
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <p className="mt-1 text-stone-700">{t("subtitle")}</p>
      </header>
      {loaded.hasAccount ? null : (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950">
          {t("noAccount")}{" "}
          <Link to={localePath(lang, "/settings/payouts")} className="font-medium underline">
            {t("setUp")}
          </Link>
        </p>
      )}
      <MoneyCards money={desk.money} lang={lang} />
      <EarningsFilters desk={desk} query={loaded.query} lang={lang} />
      {desk.refused.length > 0 ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-red-900">
          {t("refused", { fields: desk.refused.map((f) => t(`fields.${f}`)).join(", ") })}
        </p>
      ) : null}
      <PeriodTotals desk={desk} lang={lang} />
      <div className="flex flex-wrap gap-2">
        <a href={`${localePath(lang, "/earnings/csv")}${csvQuery}`} className={buttonClass("secondary")} download>
          {t("csv.download")}
        </a>
        {Number.isInteger(year) && year > 0 ? (
          <a href={`${localePath(lang, "/earnings/csv")}?year=${year}`} className={buttonClass("secondary")} download>
            {t("csv.downloadYear", { year })}
          </a>
        ) : null}
      </div>
      <EarningsLines desk={desk} query={loaded.query} lang={lang} />
      <PayoutHistory payouts={desk.payouts} zone={desk.zone} lang={lang} />
    </section>
  );
}
