import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Breadcrumbs, Faq, HostCard, SecurityNote } from "#app/components/sessions/confirm-parts";
import { Fact } from "#app/components/sessions/detail-parts";
import { requestMeta } from "#app/modules/auth/session.server";
import { bookFreeSeat, joinWaitlist, leaveList } from "#app/modules/bookings/bookings.server";
import { confirmIntentSchema } from "#app/modules/bookings/schema";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { confirmationPage } from "#app/modules/payments/confirmation-page.server";
import { payRefusalText } from "#app/modules/payments/messages.server";
import { payDeps, startCardCheckout } from "#app/modules/payments/payments.server";
import { asSafetyInput, safetyErrors, typedSafetyState } from "#app/modules/safety/schema";
import { parseForm, readForm } from "#app/web/form.server";
import { getOptionalUser, requireUser } from "#app/web/guards.server";
import { invariantResponse, notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { refusedSeat } from "#app/web/refused-forms.server";
import { refuse, seeOther } from "#app/web/replies.server";
import { formOnce } from "#app/web/request-key.server";
import { redirectWithToast } from "#app/web/toast.server";
import { SidePanel } from "./side-panel";

// Players book here: plain HTML, every button a form post (decision record 021). The card and
// OXXO dialogs come from the payment-dialogs island, loaded on the first click on either (decision record 032).
export const handle = { i18n: ["sessions", "payments", "reviews", "safety", "validation"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.heading} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await confirmationPage(deps(context), {
    lang: localeOf(params),
    viewer: await getOptionalUser(request),
    sessionId: params.id ?? "",
    url: new URL(request.url),
    address: requestMeta(request).ip,
  });
  if (!page) notFound();
  return page;
}

/** Book, join the waitlist or leave it; each answers with a toast and a redirect (PRG). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang, "sessions:booking.loginRequired");
  const form = await readForm(request);
  const submission = parseForm(form, { schema: confirmIntentSchema });
  const sessionId = params.id ?? "";
  const here = `${localePath(lang, `/session/${sessionId}/confirm`)}${new URL(request.url).search}`;
  const sessionsText = (refusal: string) => translator(lang, "sessions")(`booking.errors.${refusal}`);
  if (submission.status !== "success") {
    const errors = submission.error ?? {};
    invariantResponse(!errors.intent, "Unknown intent");
    // Lines and veils come with a booking; a refused form comes back with every value as typed and nothing booked.
    const safety = safetyErrors(errors);
    if (safety.length > 0) return refuse("invalid", { safety: typedSafetyState(form, safety) });
    // What is left is a code longer than any code: answered as every wrong code is.
    return refusedSeat(lang, here, "inviteInvalid", sessionsText("inviteInvalid"));
  }
  const command = submission.value;
  const d = deps(context);
  // A code in the form passes the limited screen in the use case, counted for this account and address.
  const typed = { inviteCode: "inviteCode" in command ? (command.inviteCode ?? null) : null, address: requestMeta(request).ip };
  // Sent twice, the same rendered form books, pays or leaves once (decision record 096).
  const keyed = { deps: d, userId: user.id, intent: `session.${command.intent}:${sessionId}` };
  return formOnce(lang, form, keyed, async () => {
    switch (command.intent) {
      case "payCard": {
        // Off to the hosted card page, which returns to the session; the lines and veils are kept with
        // the hold, and the DM sees them only once the payment settles and the seat is confirmed.
        const started = await startCardCheckout(payDeps(context), user, { sessionId, lang, ...typed, safety: asSafetyInput(command) });
        return started.ok ? seeOther(started.url) : refusedSeat(lang, here, started.refusal, payRefusalText(started.refusal, lang));
      }
      case "book": {
        const booked = await bookFreeSeat(d, user, { sessionId, ...typed, safety: asSafetyInput(command) });
        if (!booked.ok) return refusedSeat(lang, here, booked.refusal, sessionsText(booked.refusal));
        return redirectWithToast(localePath(lang, `/session/${sessionId}`), { type: "success", key: "sessions:toasts.bookingConfirmed" });
      }
      case "joinWaitlist": {
        // The line of a priced session leads to a paid seat: an unverified email is sent to verify it, as the card form does.
        const lined = await joinWaitlist(d, user, sessionId, typed);
        if (!lined.ok) return refusedSeat(lang, here, lined.refusal, sessionsText(lined.refusal));
        return redirectWithToast(here, { type: "success", key: "sessions:toasts.waitlistJoined" });
      }
      case "leaveWaitlist": {
        const left = await leaveList(d, user, { sessionId, userId: user.id, list: "waitlist" });
        if (!left.ok) return refusedSeat(lang, here, left.refusal, sessionsText(left.refusal));
        return redirectWithToast(here, { type: "success", key: "sessions:toasts.waitlistLeft" });
      }
    }
  });
}

export default function ConfirmPage() {
  const data = useLoaderData<typeof loader>();
  const { session: s } = data;
  const { t, i18n } = useTranslation("sessions");
  const lang = pageLocale(i18n.language);
  const sessionHref = localePath(lang, `/session/${s.id}`);
  return (
    <article className="space-y-6">
      <Breadcrumbs
        items={[
          // The same word as the main navigation's link to the same page.
          { label: t("nav.sessions", { ns: "common" }), to: localePath(lang, "/sessions") },
          { label: s.title, to: sessionHref },
          { label: t("booking.breadcrumbConfirm") },
        ]}
      />
      <header>
        <h1 className="text-3xl font-bold">{t("booking.title")}</h1>
        <p className="mt-1 text-stone-700">{t("booking.subtitle")}</p>
      </header>
      {/* On a phone the side panel (price and the action) comes right after the summary, before the
          questions; from lg up it sits in its own column beside both. */}
      <div className="grid gap-x-8 gap-y-6 lg:grid-cols-[2fr_1fr]">
        <section className="rounded-lg border border-stone-200 bg-white p-5 lg:col-start-1">
          <h2 className="text-xl font-semibold">{s.title}</h2>
          <p className="mt-2 whitespace-pre-line text-stone-800">{s.description}</p>
          <HostCard host={s.host} />
          <dl className="mt-4 grid gap-3 border-t border-stone-100 pt-4 text-sm sm:grid-cols-2">
            <Fact term={t("booking.date")}>{s.date}</Fact>
            <Fact term={t("booking.time")}>
              {/* The time and its zone stay together, and the zone's name is never split ("GMT-" / "6"). */}
              <span className="whitespace-nowrap">
                {s.time} <span className="text-stone-600">({s.zone})</span>
              </span>
            </Fact>
            <Fact term={t("booking.spots")}>{t("booking.spotsValue", { left: s.spotsLeft, max: s.max })}</Fact>
            <Fact term={t("booking.where")}>{s.location || t("booking.online")}</Fact>
          </dl>
        </section>
        <aside className="space-y-4 rounded-lg border border-stone-200 bg-white p-5 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <p className="text-sm text-stone-600">{t("booking.price")}</p>
          <p className="text-2xl font-bold">
            {s.fullPrice ? <s className="mr-2 text-base font-normal text-stone-500">{s.fullPrice}</s> : null}
            {s.price ?? t("booking.free")}
          </p>
          <SidePanel sessionHref={sessionHref} />
          <SecurityNote promise={data.payment.promise} />
          {s.free ? null : <p className="text-xs text-stone-600">{t("booking.refundPolicy")}</p>}
        </aside>
        <div className="lg:col-start-1 lg:row-start-2">
          <Faq />
        </div>
      </div>
    </article>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
