import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { getOptionalUser } from "#app/modules/auth/guards.server";
import { deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { getSeries } from "#app/modules/series/series.server";
import { formatPrice } from "#app/modules/sessions/rules";
import { displayNameOf } from "#app/modules/users/rules";

export const handle = { i18n: ["sessions"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Mesa` : "Mesa" }];

/** Public to anyone with the link. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const lang = params.lang as Locale;
  const viewer = await getOptionalUser(request);
  const page = await getSeries(deps(), params.id ?? "");
  if (!page) throw new Response("Not Found", { status: 404 });
  const { row } = page;
  const t = translator(lang, "sessions");
  const zone = viewer?.timeZone ?? "America/Mexico_City";
  const weekdays = t("weekdays", { returnObjects: true }) as unknown as string[];
  const item = (s: (typeof page.upcoming)[number]) => ({ id: s.id, when: formatDateTime(new Date(s.starts_at), lang, zone), modified: s.is_modified, seats: t("detail.seatsValue", { booked: s.booked, max: s.max_participants }) });
  return {
    title: row.title,
    description: row.description,
    game: row.game,
    dm: displayNameOf({ displayName: row.dm_display_name, email: row.dm_email }),
    schedule: t("seriesDetail.every", { frequency: t(`seriesForm.${row.frequency}`), day: row.day_of_week !== null ? weekdays[row.day_of_week] : `${row.day_of_month}`, time: row.time_hhmm }),
    timezone: row.time_zone,
    price: row.price_cents === 0 ? null : `${formatPrice(row.price_cents, row.currency, lang)} ${row.currency}`,
    upcoming: page.upcoming.map(item),
    past: page.past.map(item),
  };
}

export default function SeriesPage() {
  const s = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("sessions");
  const lang = i18n.language as Locale;
  const row = (x: (typeof s.upcoming)[number]) => (
    <li key={x.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <Link to={localePath(lang, `/session/${x.id}`)} className="text-brand-700 underline">{x.when}</Link>
      <span className="text-stone-600">
        {x.seats}
        {x.modified ? <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-900">{t("seriesDetail.modified")}</span> : null}
      </span>
    </li>
  );
  return (
    <article className="space-y-6">
      <div>
        <p className="text-sm font-semibold text-purple-800">{s.game} · {s.dm}</p>
        <h1 className="mt-1 text-3xl font-bold">{s.title}</h1>
        <p className="mt-2 whitespace-pre-line text-stone-800">{s.description}</p>
      </div>
      <dl className="grid gap-3 rounded-lg border border-stone-200 bg-white p-5 text-sm sm:grid-cols-3">
        <div><dt className="text-stone-600">{t("seriesDetail.frequency")}</dt><dd className="font-medium">{s.schedule}</dd></div>
        <div><dt className="text-stone-600">{t("seriesDetail.timezone")}</dt><dd className="font-medium">{s.timezone.replaceAll("_", " ")}</dd></div>
        <div><dt className="text-stone-600">{t("seriesDetail.pricePerSession")}</dt><dd className="font-medium">{s.price ?? t("detail.free")}</dd></div>
      </dl>
      <section className="rounded-lg border border-stone-200 bg-white p-5">
        <h2 className="font-semibold">{t("seriesDetail.upcoming")}</h2>
        {s.upcoming.length === 0 ? <p className="mt-2 text-sm text-stone-600">{t("seriesDetail.none")}</p> : (
          <>
            <ul className="mt-2 divide-y divide-stone-100">{s.upcoming.slice(0, 2).map(row)}</ul>
            {s.upcoming.length > 2 ? (
              <details className="mt-2">
                <summary className="cursor-pointer text-sm font-semibold text-brand-700">{t("seriesDetail.showAll", { count: s.upcoming.length })}</summary>
                <ul className="divide-y divide-stone-100">{s.upcoming.slice(2).map(row)}</ul>
              </details>
            ) : null}
          </>
        )}
        {s.past.length ? (
          <details className="mt-4">
            <summary className="cursor-pointer text-sm font-semibold">{t("seriesDetail.past")} ({s.past.length})</summary>
            <ul className="divide-y divide-stone-100">{s.past.map(row)}</ul>
          </details>
        ) : null}
      </section>
    </article>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
