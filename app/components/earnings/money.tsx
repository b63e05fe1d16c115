import type { SerializeFrom } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import type { EarningsDesk } from "#app/modules/earnings/index.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime, formatPrice } from "#app/modules/i18n/format";

type Desk = SerializeFrom<EarningsDesk>;

/** Pending, available, on its way and paid out, per currency. */
export function MoneyCards({ money, lang }: { money: Desk["money"]; lang: Locale }) {
  const { t } = useTranslation("earnings");
  return (
    <section aria-labelledby="money-title">
      <h2 id="money-title" className="text-lg font-semibold">
        {t("money.title")}
      </h2>
      {money.length === 0 ? <p className="mt-2 text-stone-700">{t("money.none")}</p> : null}
      {money.map((m) => (
        <dl key={m.currency} className="mt-3 grid grid-cols-2 gap-3 md:grid-cols-4">
          {(
            [
              ["pending", m.pending, "money.pendingHint"],
              ["available", m.available, "money.availableHint"],
              ["onTheWay", m.onTheWay, null],
              ["paidOut", m.paidOut, null],
            ] as const
          ).map(([key, cents, hint]) => (
            <div key={key} className="rounded-lg border border-stone-200 bg-white p-3">
              <dt className="text-sm text-stone-700">{t(`money.${key}`)}</dt>
              <dd className="text-xl font-semibold tabular-nums" data-money={`${key}-${m.currency}`}>
                {formatPrice(cents, m.currency, lang)}
              </dd>
              {hint ? <dd className="mt-1 text-xs text-stone-600">{t(hint)}</dd> : null}
            </div>
          ))}
        </dl>
      ))}
    </section>
  );
}

const PAYOUT_TONE: Record<string, string> = { paid: "text-emerald-800", failed: "text-red-800", canceled: "text-stone-600" };

/** The payouts the provider made to the DM's bank, newest first, failures with the provider's reason. */
export function PayoutHistory({ payouts, zone, lang }: { payouts: Desk["payouts"]; zone: string; lang: Locale }) {
  const { t } = useTranslation("earnings");
  return (
    <section aria-labelledby="payouts-title">
      <h2 id="payouts-title" className="text-lg font-semibold">
        {t("payouts.title")}
      </h2>
      {payouts.length === 0 ? (
        <p className="mt-2 text-stone-700">{t("payouts.none")}</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <thead className="border-b border-stone-300 text-stone-700">
              <tr>
                <th className="py-2 pr-3">{t("payouts.date")}</th>
                <th className="py-2 pr-3 text-right">{t("payouts.amount")}</th>
                <th className="py-2 pr-3">{t("payouts.status")}</th>
                <th className="py-2">{t("payouts.arrival")}</th>
              </tr>
            </thead>
            <tbody>
              {payouts.map((p) => (
                <tr key={p.id} className="border-b border-stone-100 align-top">
                  <td className="py-2 pr-3">{formatDateTime(new Date(p.provider_created_at), lang, zone)}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{formatPrice(p.amount_cents, p.currency, lang)}</td>
                  <td className={`py-2 pr-3 font-medium ${PAYOUT_TONE[p.status] ?? ""}`}>
                    {t(`payouts.state.${p.status}`)}
                    {p.status === "failed" ? (
                      <span className="block text-xs font-normal text-stone-700">
                        {t(`payouts.failures.${p.failure_code ?? "could_not_process"}`, { defaultValue: p.failure_message ?? "" })}
                      </span>
                    ) : null}
                  </td>
                  <td className="py-2">{p.arrival_date ? formatDateTime(new Date(p.arrival_date), lang, zone) : "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
