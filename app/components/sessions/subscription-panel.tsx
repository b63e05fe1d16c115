import { useTranslation } from "react-i18next";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import type { SeatState, SeriesSubscriptionPanel } from "#app/modules/subscriptions/series-panel.server";

const stateStyle: Record<SeatState, string> = {
  paid: "bg-green-100 text-green-900",
  confirmed: "bg-green-100 text-green-900",
  due: "bg-amber-100 text-amber-950",
  waiting: "bg-sky-100 text-sky-950",
  none: "bg-stone-100 text-stone-700",
};

/** The series page's subscription box: how many subscribe, the way in (or to one's own), and the host's table. */
export function SubscriptionPanel({ panel }: { panel: SeriesSubscriptionPanel }) {
  const { t } = useTranslation("subscriptions");
  return (
    <section aria-labelledby="subscription-heading" className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
      <h2 id="subscription-heading" className="font-semibold">
        {t("panel.title")}
      </h2>
      {panel.welcome ? (
        <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-950">
          {t("panel.welcome")}
        </p>
      ) : null}
      <p className="text-sm text-stone-700">
        {t("facts.subscribers")}: {t("facts.subscribersValue", { count: panel.subscribers })}
      </p>
      {panel.standing ? (
        <Link to={panel.confirmHref} className={buttonClass(panel.standing === "subscribed" ? "secondary" : "primary")}>
          {t(panel.standing === "subscribed" ? "panel.manage" : panel.standing === "rejoining" ? "panel.rejoin" : "panel.subscribe")}
        </Link>
      ) : null}
      {panel.host ? <HostTable table={panel.host} /> : null}
    </section>
  );
}

function HostTable({ table }: { table: NonNullable<SeriesSubscriptionPanel["host"]> }) {
  const { t } = useTranslation("subscriptions");
  if (!table.rows.length) return <p className="text-sm text-stone-600">{t("panel.hostEmpty")}</p>;
  return (
    // On a phone the table scrolls sideways inside its box; focusable and named, so a keyboard can scroll it too.
    <div
      className="overflow-x-auto rounded focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-700"
      tabIndex={0}
      role="region"
      aria-labelledby="subscribers-caption"
    >
      <table className="w-full text-left text-sm">
        <caption id="subscribers-caption" className="mb-2 text-left font-semibold">
          {t("panel.host")}
        </caption>
        <thead>
          <tr>
            <th scope="col" className="py-1 pr-3">
              {t("panel.player")}
            </th>
            {table.sessions.map((s) => (
              <th key={s.id} scope="col" className="whitespace-nowrap py-1 pr-3 font-normal text-stone-600">
                {s.when}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={`${row.name}-${i}`} className="border-t border-stone-100">
              <th scope="row" className="py-1 pr-3 font-medium">
                {row.name}
              </th>
              {row.states.map((state, j) => (
                <td key={table.sessions[j]!.id} className="py-1 pr-3">
                  <span className={`whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-semibold ${stateStyle[state]}`}>{t(`panel.state.${state}`)}</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
