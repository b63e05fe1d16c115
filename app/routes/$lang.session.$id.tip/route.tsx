import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Banner } from "#app/components/sessions/confirm-parts";
import { Button, buttonClass } from "#app/components/ui/button";
import { ErrorList, Field } from "#app/components/ui/field";
import { FormErrors } from "#app/components/ui/form-errors";
import { Link } from "#app/components/ui/link";
import { localePath } from "#app/modules/i18n/rules";
import { payDeps } from "#app/modules/payments/payments.server";
import { isTipCurrency, type TipCurrency } from "#app/modules/tips/rules";
import { tipSchema } from "#app/modules/tips/schema";
import { startTip, tipPage } from "#app/modules/tips/tips.server";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import { refuse, seeOther } from "#app/web/replies.server";
import { tipPageData } from "./tip-page.server";

// A tip to the DM after a game (decision record 087). Plain HTML (decision record 021): the form
// posts natively; a card goes on to the provider's hosted page, an OXXO voucher to the tip's page.
export const handle = { i18n: ["tips", "validation", "payments"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.heading} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  return tipPageData(payDeps(context), { lang, user, sessionId: params.id ?? "" });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const d = payDeps(context);
  const sessionId = params.id ?? "";
  const page = await tipPage(d, user, sessionId);
  if (!page.ok) notFound();
  const form = await readForm(request);
  const currency: TipCurrency = page.currency ?? "MXN";
  const submission = parseForm(form, { schema: tipSchema(currency) });
  if (page.closed) return refuse("conflict", submission.reply({ formErrors: [`tips:closed.${page.closed}`] }));
  if (submission.status !== "success") return refuse("invalid", submission.reply());
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.displayName || user.email;
  const started = await startTip(d, user, { sessionId, lang, form: submission.value, oxxoName: name });
  if (!started.ok) {
    if (started.refusal === "notFound") notFound();
    if (started.refusal === "invalid") return refuse("invalid", submission.reply());
    const key = started.refusal === "formUsed" || started.refusal === "providerError" ? `tips:errors.${started.refusal}` : `tips:closed.${started.refusal}`;
    return refuse(started.refusal === "providerError" ? "providerFailed" : "conflict", submission.reply({ formErrors: [key] }));
  }
  return seeOther(started.checkoutUrl ?? localePath(lang, `/tip/${started.tipId}`));
}

export default function TipPage() {
  const page = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("tips");
  const currency = page.currency && isTipCurrency(page.currency) ? page.currency : "MXN";
  const [form, fields] = useForm({
    id: "tip",
    lastResult,
    defaultValue: { method: "CARD" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: tipSchema(currency) }),
  });
  return (
    <section className="mx-auto max-w-lg space-y-5 rounded-lg border border-stone-200 bg-white p-4 sm:p-6">
      <header>
        <h1 className="break-words text-2xl font-bold">{page.heading}</h1>
        <p className="mt-1 break-words text-stone-700">{page.intro}</p>
      </header>
      {page.latest ? (
        <Banner tone="info">
          {page.latest.text}{" "}
          <Link to={page.latest.href} className="underline">
            {t("latest.open")}
          </Link>
        </Banner>
      ) : null}
      {page.closed ? (
        <Banner tone="warn">{page.closed}</Banner>
      ) : (
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <FormErrors id={form.errorId} errors={form.errors} />
          <input type="hidden" name="key" value={page.formKey} />
          <ErrorList id="tip-key-error" errors={fields.key.errors} />
          <Field
            label={t("amount", { currency })}
            hint={page.hint}
            errors={fields.amount.errors}
            inputProps={{ ...getInputProps(fields.amount, { type: "text" }), inputMode: "decimal", autoComplete: "off", required: true }}
          />
          <fieldset className="space-y-2" aria-describedby={fields.method.errors?.length ? `${fields.method.id}-error` : undefined}>
            <legend className="text-sm font-medium text-stone-800">{t("method")}</legend>
            {page.methods.map((method) => (
              <label key={method} className="flex min-h-11 items-center gap-2 rounded-md border border-stone-300 px-3">
                <input type="radio" name={fields.method.name} value={method} defaultChecked={(fields.method.initialValue ?? "CARD") === method} />
                <span>{t(`methods.${method}`)}</span>
              </label>
            ))}
            <ErrorList id={`${fields.method.id}-error`} errors={fields.method.errors} />
          </fieldset>
          <p className="text-sm text-stone-700">{t("noRefund")}</p>
          {page.until ? <p className="text-sm text-stone-700">{page.until}</p> : null}
          <div className="flex flex-wrap justify-end gap-2">
            <Link to={page.sessionHref} className={buttonClass("secondary")}>
              {t("back")}
            </Link>
            <Button type="submit">{t("submit")}</Button>
          </div>
        </Form>
      )}
      {page.closed ? (
        <Link to={page.sessionHref} className={buttonClass("secondary")}>
          {t("back")}
        </Link>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
