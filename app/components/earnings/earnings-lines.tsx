import type { SerializeFrom } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { Link } from "#app/components/ui/link";
import { Pagination } from "#app/components/ui/pagination";
import type { EarningsDesk } from "#app/modules/earnings/index.server";
import { EARNINGS_PAGE_SIZE, type LineState } from "#app/modules/earnings/rules";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime, formatPrice } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import { withQuery } from "./query";

const STATE_TONE: Record<LineState, string> = {
  held: "bg-sky-100 text-sky-900",
  paid: "bg-emerald-100 text-emerald-900",
  refunded: "bg-stone-200 text-stone-900",
  disputed: "bg-amber-100 text-amber-950",
  failed: "bg-red-100 text-red-900",
};
const num = "py-2 pr-3 text-right tabular-nums";

/** One row per payment: session, player, method, amounts and state; failed and pending ones count for nothing. */
export function EarningsLines({ desk, query, lang }: { desk: SerializeFrom<EarningsDesk>; query: string; lang: Locale }) {
  const { t } = useTranslation("earnings");
  const money = (cents: number, currency: string) => formatPrice(cents, currency, lang);
  return (
    <section aria-labelledby="lines-title">
      <h2 id="lines-title" className="text-lg font-semibold">
        {t("lines.title")}
      </h2>
      <p className="text-sm text-stone-700">{t("lines.failedNote")}</p>
      <div className="mt-2 overflow-x-auto">
        <table className="w-full min-w-[56rem] text-sm" data-testid="lines">
          <thead className="border-b border-stone-300 text-left text-stone-700">
            <tr>
              <th className="py-2 pr-3">{t("lines.date")}</th>
              <th className="py-2 pr-3">{t("lines.session")}</th>
              <th className="py-2 pr-3">{t("lines.player")}</th>
              <th className="py-2 pr-3">{t("lines.method")}</th>
              <th className="py-2 pr-3">{t("lines.state")}</th>
              <th className="py-2 pr-3 text-right">{t("lines.amount")}</th>
              <th className="py-2 pr-3 text-right">{t("lines.fee")}</th>
              <th className="py-2 pr-3 text-right">{t("lines.refunds")}</th>
              <th className="py-2 pr-3 text-right">{t("lines.net")}</th>
            </tr>
          </thead>
          <tbody>
            {desk.lines.map((l) => (
              <tr key={l.id} className="border-b border-stone-100 align-top" data-line={l.id} data-state={l.state}>
                <td className="whitespace-nowrap py-2 pr-3">{formatDateTime(new Date(l.occurredAt), lang, desk.zone)}</td>
                <td className="py-2 pr-3">
                  <Link to={localePath(lang, `/session/${l.sessionId}`)} className="underline">
                    {l.sessionTitle}
                  </Link>
                  {l.kind === "tip" ? <span className="ml-1 rounded bg-violet-100 px-1.5 text-xs text-violet-900">{t("kind.tip")}</span> : null}
                </td>
                <td className="py-2 pr-3">{l.playerName}</td>
                <td className="py-2 pr-3">{t(`method.${(l.methodType ?? l.method).toLowerCase()}`, { defaultValue: l.methodType ?? l.method })}</td>
                <td className="py-2 pr-3">
                  <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATE_TONE[l.state]}`}>{t(`state.${l.state}`)}</span>
                </td>
                <td className={`${num} ${l.grossCents === 0 ? "text-stone-500 line-through" : ""}`}>{money(l.amountCents, l.currency)}</td>
                <td className={num}>{money(l.feeCents, l.currency)}</td>
                <td className={num}>{money(l.refundCents, l.currency)}</td>
                <td className={`${num} font-semibold`}>{money(l.netCents, l.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pagination
        page={desk.page}
        pages={desk.pages}
        total={desk.lineCount}
        pageSize={EARNINGS_PAGE_SIZE}
        maxButtons={5}
        hrefFor={(p) => `${localePath(lang, "/earnings")}${withQuery(query, { page: p === 1 ? null : String(p) })}`}
      />
    </section>
  );
}
