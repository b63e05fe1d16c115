import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SafetyFields } from "#app/components/safety/safety-fields";
import { Banner, Breadcrumbs, Faq, HostCard, IntentForm, InviteCodeForm, SecurityNote } from "#app/components/sessions/confirm-parts";
import { Fact } from "#app/components/sessions/detail-parts";
import { PaymentChoices } from "#app/components/sessions/payment-choices";
import { PendingPayment } from "#app/components/sessions/pending-payment";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { requestMeta } from "#app/modules/auth/session.server";
import { bookFreeSeat, joinWaitlist, leaveList } from "#app/modules/bookings/bookings.server";
import { inviteRefusal } from "#app/modules/bookings/rules";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { confirmationPage } from "#app/modules/payments/confirmation-page.server";
import { payRefusalText } from "#app/modules/payments/messages.server";
import { payDeps, startCardCheckout } from "#app/modules/payments/payments.server";
import { recordSeatSafety } from "#app/modules/safety/safety.server";
import { parseSafetyForm } from "#app/modules/safety/schema";
import { redirectWithToast } from "#app/modules/toast/toast.server";
import { readForm } from "#app/web/form.server";
import { getOptionalUser, requireUser } from "#app/web/guards.server";
import { invariantResponse, notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { refuse, seeOther } from "#app/web/replies.server";

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
  const intent = form.get("intent");
  invariantResponse(intent === "book" || intent === "joinWaitlist" || intent === "leaveWaitlist" || intent === "payCard", "Unknown intent");
  const sessionId = params.id ?? "";
  const here = `${localePath(lang, `/session/${sessionId}/confirm`)}${new URL(request.url).search}`;
  const d = deps(context);
  // A code in the form passes the limited screen in the use case, counted for this account and address.
  const typed = { inviteCode: String(form.get("inviteCode") ?? "") || null, address: requestMeta(request).ip };
  // Lines and veils come with a booking; a refused form comes back with every value as typed and nothing booked.
  const safety = intent === "book" || intent === "payCard" ? parseSafetyForm(form) : null;
  if (safety && !safety.ok) return refuse("invalid", { safety: safety.state });
  if (intent === "payCard") {
    // Off to the hosted card page, which returns to the session. The hold refuses an unverified
    // email (spec section 5: paid items only), which is sent to verify it.
    const started = await startCardCheckout(payDeps(context), user, { sessionId, lang, ...typed });
    if (!started.ok && started.refusal === "emailNotVerified")
      return redirectWithToast(localePath(lang, "/auth/verify-email"), { type: "error", key: "sessions:booking.verifyRequired" });
    if (!started.ok) {
      const reason = payRefusalText(started.refusal, lang);
      return redirectWithToast(here, { type: "error", key: "sessions:booking.errors.bookingFailed", params: { reason } });
    }
    // Kept with the hold: the DM sees it only once the payment settles and the seat is confirmed.
    if (safety?.ok) await recordSeatSafety(d, user.id, sessionId, safety.input);
    return seeOther(started.url);
  }
  const result =
    intent === "book"
      ? await bookFreeSeat(d, user, { sessionId, ...typed })
      : intent === "joinWaitlist"
        ? await joinWaitlist(d, user, sessionId, typed)
        : await leaveList(d, user, { sessionId, userId: user.id, list: "waitlist" });
  if (!result.ok && result.refusal === "leaveClosed") return redirectWithToast(here, { type: "error", key: "sessions:booking.errors.leaveClosed" });
  // The line of a priced session leads to a paid seat: an unverified email is sent to verify it, as the card form does.
  if (!result.ok && result.refusal === "emailNotVerified")
    return redirectWithToast(localePath(lang, "/auth/verify-email"), { type: "error", key: "sessions:booking.verifyRequired" });
  if (!result.ok) {
    const reason = translator(lang, "sessions")(`booking.errors.${result.refusal}`);
    return redirectWithToast(here, { type: "error", key: "sessions:booking.errors.bookingFailed", params: { reason } });
  }
  if (intent === "book" && safety?.ok && "waitlisted" in result && !result.waitlisted) await recordSeatSafety(d, user.id, sessionId, safety.input);
  if (intent === "book") return redirectWithToast(localePath(lang, `/session/${sessionId}`), { type: "success", key: "sessions:toasts.bookingConfirmed" });
  return redirectWithToast(here, { type: "success", key: intent === "joinWaitlist" ? "sessions:toasts.waitlistJoined" : "sessions:toasts.waitlistLeft" });
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

/** Every state of the spec's side panel: what the viewer sees and may do, first match wins. */
function SidePanel({ sessionHref }: { sessionHref: string }) {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t, i18n } = useTranslation("sessions");
  const lang = pageLocale(i18n.language);
  const goToSession = (
    <Link to={sessionHref} className={buttonClass("secondary", "w-full")}>
      {t("booking.goToSession")}
    </Link>
  );
  if (data.payment.pending)
    return (
      <PendingPayment
        pending={data.payment.pending}
        voucherHref={data.payment.voucherHref}
        sessionId={data.session.id}
        minAdvanceHours={data.payment.minAdvanceHours}
      />
    );
  if (data.booked)
    return (
      <>
        <Banner tone="ok">{t("booking.alreadyBooked")}</Banner>
        {goToSession}
      </>
    );
  if (data.closed)
    return (
      <>
        <Banner tone="warn">{t(`booking.errors.${data.closed}`)}</Banner>
        {goToSession}
      </>
    );
  if (data.isHost)
    return (
      <>
        <Banner tone="info">{t("booking.errors.ownSession")}</Banner>
        {goToSession}
      </>
    );
  if (!data.signedIn)
    return (
      <>
        <Banner tone="info">{t("booking.loginRequired")}</Banner>
        <Link to={data.loginHref} className={buttonClass("primary", "w-full")}>
          {t("booking.logIn")}
        </Link>
      </>
    );
  if (data.invite && !data.invite.ok)
    return (
      <>
        <Banner tone="warn">{t(`booking.errors.${inviteRefusal(data.invite.problem)}`)}</Banner>
        <InviteCodeForm />
      </>
    );
  if (data.needsInvite)
    return (
      <>
        <Banner tone="info">{t("booking.errors.inviteRequired")}</Banner>
        <InviteCodeForm />
      </>
    );
  const applied = data.invite?.ok ? (
    <Banner tone="ok">
      {data.invite.discountPercent
        ? t("booking.inviteDiscount", { code: data.inviteCode, percent: data.invite.discountPercent })
        : t(data.invite.waivesPrice ? "booking.inviteFree" : "booking.inviteApplied", { code: data.inviteCode })}
    </Banner>
  ) : null;
  const offer = data.waiting?.offerUntil ? <Banner tone="ok">{t("booking.offer", { until: data.waiting.offerUntil })}</Banner> : null;
  const leaveWaitlist = data.waiting ? <IntentForm intent="leaveWaitlist" label={t("booking.leaveWaitlist")} variant="secondary" /> : null;
  // A paid session that is full (seats held by vouchers and card holds included) has a waitlist like a free one.
  if (data.session.spotsLeft > 0 && !data.session.free)
    return data.emailVerified ? (
      <>
        {applied}
        {offer}
        <PaymentChoices
          dialogs={data.paymentDialogs}
          oxxo={data.payment.oxxo}
          oxxoHref={`${localePath(lang, `/session/${data.session.id}/oxxo`)}${data.inviteCode ? `?invite=${encodeURIComponent(data.inviteCode)}` : ""}`}
          minAdvanceHours={data.payment.minAdvanceHours}
          inviteCode={data.inviteCode || undefined}
          safety={refused?.safety}
        />
        {leaveWaitlist}
      </>
    ) : (
      <>
        <Banner tone="warn">{t("booking.verifyRequired")}</Banner>
        <Link to={localePath(lang, "/auth/verify-email")} className={buttonClass("primary", "w-full")}>
          {t("booking.verifyEmail")}
        </Link>
      </>
    );
  if (data.session.spotsLeft > 0)
    return (
      <>
        {applied}
        {offer}
        <IntentForm intent="book" label={t("booking.confirmFree")} fields={data.inviteCode ? { inviteCode: data.inviteCode } : {}}>
          <SafetyFields state={refused?.safety} />
        </IntentForm>
        {leaveWaitlist}
      </>
    );
  return (
    <>
      <Banner tone="warn">{t("booking.full")}</Banner>
      {data.waiting ? (
        <>
          <Banner tone="info">{t("booking.onWaitlist", { position: data.waiting.position })}</Banner>
          {leaveWaitlist}
        </>
      ) : (
        <IntentForm intent="joinWaitlist" label={t("booking.joinWaitlist")} fields={data.inviteCode ? { inviteCode: data.inviteCode } : {}} />
      )}
    </>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
