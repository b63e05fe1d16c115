import type { SerializeFrom } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import type { EarningsDesk } from "#app/modules/earnings/index.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatPrice } from "#app/modules/i18n/format";

type Desk = SerializeFrom<EarningsDesk>;
type Sums = { currency: string; grossCents: number; feeCents: number; refundCents: number; netCents: number };

const cell = "py-2 pr-3 text-right tabular-nums";

function SumCells({ sums, lang }: { sums: Sums; lang: Locale }) {
  return (
    <>
      <td className={cell}>{formatPrice(sums.grossCents, sums.currency, lang)}</td>
      <td className={cell}>{formatPrice(sums.feeCents, sums.currency, lang)}</td>
      <td className={cell}>{formatPrice(sums.refundCents, sums.currency, lang)}</td>
      <td className={`${cell} font-semibold`}>{formatPrice(sums.netCents, sums.currency, lang)}</td>
    </>
  );
}

/** The period's totals per currency, then per campaign (series): each the sum of its lines. */
export function PeriodTotals({ desk, lang }: { desk: Desk; lang: Locale }) {
  const { t } = useTranslation("earnings");
  const period = desk.month ?? String(desk.year);
  const head = (first: string) => (
    <thead className="border-b border-stone-300 text-stone-700">
      <tr>
        <th className="py-2 pr-3 text-left">{first}</th>
        <th className="py-2 pr-3 text-right">{t("totals.gross")}</th>
        <th className="py-2 pr-3 text-right">{t("totals.fee")}</th>
        <th className="py-2 pr-3 text-right">{t("totals.refunds")}</th>
        <th className="py-2 pr-3 text-right">{t("totals.net")}</th>
      </tr>
    </thead>
  );
  return (
    <section aria-labelledby="totals-title" className="space-y-4">
      <h2 id="totals-title" className="text-lg font-semibold">
        {t("totals.title", { period })}
      </h2>
      {desk.totals.length === 0 ? (
        <p className="text-stone-700">{t("totals.none")}</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[32rem] text-sm" data-testid="totals">
            {head(t("totals.currency"))}
            <tbody>
              {desk.totals.map((s) => (
                <tr key={s.currency} className="border-b border-stone-100" data-currency={s.currency}>
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    {s.currency} · {t("totals.lines", { count: s.lines })}
                  </th>
                  <SumCells sums={s} lang={lang} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {desk.campaigns.length > 0 ? (
        <div className="overflow-x-auto">
          <h3 className="font-semibold">{t("campaigns.title")}</h3>
          <table className="mt-1 w-full min-w-[32rem] text-sm">
            {head(t("campaigns.campaign"))}
            <tbody>
              {desk.campaigns.map((c) => (
                <tr key={`${c.seriesId}-${c.currency}`} className="border-b border-stone-100">
                  <th scope="row" className="py-2 pr-3 text-left font-medium">
                    {c.title}
                  </th>
                  <SumCells sums={c} lang={lang} />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
