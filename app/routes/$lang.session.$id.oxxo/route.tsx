import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { SafetyFields } from "#app/components/safety/safety-fields";
import { Banner } from "#app/components/sessions/confirm-parts";
import { Button, buttonClass } from "#app/components/ui/button";
import { Field } from "#app/components/ui/field";
import { Link } from "#app/components/ui/link";
import { RequestKeyField } from "#app/components/ui/request-key-field";
import { requestMeta } from "#app/modules/auth/session.server";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { payRefusalText } from "#app/modules/payments/messages.server";
import { payDeps, startOxxoPayment } from "#app/modules/payments/payments.server";
import { oxxoNameSchema } from "#app/modules/payments/rules";
import { oxxoPageSchema } from "#app/modules/payments/schema";
import { parseSafetyForm } from "#app/modules/safety/schema";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { localeOf } from "#app/web/locale.server";
import { refusedSeat } from "#app/web/refused-forms.server";
import { refuse } from "#app/web/replies.server";
import { formOnce } from "#app/web/request-key.server";
import { redirectWithToast } from "#app/web/toast.server";
import { oxxoPageData } from "./oxxo-page.server";

// The spec's cash-payment dialog as a page of its own, so it works without JavaScript.
export const handle = { i18n: ["payments", "sessions", "validation", "safety"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.heading} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  // The ?invite= code the confirmation page passed on: it may lower the price, and it passes the same limited screen there.
  const typedCode = new URL(request.url).searchParams.get("invite")?.trim().slice(0, 20) ?? "";
  return oxxoPageData(deps(context), { lang, user, sessionId: params.id ?? "", typedCode, address: requestMeta(request).ip });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const form = await readForm(request);
  const submission = parseForm(form, { schema: oxxoPageSchema });
  // Lines and veils ride with the voucher's hold; the DM sees them only once the voucher is paid.
  const safety = parseSafetyForm(form);
  const sessionId = params.id ?? "";
  const back = localePath(lang, `/session/${sessionId}/confirm`);
  if (submission.status !== "success" || !safety.ok) {
    const errors = submission.status === "success" ? [] : Object.keys(submission.error ?? {});
    // A code longer than any code, the names and lines fine: answered as every wrong code is.
    if (safety.ok && errors.length > 0 && errors.every((field) => field === "inviteCode"))
      return refusedSeat(lang, back, "inviteInvalid", payRefusalText("inviteInvalid", lang));
    const typed = safety.ok ? { values: { ...safety.input, lines: [...safety.input.lines], veils: [...safety.input.veils] }, errors: [] } : safety.state;
    return refuse("invalid", { ...submission.reply(), safety: typed });
  }
  // Sent twice, the same rendered form holds one seat and one voucher (decision record 096).
  return formOnce(lang, form, { deps: deps(context), userId: user.id, intent: `session.payOxxo:${sessionId}` }, async () => {
    const { inviteCode = null, ...names } = submission.value;
    const result = await startOxxoPayment(payDeps(context), user, { sessionId, ...names, inviteCode, address: requestMeta(request).ip, safety: safety.input });
    if (!result.ok) return refusedSeat(lang, back, result.refusal, payRefusalText(result.refusal, lang));
    return redirectWithToast(localePath(lang, `/booking/${result.bookingId}/voucher`), { type: "success", key: "payments:toasts.voucherGenerated" });
  });
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
        <RequestKeyField />
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
