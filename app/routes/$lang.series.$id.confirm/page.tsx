// The series confirmation page: the series, what subscribing gives, and the viewer's panel aside.
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Breadcrumbs, Faq, HostCard, SecurityNote } from "#app/components/sessions/confirm-parts";
import { Fact } from "#app/components/sessions/detail-parts";
import { localePath } from "#app/modules/i18n/rules";
import { pageLocale } from "#app/web/locale";
import type { loader } from "./route";
import { SidePanel } from "./side-panel";

/** The series, what subscribing gives, the next session and, aside, what the viewer may do. */
export function SeriesConfirmPage() {
  const page = useLoaderData<typeof loader>();
  const { series: s, next } = page;
  const { t, i18n } = useTranslation("subscriptions");
  const lang = pageLocale(i18n.language);
  const seriesHref = localePath(lang, `/series/${s.id}`);
  return (
    <article className="space-y-6">
      <Breadcrumbs
        items={[
          { label: t("nav.sessions", { ns: "common" }), to: localePath(lang, "/sessions") },
          { label: s.title, to: seriesHref },
          { label: t("breadcrumb") },
        ]}
      />
      <header>
        <h1 className="text-3xl font-bold">{page.heading}</h1>
        <p className="mt-1 text-stone-700">{t("subtitle")}</p>
      </header>
      <div className="grid gap-x-8 gap-y-6 lg:grid-cols-[2fr_1fr]">
        <section className="rounded-lg border border-stone-200 bg-white p-5 lg:col-start-1">
          <h2 className="text-xl font-semibold">{s.title}</h2>
          {s.description ? <p className="mt-2 whitespace-pre-line text-stone-800">{s.description}</p> : null}
          <HostCard host={s.hostCard} />
          <dl className="mt-4 grid gap-3 border-t border-stone-100 pt-4 text-sm sm:grid-cols-2">
            <Fact term={t("facts.frequency")}>{s.frequency}</Fact>
            <Fact term={t("facts.timeZone")}>{s.timeZone}</Fact>
            <Fact term={t("facts.subscribers")}>{t("facts.subscribersValue", { count: s.subscribers })}</Fact>
            <Fact term={t("facts.price")}>{s.price ? t("facts.priceValue", { price: s.price }) : t("facts.free")}</Fact>
          </dl>
        </section>
        <aside className="space-y-4 rounded-lg border border-stone-200 bg-white p-5 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <p className="text-sm text-stone-600">{t("facts.price")}</p>
          <p className="text-2xl font-bold">{s.price ?? t("facts.free")}</p>
          <SidePanel />
          <SecurityNote promise={page.promise} />
        </aside>
        <div className="space-y-4 lg:col-start-1 lg:row-start-2">
          <section className="rounded-lg border border-green-200 bg-green-50 p-5">
            <h2 className="font-semibold">{t("benefits.title")}</h2>
            <ul className="mt-2 list-inside list-disc space-y-1 text-sm text-stone-800">
              <li>{t("benefits.seat")}</li>
              <li>{t("benefits.payPerSession")}</li>
              <li>{t("benefits.cancel")}</li>
            </ul>
          </section>
          {next ? (
            <section className="rounded-lg border border-stone-200 bg-white p-5">
              <h2 className="font-semibold">{t("next.title")}</h2>
              <p className="mt-1 text-stone-800">{next.when}</p>
              <p className="text-sm text-stone-600">{t("next.spots", { left: next.spotsLeft, max: next.max })}</p>
              <p className="mt-2 text-sm text-stone-700">{t("next.autoEnrol")}</p>
            </section>
          ) : null}
          <Faq />
        </div>
      </div>
    </article>
  );
}
