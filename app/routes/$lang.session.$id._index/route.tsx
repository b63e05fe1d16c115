import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { KeptNote } from "#app/components/offline/kept-note";
import { SafetyToolBadges } from "#app/components/safety/safety-fields";
import { DetailImage } from "#app/components/sessions/detail-image";
import { TagList } from "#app/components/sessions/detail-parts";
import { PayoutNotice } from "#app/components/sessions/payout-notice";
import { RosterLists } from "#app/components/sessions/roster-lists";
import { getSessionForViewer } from "#app/modules/bookings/booked-sessions.server";
import { gameLabel } from "#app/modules/catalog/options";
import { deps } from "#app/modules/deps.server";
import { savedAtLabel } from "#app/modules/offline/offline.server";
import { getOptionalUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import { revalidateUnlessNotSent } from "#app/web/not-sent";
import { saveDataOf } from "#app/web/save-data.server";
import { SessionAside } from "./session-aside";
import { sessionPageData } from "./session-page.server";

// Plain HTML for players; the host's manage dialog needs scripts (decision record 021).
export const handle = {
  i18n: ["sessions", "payments", "chat", "reviews", "attendance", "validation", "groups", "safety", "tips", "payouts", "offline"],
  hydrate: (data: unknown) => Boolean((data as { participants?: unknown } | undefined)?.participants),
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.session.title} · Mesa` : "Mesa" },
  { name: "description", content: data?.session.description.slice(0, 160) ?? "" },
];

/** Public to anyone with the link; instructions only for the host and confirmed players. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const viewer = await getOptionalUser(request);
  const page = await getSessionForViewer(deps(context), params.id ?? "", viewer);
  if (!page) notFound();
  const { on: saveData } = await saveDataOf(request);
  const data = await sessionPageData(deps(context), { lang, viewer, page, url: new URL(request.url), saveData });
  // A booked player's device keeps this page for offline use (decision record 094).
  return { ...data, savedAt: viewer && (data.joined || data.held) ? savedAtLabel(deps(context).now, lang, viewer.timeZone) : null };
}

/** The host's manage dialog posts to the remove page: a send the dropped connection swallowed leaves this page as it is. */
export const shouldRevalidate = revalidateUnlessNotSent;

export default function SessionPage() {
  const data = useLoaderData<typeof loader>();
  const { session: s, joined, held, participants, guests, waitlist, paymentReturn, payoutNotice, savedAt } = data;
  const { t } = useTranslation("sessions");
  return (
    <article className="grid gap-8 lg:grid-cols-[2fr_1fr]">
      <div className="space-y-6">
        {savedAt ? <KeptNote savedAt={savedAt} payment={Boolean(held)} /> : null}
        {paymentReturn ? (
          <p role="status" className="rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-950">
            {t(paymentReturn, { ns: "payments" })}
          </p>
        ) : null}
        {payoutNotice ? <PayoutNotice notice={payoutNotice} /> : null}
        <DetailImage url={s.imageUrl} srcSet={s.imageSrcSet ?? null} />
        <div>
          <p className="text-sm font-semibold text-brand-700">
            {gameLabel(t, s.game)}
            {s.genre ? ` · ${t(`genres.${s.genre}`)}` : ""}
          </p>
          <h1 className="mt-1 text-3xl font-bold">{s.title}</h1>
          {s.isPrivate ? <span className="mt-2 inline-block rounded-full bg-stone-200 px-2 py-0.5 text-xs">{t("detail.private")}</span> : null}
          {joined ? <span className="ml-2 mt-2 inline-block rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-900">{t("detail.joined")}</span> : null}
          {held ? (
            <span className="ml-2 mt-2 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs text-amber-950">
              {t(held.state === "paymentFailed" ? "booking.paymentFailed" : held.state === "paymentDue" ? "booking.paymentDue" : "booking.paymentPending")}
            </span>
          ) : null}
        </div>
        <p className="whitespace-pre-line text-stone-800">{s.description}</p>
        <TagList tags={s.tags} />
        <SafetyToolBadges tools={s.safetyTools} />
        <section className="rounded-lg border border-stone-200 bg-white p-5">
          <h2 className="font-semibold">{t("detail.instructions")}</h2>
          {s.instructions !== null ? (
            <p className="mt-2 whitespace-pre-line text-sm">{s.instructions}</p>
          ) : (
            <p className="mt-2 text-sm text-stone-600">🔒 {t("detail.locked")}</p>
          )}
        </section>
        {participants && waitlist ? <RosterLists sessionId={s.id} participants={participants} guests={guests ?? []} waitlist={waitlist} /> : null}
      </div>
      <SessionAside />
    </article>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
