import { useTranslation } from "react-i18next";
import type { DmRecord, PlayerRecord } from "#app/modules/attendance/rules";

/**
 * A profile's reliability record (decision record 057): counts of what happened, never opinions.
 * Either part may be left out (a player who never hosted has no host record). The percentage is
 * shown only when there is something to count.
 */
export function Reliability({ dm, player }: { dm?: DmRecord | null; player?: PlayerRecord | null }) {
  const { t } = useTranslation("attendance");
  if (!dm && !player) return null;
  return (
    <section aria-labelledby="reliability-title" className="rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="reliability-title" className="text-lg font-semibold">
        {t("reliability.title")}
      </h2>
      {dm ? (
        <Part
          heading={t("reliability.asDm")}
          percent={dm.percent}
          rows={[
            [t("reliability.run"), dm.run],
            [t("reliability.cancelledByDm"), dm.cancelledByDm],
          ]}
        />
      ) : null}
      {player ? (
        <Part
          heading={t("reliability.asPlayer")}
          percent={player.percent}
          rows={[
            [t("reliability.attended"), player.attended],
            [t("reliability.noShow"), player.noShow],
            [t("reliability.cancelledLate"), player.cancelledLate],
          ]}
        />
      ) : null}
    </section>
  );
}

function Part({ heading, percent, rows }: { heading: string; percent: number | null; rows: [string, number][] }) {
  const { t } = useTranslation("attendance");
  return (
    <div className="mt-3">
      <h3 className="text-sm font-semibold text-stone-800">{heading}</h3>
      <p className="text-sm text-stone-700">{percent === null ? t("reliability.noRecord") : t("reliability.percent", { percent })}</p>
      <dl className="mt-1 grid grid-cols-[1fr_auto] gap-x-4 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-700">{label}</dt>
            <dd className="text-right font-medium tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
