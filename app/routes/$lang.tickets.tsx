import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { KeptNote } from "#app/components/offline/kept-note";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { ticketsPage } from "#app/modules/offline/offline.server";
import { requireUser } from "#app/web/guards.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";

/**
 * The player's upcoming tickets on one plain page: what they show at the door or open on the
 * train, kept on their device by the service worker for when there is no network (decision record 094).
 */
export const handle = { i18n: ["offline"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  return { title: translator(lang, "offline")("tickets.title"), ...(await ticketsPage(deps(context), user, lang)) };
}

export default function TicketsPage() {
  const { tickets, tips, savedAt } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("offline");
  const lang = pageLocale(i18n.language);
  return (
    <section className="mx-auto max-w-2xl space-y-5">
      <KeptNote savedAt={savedAt} payment={tips.length > 0 || tickets.some((ticket) => ticket.seat !== "confirmed")} />
      <div>
        <h1 className="text-2xl font-bold">{t("tickets.title")}</h1>
        <p className="mt-1 text-stone-700">{t("tickets.intro")}</p>
      </div>
      {tickets.length === 0 ? (
        <div className="rounded-lg border border-dashed border-stone-300 p-8 text-center text-stone-600">
          <p>{t("tickets.empty")}</p>
          <Link to={localePath(lang, "/sessions")} className={`${buttonClass("secondary")} mt-4`}>
            {t("tickets.findGames")}
          </Link>
        </div>
      ) : (
        <ul className="space-y-4">
          {tickets.map((ticket) => (
            <li key={ticket.id} id={`ticket-${ticket.id}`} className="rounded-lg border border-stone-200 bg-white p-5">
              <h2 className="text-lg font-semibold">{ticket.title}</h2>
              <dl className="mt-2 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="font-medium text-stone-600">{t("tickets.when")}</dt>
                <dd>
                  {ticket.when} · {t("tickets.duration", { count: ticket.durationMinutes })}
                </dd>
                <dt className="font-medium text-stone-600">{t("tickets.where")}</dt>
                <dd className="break-words">
                  {ticket.placeIsLink ? (
                    <a href={ticket.place} className="text-brand-700 underline" rel="noopener noreferrer">
                      {ticket.place}
                    </a>
                  ) : (
                    ticket.place || t("tickets.online")
                  )}
                </dd>
                <dt className="font-medium text-stone-600">{t("tickets.host")}</dt>
                <dd>{ticket.host}</dd>
                <dt className="font-medium text-stone-600">{t("tickets.seat")}</dt>
                <dd className={ticket.seat === "confirmed" ? "font-semibold text-green-800" : "font-semibold text-amber-800"}>
                  {t(`tickets.seats.${ticket.seat}`)}
                </dd>
              </dl>
              <div className="mt-4 flex flex-wrap gap-2">
                {ticket.voucherHref ? (
                  <Link to={ticket.voucherHref} className={buttonClass("primary")}>
                    {t("tickets.openVoucher")}
                  </Link>
                ) : null}
                <Link to={ticket.sessionHref} className={buttonClass("secondary")}>
                  {t("tickets.openSession")}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
      {tips.length > 0 ? (
        <section className="rounded-lg border border-stone-200 bg-white p-5">
          <h2 className="font-semibold">{t("tickets.tipsTitle")}</h2>
          <ul className="mt-2 space-y-2">
            {tips.map((tip) => (
              <li key={tip.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span>{t("tickets.tipFor", { amount: tip.amount, host: tip.host, title: tip.title })}</span>
                <Link to={tip.href} className={buttonClass("secondary")}>
                  {t("tickets.openVoucher")}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
