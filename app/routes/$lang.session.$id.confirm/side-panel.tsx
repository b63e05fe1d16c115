import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SafetyFields } from "#app/components/safety/safety-fields";
import { Banner, IntentForm, InviteCodeForm } from "#app/components/sessions/confirm-parts";
import { PaymentChoices } from "#app/components/sessions/payment-choices";
import { PendingPayment } from "#app/components/sessions/pending-payment";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { inviteRefusal } from "#app/modules/bookings/rules";
import { localePath } from "#app/modules/i18n/rules";
import { pageLocale } from "#app/web/locale";
import type { action, loader } from "./route";

/** Every state of the spec's side panel: what the viewer sees and may do, first match wins. */
export function SidePanel({ sessionHref }: { sessionHref: string }) {
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
