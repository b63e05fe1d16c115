import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { PaymentDialogsLoader } from "#app/components/payments/payment-dialogs-loader";
import { SafetyFields } from "#app/components/safety/safety-fields";
import { Banner, Breadcrumbs, Faq, HostCard, IntentForm, SecurityNote } from "#app/components/sessions/confirm-parts";
import { Fact } from "#app/components/sessions/detail-parts";
import { OxxoNotEligible } from "#app/components/sessions/payment-choices";
import { Button, buttonClass } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { Link } from "#app/components/ui/link";
import { requestMeta } from "#app/modules/auth/session.server";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { payDeps } from "#app/modules/payments/payments.server";
import { oxxoNameSchema } from "#app/modules/payments/rules";
import { recordSubscriptionSafety } from "#app/modules/safety/safety.server";
import { parseSafetyForm, typedSafetyState } from "#app/modules/safety/schema";
import { seriesConfirmation } from "#app/modules/subscriptions/confirmation.server";
import { subscribeRefusalText } from "#app/modules/subscriptions/messages.server";
import { cancelSubscription, subscribeByCheckout, subscribeByOxxo, subscribeFree } from "#app/modules/subscriptions/subscriptions.server";
import { redirectWithToast } from "#app/modules/toast/toast.server";
import { parseForm, readForm } from "#app/web/form.server";
import { getOptionalUser, requireUser } from "#app/web/guards.server";
import { invariantResponse, notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { refuse, seeOther } from "#app/web/replies.server";

// Subscribing to a series: plain HTML, every choice a form post that works without JavaScript
// (decision records 021 and 051).
export const handle = { i18n: ["subscriptions", "sessions", "payments", "validation", "reviews", "safety"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.heading} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const page = await seriesConfirmation(deps(context), {
    lang: localeOf(params),
    viewer: await getOptionalUser(request),
    seriesId: params.id ?? "",
    url: new URL(request.url),
  });
  if (!page) notFound();
  return page;
}

const INTENTS = ["join", "payCard", "payOxxo", "cancel"] as const;

/** Join (free), pay by card (the hosted page) or at OXXO, or cancel; each answers with a toast and a redirect (PRG). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang, "subscriptions:errors.loginToSubscribe");
  const form = await readForm(request);
  const intent = form.get("intent");
  invariantResponse(typeof intent === "string" && (INTENTS as readonly string[]).includes(intent), "Unknown intent");
  const seriesId = params.id ?? "";
  const here = `${localePath(lang, `/series/${seriesId}/confirm`)}${new URL(request.url).search}`;
  const seriesHref = localePath(lang, `/series/${seriesId}`);
  const typed = {
    nextSessionId: String(form.get("nextSessionId") ?? "") || null,
    inviteCode: String(form.get("inviteCode") ?? "") || null,
    address: requestMeta(request).ip,
  };
  const refused = async (refusal: string) => {
    if (refusal === "emailNotVerified")
      return redirectWithToast(localePath(lang, "/auth/verify-email"), { type: "error", key: "subscriptions:errors.emailNotVerifiedSubscribe" });
    return redirectWithToast(here, { type: "error", key: "subscriptions:errors.subscribeFailed", params: { reason: subscribeRefusalText(refusal, lang) } });
  };
  if (intent === "cancel") {
    const result = await cancelSubscription(payDeps(context), user, seriesId);
    if (!result.ok) return redirectWithToast(here, { type: "error", key: "subscriptions:errors.notSubscribed" });
    return redirectWithToast(seriesHref, { type: "success", key: "subscriptions:toasts.cancelled" });
  }
  // Lines and veils come with the subscription; a refused form comes back with every value as typed.
  const safety = parseSafetyForm(form);
  if (!safety.ok) return refuse("invalid", { safety: safety.state, intent });
  if (intent === "payOxxo") {
    const submission = parseForm(form, { schema: oxxoNameSchema });
    if (submission.status !== "success") return refuse("invalid", { ...submission.reply(), oxxoSafety: typedSafetyState(form) });
    const result = await subscribeByOxxo(payDeps(context), user, seriesId, { ...typed, ...submission.value });
    if (!result.ok) return refused(result.refusal);
    // Kept with the voucher's seat: the DM sees it only once the voucher is paid and the seat confirmed.
    await recordSubscriptionSafety(deps(context), user.id, seriesId, safety.input);
    return redirectWithToast(localePath(lang, `/booking/${result.voucher.bookingId}/voucher`), { type: "success", key: "subscriptions:toasts.joinedOxxo" });
  }
  if (intent === "payCard") {
    const result = await subscribeByCheckout(payDeps(context), user, seriesId, { ...typed, lang });
    if (!result.ok) return refused(result.refusal);
    // Kept with the subscription's payment: the DM sees it only with a confirmed seat, once it settles.
    await recordSubscriptionSafety(deps(context), user.id, seriesId, safety.input);
    return seeOther(result.url);
  }
  const result = await subscribeFree(deps(context), user, seriesId, typed);
  if (!result.ok) return refused(result.refusal);
  await recordSubscriptionSafety(deps(context), user.id, seriesId, safety.input);
  return redirectWithToast(`${seriesHref}?subscribed=true`, {
    type: "success",
    key: result.rejoined ? "subscriptions:toasts.rejoined" : "subscriptions:toasts.joined",
  });
}

export default function SeriesConfirmPage() {
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

/** What the viewer sees and may do, first match wins. */
function SidePanel() {
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

/** OXXO needs the payer's names on the voucher: asked right here, so it works without a dialog. */
function OxxoForm({ fields }: { fields: Record<string, string> }) {
  const page = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const lastResult = acted && "safety" in acted ? undefined : acted;
  // What was typed in this form's lines and veils, with their messages when they were the trouble.
  const safety =
    acted && "safety" in acted ? (acted.intent === "payOxxo" ? acted.safety : undefined) : acted && "oxxoSafety" in acted ? acted.oxxoSafety : undefined;
  const { t } = useTranslation("subscriptions");
  const [form, inputs] = useForm({
    lastResult,
    defaultValue: page.names,
    constraint: getZodConstraint(oxxoNameSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: oxxoNameSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-2 rounded-md border border-stone-200 p-3">
      <input type="hidden" name="intent" value="payOxxo" />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <p className="text-sm text-stone-700">{t("actions.oxxoNote")}</p>
      <Field
        label={t("oxxo.firstName", { ns: "payments" })}
        errors={inputs.firstName.errors}
        inputProps={{ ...getInputProps(inputs.firstName, { type: "text" }), autoComplete: "given-name" }}
      />
      <Field
        label={t("oxxo.lastName", { ns: "payments" })}
        errors={inputs.lastName.errors}
        inputProps={{ ...getInputProps(inputs.lastName, { type: "text" }), autoComplete: "family-name" }}
      />
      <SafetyFields state={safety} idPrefix="oxxo-" />
      <Button variant="secondary" className="w-full">
        {t("actions.payOxxo")}
      </Button>
    </Form>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
