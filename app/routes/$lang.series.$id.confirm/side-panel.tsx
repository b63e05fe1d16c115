// What the viewer of the series confirmation may do: log in, verify, join, pay or cancel.
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PaymentDialogsLoader } from "#app/components/payments/payment-dialogs-loader";
import { SafetyFields } from "#app/components/safety/safety-fields";
import { Banner, IntentForm } from "#app/components/sessions/confirm-parts";
import { OxxoNotEligible } from "#app/components/sessions/payment-choices";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { localePath } from "#app/modules/i18n/rules";
import { pageLocale } from "#app/web/locale";
import { OxxoForm } from "./oxxo-form";
import type { action, loader } from "./route";

/** What the viewer sees and may do, first match wins. */
export function SidePanel() {
  const acted = useActionData<typeof action>();
  const refusedSafety = acted && "safety" in acted && acted.intent !== "payOxxo" ? acted.safety : undefined;
  const page = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("subscriptions");
  const lang = pageLocale(i18n.language);
  const seriesHref = localePath(lang, `/series/${page.series.id}`);
  const goToSeries = (
    <Link to={seriesHref} className={buttonClass("secondary", "w-full")}>
      {t("actions.goToSeries")}
    </Link>
  );
  const dueWarning = page.series.free ? null : <Banner tone="info">{t("banners.paymentDue", { count: page.series.dueHours })}</Banner>;
  if (page.standing === "subscribed")
    return (
      <>
        <Banner tone="ok">{t("banners.subscribed")}</Banner>
        {page.nextSeat ? (
          <Banner tone={page.nextSeat.state === "due" ? "warn" : "ok"}>
            {page.nextSeat.state === "due"
              ? t("banners.nextDue", { until: page.nextSeat.until ?? "" })
              : t(`banners.${page.nextSeat.state === "paid" ? "nextPaid" : "nextConfirmed"}`)}
          </Banner>
        ) : null}
        {page.nextSeat?.payHref ? (
          <Link to={page.nextSeat.payHref} className={buttonClass("primary", "w-full")}>
            {t("actions.payNext")}
          </Link>
        ) : null}
        {dueWarning}
        {goToSeries}
        <IntentForm intent="cancel" label={t("actions.cancel")} variant="secondary" />
        <p className="text-xs text-stone-600">{t("actions.cancelNote")}</p>
      </>
    );
  if (!page.signedIn)
    return (
      <>
        <Banner tone="info">{t("banners.loginRequired")}</Banner>
        <Link to={page.loginHref} className={buttonClass("primary", "w-full")}>
          {t("actions.logIn")}
        </Link>
      </>
    );
  if (page.refusal)
    return (
      <>
        <Banner tone="warn">{t(`errors.${page.refusal}`)}</Banner>
        {goToSeries}
      </>
    );
  const welcome = page.standing === "rejoining" ? <Banner tone="ok">{t("banners.welcomeBack")}</Banner> : null;
  const fields = { nextSessionId: page.next?.id ?? "", ...(page.inviteCode ? { inviteCode: page.inviteCode } : {}) };
  if (page.series.free)
    return (
      <>
        {welcome}
        <IntentForm intent="join" label={t(page.standing === "rejoining" ? "actions.rejoin" : "actions.join")} fields={fields}>
          <SafetyFields state={refusedSafety} />
        </IntentForm>
      </>
    );
  if (!page.emailVerified)
    return (
      <>
        {welcome}
        <Banner tone="warn">{t("banners.verifyRequired")}</Banner>
        <Link to={localePath(lang, "/auth/verify-email")} className={buttonClass("primary", "w-full")}>
          {t("actions.verifyEmail")}
        </Link>
      </>
    );
  // The last card try, declined or still running: no subscription yet, so the ways to pay stay (decision record 070).
  const cardTry = page.cardTry ? (
    <Banner tone={page.cardTry === "declined" ? "warn" : "info"}>{t(page.cardTry === "declined" ? "banners.declined" : "banners.cardPending")}</Banner>
  ) : null;
  return (
    <>
      {welcome}
      {cardTry}
      {dueWarning}
      <IntentForm intent="payCard" label={t("actions.payCard")} fields={fields} dialog={page.paymentDialogs ? "card" : undefined}>
        <SafetyFields state={refusedSafety} />
      </IntentForm>
      {page.paymentDialogs ? <PaymentDialogsLoader config={page.paymentDialogs} /> : null}
      {page.oxxo === "available" ? <OxxoForm fields={fields} /> : null}
      {page.oxxo === "tooClose" ? <OxxoNotEligible label={t("actions.payOxxo")} hours={page.minAdvanceHours} /> : null}
    </>
  );
}
