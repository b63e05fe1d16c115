import type { SerializeFrom } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { Pagination } from "#app/components/ui/pagination";
import type { EarningsDesk } from "#app/modules/earnings/index.server";
import { EARNINGS_PAGE_SIZE, type LineState, wordsOnce } from "#app/modules/earnings/rules";
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
// The table's cells take their spacing and alignment from the table (columns 6 to 9 are amounts):
// fifty rows of nine cells would otherwise repeat the same classes 450 times in the page.
const TABLE =
  "w-full min-w-[56rem] text-sm [&_td]:py-2 [&_td]:pr-3 [&_th]:py-2 [&_th]:pr-3 [&_tbody_tr]:border-b [&_tbody_tr]:border-stone-100 [&_tbody_tr]:align-top [&_td:nth-child(n+6)]:text-right [&_td:nth-child(n+6)]:tabular-nums [&_th:nth-child(n+6)]:text-right";

/** One row per payment: session, player, method, amounts and state; failed and pending ones count for nothing. */
export function EarningsLines({ desk, query, lang }: { desk: SerializeFrom<EarningsDesk>; query: string; lang: Locale }) {
  const { t } = useTranslation("earnings");
  const money = (cents: number, currency: string) => formatPrice(cents, currency, lang);
  // A page has a handful of methods and states: each word is looked up once.
  const word = wordsOnce(t);
  const deskPath = localePath(lang, "/earnings");
  // The same filters with one session's: the address built once, each line adds its id.
  const others = withQuery(query, { session: null, page: null });
  const sessionLink = `${deskPath}${others ? `${others}&` : "?"}session=`;
  return (
    <section aria-labelledby="lines-title">
      <h2 id="lines-title" className="text-lg font-semibold">
        {t("lines.title")}
      </h2>
      <p className="text-sm text-stone-700">{t("lines.failedNote")}</p>
      <div className="mt-2 overflow-x-auto">
        <table className={TABLE} data-testid="lines">
          <thead className="border-b border-stone-300 text-left text-stone-700">
            <tr>
              <th>{t("lines.date")}</th>
              <th>{t("lines.session")}</th>
              <th>{t("lines.player")}</th>
              <th>{t("lines.method")}</th>
              <th>{t("lines.state")}</th>
              <th>{t("lines.amount")}</th>
              <th>{t("lines.fee")}</th>
              <th>{t("lines.refunds")}</th>
              <th>{t("lines.net")}</th>
            </tr>
          </thead>
          <tbody>
            {desk.lines.map((l) => (
              <tr key={l.id} data-line={l.id} data-state={l.state}>
                <td className="whitespace-nowrap">{formatDateTime(new Date(l.occurredAt), lang, desk.zone)}</td>
                <td>
                  <a href={`${sessionLink}${l.sessionId}`} className="underline">
                    {l.sessionTitle}
                  </a>
                  {l.kind === "tip" ? <span className="ml-1 rounded bg-violet-100 px-1.5 text-xs text-violet-900">{word("kind.tip", "tip")}</span> : null}
                </td>
                <td>{l.playerName}</td>
                <td>{word(`method.${(l.methodType ?? l.method).toLowerCase()}`, l.methodType ?? l.method)}</td>
                <td>
                  <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATE_TONE[l.state]}`}>{word(`state.${l.state}`, l.state)}</span>
                </td>
                <td className={l.grossCents === 0 ? "text-stone-500 line-through" : undefined}>{money(l.amountCents, l.currency)}</td>
                <td>{money(l.feeCents, l.currency)}</td>
                <td>{money(l.refundCents, l.currency)}</td>
                <td className="font-semibold">{money(l.netCents, l.currency)}</td>
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
        hrefFor={(p) => `${deskPath}${withQuery(query, { page: p === 1 ? null : String(p) })}`}
      />
    </section>
  );
}
