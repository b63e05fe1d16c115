import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Fact, HostCard } from "#app/components/sessions/detail-parts";
import { AddSessionForm, GenerateSessionsForm } from "#app/components/sessions/series-manage";
import { ShareBox } from "#app/components/sessions/share-box";
import { Link } from "#app/components/ui/link";
import { localePath } from "#app/modules/i18n/rules";
import { pageLocale } from "#app/web/locale";
import type { SeriesPageData } from "./series-page.server";

type Item = SeriesPageData["upcoming"][number];

function SessionRow({ item }: { item: Item }) {
  const { t, i18n } = useTranslation("sessions");
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <Link to={localePath(pageLocale(i18n.language), `/session/${item.id}`)} className="text-brand-700 underline">
        {item.when}
      </Link>
      <span className="text-stone-600">
        {item.seats}
        {item.modified ? <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">{t("seriesDetail.modified")}</span> : null}
      </span>
    </li>
  );
}

const rows = (items: Item[]) => items.map((item) => <SessionRow key={item.id} item={item} />);

/** The series' sessions: the next two, the rest behind 'show all', and the past ones folded. */
export function SeriesSessions({ upcoming, past }: { upcoming: Item[]; past: Item[] }) {
  const { t } = useTranslation("sessions");
  return (
    <section className="rounded-lg border border-stone-200 bg-white p-5">
      <h2 className="font-semibold">{t("seriesDetail.upcoming")}</h2>
      {upcoming.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">{t("seriesDetail.none")}</p>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-stone-100">{rows(upcoming.slice(0, 2))}</ul>
          {upcoming.length > 2 ? (
            <details className="mt-2">
              <summary className="cursor-pointer text-sm font-semibold text-brand-700">{t("seriesDetail.showAll", { count: upcoming.length })}</summary>
              <ul className="divide-y divide-stone-100">{rows(upcoming.slice(2))}</ul>
            </details>
          ) : null}
        </>
      )}
      {past.length ? (
        <details className="mt-4">
          <summary className="cursor-pointer text-sm font-semibold">
            {t("seriesDetail.past")} ({past.length})
          </summary>
          <ul className="divide-y divide-stone-100">{rows(past)}</ul>
        </details>
      ) : null}
    </section>
  );
}

/** The host's forms for a series without a fixed schedule: add one session, or generate the next ones. */
export function ManageSessions({
  manage,
  replyFor,
}: {
  manage: NonNullable<SeriesPageData["manage"]>;
  replyFor: (intent: string) => SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation("sessions");
  return (
    <section className="space-y-4">
      <h2 className="text-xl font-semibold">{t("seriesDetail.manageSessions")}</h2>
      <div className="grid gap-4 md:grid-cols-2">
        <AddSessionForm
          lastResult={replyFor("addSession")}
          timeZone={manage.timeZone}
          zoneName={manage.zoneName}
          now={manage.now}
          defaultValue={manage.addDefaults}
        />
        <GenerateSessionsForm lastResult={replyFor("generate")} />
      </div>
    </section>
  );
}

/** The aside: the series' terms, its host and the share box. */
export function SeriesAside({ s }: { s: SeriesPageData }) {
  const { t } = useTranslation("sessions");
  return (
    <aside className="space-y-4">
      <dl className="space-y-3 rounded-lg border border-stone-200 bg-white p-5 text-sm">
        <Fact term={t("seriesDetail.frequency")}>{s.schedule}</Fact>
        <Fact term={t("seriesDetail.dates")}>{s.dates}</Fact>
        <Fact term={t("seriesDetail.timezone")}>{s.timezone.replaceAll("_", " ")}</Fact>
        <Fact term={t("detail.duration")}>{t("detail.durationValue", { hours: s.hours })}</Fact>
        <Fact term={t("seriesDetail.players")}>{t("seriesDetail.playersValue", { min: s.players.min, max: s.players.max })}</Fact>
        <Fact term={t("seriesDetail.pricePerSession")}>{s.price ?? t("detail.free")}</Fact>
        <Fact term={t("detail.location")}>{s.location || t("detail.online")}</Fact>
        {s.level ? <Fact term={t("detail.level")}>{t(`levels.${s.level}`)}</Fact> : null}
      </dl>
      <HostCard host={s.host} rating={s.hostRating} />
      <ShareBox url={s.url} title={s.title} />
    </aside>
  );
}
