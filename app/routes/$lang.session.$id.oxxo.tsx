import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SafetyFields } from "#app/components/safety/safety-fields";
import { Banner } from "#app/components/sessions/confirm-parts";
import { Button, buttonClass } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { Link } from "#app/components/ui/link";
import { requestMeta } from "#app/modules/auth/session.server";
import { confirmationView } from "#app/modules/bookings/confirmation.server";
import { deps } from "#app/modules/deps.server";
import { intlLocale } from "#app/modules/i18n/config";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { discountedPrice } from "#app/modules/invites/rules";
import { payRefusalText } from "#app/modules/payments/messages.server";
import { payDeps, startOxxoPayment } from "#app/modules/payments/payments.server";
import { oxxoNameSchema, oxxoSessionDate } from "#app/modules/payments/rules";
import { paymentPanel } from "#app/modules/payments/seat-views.server";
import { recordSeatSafety } from "#app/modules/safety/safety.server";
import { parseSafetyForm } from "#app/modules/safety/schema";
import { formatPrice } from "#app/modules/sessions/rules";
import { redirectWithToast } from "#app/modules/toast/toast.server";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import { refuse } from "#app/web/replies.server";

// The spec's cash-payment dialog as a page of its own, so it works without JavaScript.
export const handle = { i18n: ["payments", "sessions", "validation", "safety"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.heading} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const d = deps(context);
  // The ?invite= code the confirmation page passed on: it may lower the price, and it passes the same limited screen there.
  const typedCode = new URL(request.url).searchParams.get("invite")?.trim().slice(0, 20) ?? "";
  const view = await confirmationView(d, params.id ?? "", user, typedCode, requestMeta(request).ip);
  if (!view) notFound();
  // Paid seats need a verified email (spec section 5); the hold refuses it too, this only sends the player to verify first.
  if (!user.emailVerified) throw await redirectWithToast(localePath(lang, "/auth/verify-email"), { type: "error", key: "sessions:booking.verifyRequired" });
  const panel = await paymentPanel(d, view.row.id, view.booking);
  const confirmHref = `${localePath(lang, `/session/${view.row.id}/confirm`)}${typedCode ? `?invite=${encodeURIComponent(typedCode)}` : ""}`;
  // A voucher already made for this seat is shown instead of a second form.
  if (panel.pending?.method === "OXXO" && panel.pending.state === "voucherPending" && view.booking)
    throw await redirectWithToast(localePath(lang, `/booking/${view.booking.id}/voucher`), { type: "info", key: "payments:voucher.pending" });
  // After a declined card the held seat may be paid with a voucher instead (payments/rules.ts payAgainChoices).
  const payAgain = panel.pending?.payAgain.oxxo === "available";
  if (view.booking && !payAgain)
    throw await redirectWithToast(confirmHref, {
      type: "info",
      key: view.booking.status === "PENDING_PAYMENT" ? "payments:errors.paymentPending" : "sessions:booking.alreadyBooked",
    });
  // A code that does not open the session (or none for a private one): the confirmation page says why.
  if (view.needsInvite || (view.invite && !view.invite.ok)) throw redirect(confirmHref);
  if (panel.oxxo !== "available" || view.closed || view.isHost || view.free)
    throw await redirectWithToast(confirmHref, { type: "error", key: `payments:errors.${panel.oxxo === "tooClose" ? "oxxoTooClose" : "oxxoNotOffered"}` });
  const { row } = view;
  // What the voucher will ask for: a discount code lowers it, as on the confirmation page and in the hold.
  const toPay = discountedPrice(row.price_cents, view.invite?.ok ? view.invite.discountPercent : null);
  return {
    heading: translator(lang, "payments")("oxxo.title"),
    confirmHref,
    inviteCode: view.invite?.ok ? view.invite.code : "",
    voucherDays: panel.voucherDays,
    session: {
      title: row.title,
      date: oxxoSessionDate(new Date(row.starts_at)),
      location: row.location,
      price: `${formatPrice(toPay, row.currency, lang)} ${row.currency}`,
      fullPrice: toPay !== row.price_cents ? `${formatPrice(row.price_cents, row.currency, lang)} ${row.currency}` : null,
    },
    defaults: { firstName: user.firstName ?? "", lastName: user.lastName ?? "" },
    locale: intlLocale[lang],
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const form = await readForm(request);
  const submission = parseForm(form, { schema: oxxoNameSchema });
  // Lines and veils ride with the voucher's hold; the DM sees them only once the voucher is paid.
  const safety = parseSafetyForm(form);
  if (submission.status !== "success" || !safety.ok) {
    const typed = safety.ok ? { values: { ...safety.input, lines: [...safety.input.lines], veils: [...safety.input.veils] }, errors: [] } : safety.state;
    return refuse("invalid", { ...submission.reply(), safety: typed });
  }
  const sessionId = params.id ?? "";
  const inviteCode = String(form.get("inviteCode") ?? "").slice(0, 20) || null;
  const result = await startOxxoPayment(payDeps(context), user, { sessionId, ...submission.value, inviteCode, address: requestMeta(request).ip });
  if (!result.ok && result.refusal === "emailNotVerified")
    return redirectWithToast(localePath(lang, "/auth/verify-email"), { type: "error", key: "sessions:booking.verifyRequired" });
  if (!result.ok) {
    const reason = payRefusalText(result.refusal, lang);
    return redirectWithToast(localePath(lang, `/session/${sessionId}/confirm`), {
      type: "error",
      key: "sessions:booking.errors.bookingFailed",
      params: { reason },
    });
  }
  await recordSeatSafety(deps(context), user.id, sessionId, safety.input);
  return redirectWithToast(localePath(lang, `/booking/${result.bookingId}/voucher`), { type: "success", key: "payments:toasts.voucherGenerated" });
}

export default function OxxoNamePage() {
  const loaderData = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("payments");
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    lastResult,
    defaultValue: loaderData.defaults,
    constraint: getZodConstraint(oxxoNameSchema),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: oxxoNameSchema }),
  });
  const s = loaderData.session;
  return (
    <section className="mx-auto max-w-lg space-y-5 rounded-lg border border-stone-200 bg-white p-6">
      <header>
        <h1 className="text-2xl font-bold">{t("oxxo.title")}</h1>
        <p className="mt-1 text-stone-700">{t("oxxo.subtitle")}</p>
      </header>
      <dl className="grid gap-1 rounded-md bg-stone-50 p-4 text-sm">
        <dt className="sr-only">{t("voucher.sessionTitle")}</dt>
        <dd className="text-base font-semibold">{s.title}</dd>
        <dd>{s.date}</dd>
        {s.location ? <dd>{s.location}</dd> : null}
        <dd className="text-lg font-bold">
          {s.fullPrice ? <s className="mr-2 text-base font-normal text-stone-500">{s.fullPrice}</s> : null}
          {s.price}
        </dd>
      </dl>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        {loaderData.inviteCode ? <input type="hidden" name="inviteCode" value={loaderData.inviteCode} /> : null}
        <Field
          label={t("oxxo.firstName")}
          errors={fields.firstName.errors}
          inputProps={{ ...getInputProps(fields.firstName, { type: "text" }), autoComplete: "given-name" }}
        />
        <Field
          label={t("oxxo.lastName")}
          errors={fields.lastName.errors}
          inputProps={{ ...getInputProps(fields.lastName, { type: "text" }), autoComplete: "family-name" }}
        />
        <SafetyFields state={lastResult?.safety} />
        <ul className="space-y-2">
          <li>
            <Banner tone="info">{t("oxxo.warnings.reservation")}</Banner>
          </li>
          <li>
            <Banner tone="warn">{t("oxxo.warnings.expires", { days: loaderData.voucherDays })}</Banner>
          </li>
          <li>
            <Banner tone="info">{t("oxxo.warnings.email")}</Banner>
          </li>
          <li>
            <Banner tone="info">{t("oxxo.warnings.confirmation")}</Banner>
          </li>
        </ul>
        <div className="flex flex-wrap justify-end gap-2 pt-2">
          <Link to={loaderData.confirmHref} className={buttonClass("secondary")}>
            {t("oxxo.cancel")}
          </Link>
          <Button disabled={busy}>{busy ? t("oxxo.processing") : t("oxxo.confirm")}</Button>
        </div>
      </Form>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
