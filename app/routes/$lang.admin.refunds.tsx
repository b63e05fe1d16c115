import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RecentRefund, RefundCard } from "#app/components/admin/refund-card";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { Field, SelectField, TextareaField } from "#app/components/ui/field";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import { REFUND_NOTE_MAX } from "#app/modules/moderation/refund-desk";
import { refundByHand, refundDesk, retryRefundNow } from "#app/modules/moderation/refund-desk.server";
import { payDeps } from "#app/modules/payments/payments.server";
import { formatPrice } from "#app/modules/sessions/rules";
import { redirectWithToast } from "#app/modules/toast/toast.server";
import { REFUND_REASONS } from "#app/services/payments/payments";
import { readForm } from "#app/web/form.server";
import { requireAdminDesk } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import { refuse } from "#app/web/replies.server";

// The refunds section of the admin desk (decision record 064): admins only, a 404 to anyone else.
export const handle = { i18n: ["admin", "validation"], hydrate: false };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdminDesk(request);
  const lang = localeOf(params);
  const desk = await refundDesk(payDeps(context));
  const when = (d: Date | string | null) => (d ? formatDateTime(new Date(d), lang, admin.timeZone) : null);
  const money = (cents: number, currency: string) => `${formatPrice(cents, currency, lang)} ${currency}`;
  return {
    refunds: desk.refunds.map((r) => ({
      id: r.id,
      bookingId: r.booking_id,
      failed: r.status === "refund_failed",
      player: r.player_name,
      email: r.player_email,
      session: r.session_title,
      amount: money(r.amount_cents, r.currency),
      reason: r.refund_reason,
      attempts: r.refund_attempts,
      error: r.refund_error,
      nextTry: r.status === "refund_pending" && !r.refund_ref ? when(r.refund_next_try_at) : null,
      accepted: r.refund_ref !== null,
      retryable: r.retryable,
    })),
    recent: desk.recent.map((r) => ({
      id: r.id,
      player: r.player_name,
      session: r.session_title,
      amount: money(r.amount_cents, r.currency),
      reason: r.refund_reason,
      when: when(r.updated_at)!,
    })),
  };
}

type ManualValues = { payment: string; reason: string; note: string };
export type RefundReply =
  { form: "retry"; id: string; error: string } | { form: "manual"; values: ManualValues; errors: Partial<Record<keyof ManualValues, string[]>> } | undefined;

const text = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");
const here = (lang: Locale) => localePath(lang, "/admin/refunds");

/** Two forms: "retry now" on a listed refund (`intent=retry`), and the manual refund (`intent=refund`). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdminDesk(request);
  const lang = localeOf(params);
  const form = await readForm(request);
  const deps = payDeps(context);
  if (form.get("intent") === "retry") {
    const id = text(form.get("paymentId"));
    const result = await retryRefundNow(deps, admin, id, undefined);
    if (!result.ok) {
      if (result.refusal === "forbidden") notFound();
      return refuse(result.refusal === "notFound" ? "notFound" : "conflict", { form: "retry" as const, id, error: `refunds.errors.${result.refusal}` });
    }
    const toast = result.accepted
      ? { type: "success" as const, key: "admin:toasts.refundRetried" }
      : { type: "error" as const, key: "admin:toasts.refundRetryFailed" };
    return redirectWithToast(here(lang), toast);
  }
  if (form.get("intent") === "refund") {
    const values = { payment: text(form.get("payment")).slice(0, 100), reason: text(form.get("reason")), note: text(form.get("note")) };
    const result = await refundByHand(deps, admin, values);
    if (!result.ok) {
      if (result.refusal === "forbidden") notFound();
      const field: keyof ManualValues = result.refusal === "reasonInvalid" ? "reason" : result.refusal === "noteTooLong" ? "note" : "payment";
      const refusal = result.refusal === "notFound" ? "notFound" : field === "payment" ? "conflict" : "invalid";
      return refuse(refusal, { form: "manual" as const, values, errors: { [field]: [`admin:refunds.errors.${result.refusal}`] } });
    }
    return redirectWithToast(here(lang), { type: "success", key: "admin:toasts.refundAsked" });
  }
  return refuse("invalid", { form: "retry" as const, id: "", error: "errors.actionInvalid" });
}

export default function RefundsPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as RefundReply;
  const { t } = useTranslation("admin");
  const manual = reply?.form === "manual" ? reply : undefined;
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold">{t("refunds.title")}</h2>
      <section className="space-y-3" aria-labelledby="refunds-heading">
        <h3 id="refunds-heading" className="text-lg font-semibold">
          {t("refunds.watchHeading")}
        </h3>
        {/* A retry refused for a refund no longer listed (a second press after the first one finished) says so here. */}
        {reply?.form === "retry" && !page.refunds.some((r) => r.id === reply.id) ? (
          <p role="alert" className="text-sm text-red-700">
            {t(reply.error)}
          </p>
        ) : null}
        {page.refunds.length === 0 ? <p className="text-stone-700">{t("refunds.none")}</p> : null}
        <ul className="space-y-3">
          {page.refunds.map((r) => (
            <RefundCard key={r.id} refund={r} error={reply?.form === "retry" && reply.id === r.id ? reply.error : null} />
          ))}
        </ul>
      </section>

      <section className="space-y-3 rounded-lg border border-stone-200 bg-white p-4" aria-labelledby="manual-heading">
        <h3 id="manual-heading" className="text-lg font-semibold">
          {t("refunds.manualHeading")}
        </h3>
        <p className="text-sm text-stone-700">{t("refunds.manualHelp")}</p>
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="refund" />
          <Field
            label={t("refunds.paymentLabel")}
            errors={manual?.errors.payment}
            inputProps={{ id: "refund-payment", name: "payment", required: true, defaultValue: manual?.values.payment ?? "", autoComplete: "off" }}
          />
          <SelectField
            label={t("refunds.reasonLabel")}
            errors={manual?.errors.reason}
            selectProps={{ id: "refund-reason", name: "reason", required: true, defaultValue: manual?.values.reason ?? "" }}
          >
            <option value="">{t("refunds.reasonChoose")}</option>
            {REFUND_REASONS.map((r) => (
              <option key={r} value={r}>
                {t(`refunds.reasons.${r}`)}
              </option>
            ))}
          </SelectField>
          <TextareaField
            label={t("refunds.noteLabel")}
            errors={manual?.errors.note}
            textareaProps={{ id: "refund-note", name: "note", rows: 2, maxLength: REFUND_NOTE_MAX, defaultValue: manual?.values.note ?? "" }}
          />
          <Button>{t("refunds.refund")}</Button>
        </Form>
      </section>

      <section className="space-y-3" aria-labelledby="recent-heading">
        <h3 id="recent-heading" className="text-lg font-semibold">
          {t("refunds.recentHeading")}
        </h3>
        {page.recent.length === 0 ? <p className="text-stone-700">{t("refunds.noneRecent")}</p> : null}
        <ul className="space-y-2">
          {page.recent.map((r) => (
            <RecentRefund key={r.id} refund={r} />
          ))}
        </ul>
      </section>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
