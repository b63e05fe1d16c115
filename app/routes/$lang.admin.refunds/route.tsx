import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DeskSection } from "#app/components/admin/desk-section";
import { RecentRefund, RefundCard } from "#app/components/admin/refund-card";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { localePath } from "#app/modules/i18n/rules";
import { refundByHand, retryRefundNow } from "#app/modules/moderation/refund-desk.server";
import { refundDeskSchema } from "#app/modules/moderation/refund-desk-schema";
import { payDeps } from "#app/modules/payments/payments.server";
import { parseForm, readForm } from "#app/web/form.server";
import { requireAdminDesk } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import { refuse } from "#app/web/replies.server";
import { formOnce } from "#app/web/request-key.server";
import { redirectWithToast } from "#app/web/toast.server";
import { refundsPageData } from "./refunds.server";
import { ManualRefundForm, type ManualValues } from "./refunds-parts";

// The refunds section of the admin desk (decision record 064): admins only, a 404 to anyone else.
export const handle = { i18n: ["admin", "validation"], hydrate: false };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdminDesk(request);
  return refundsPageData(payDeps(context), admin, localeOf(params));
}

/** Two forms: "retry now" on a listed refund (`intent=retry`), and the manual refund (`intent=refund`). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdminDesk(request);
  const lang = localeOf(params);
  const here = localePath(lang, "/admin/refunds");
  const form = await readForm(request);
  const submission = parseForm(form, { schema: refundDeskSchema });
  if (submission.status !== "success") return refuse("invalid", { form: "retry" as const, id: "", error: "errors.actionInvalid" });
  const deps = payDeps(context);
  const input = submission.value;
  // Sent twice, the same rendered form asks for one refund (decision record 096).
  return formOnce(
    lang,
    form,
    { deps, userId: admin.id, intent: `admin.refund.${input.intent}:${input.intent === "retry" ? input.paymentId : input.payment}` },
    async () => {
      switch (input.intent) {
        case "retry": {
          const result = await retryRefundNow(deps, admin, input.paymentId, undefined);
          if (!result.ok) {
            if (result.refusal === "forbidden") notFound();
            const refusal = result.refusal === "notFound" ? "notFound" : "conflict";
            return refuse(refusal, { form: "retry" as const, id: input.paymentId, error: `refunds.errors.${result.refusal}` });
          }
          const toast = result.accepted
            ? { type: "success" as const, key: "admin:toasts.refundRetried" }
            : { type: "error" as const, key: "admin:toasts.refundRetryFailed" };
          return redirectWithToast(here, toast);
        }
        case "refund": {
          const values: ManualValues = { payment: input.payment, reason: input.reason, note: input.note };
          const result = await refundByHand(deps, admin, values);
          if (result.ok) return redirectWithToast(here, { type: "success", key: "admin:toasts.refundAsked" });
          if (result.refusal === "forbidden") notFound();
          const field: keyof ManualValues = result.refusal === "reasonInvalid" ? "reason" : result.refusal === "noteTooLong" ? "note" : "payment";
          const refusal = result.refusal === "notFound" ? "notFound" : field === "payment" ? "conflict" : "invalid";
          return refuse(refusal, { form: "manual" as const, values, errors: { [field]: [`admin:refunds.errors.${result.refusal}`] } });
        }
      }
    },
  );
}

export default function RefundsPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold">{t("refunds.title")}</h2>
      <DeskSection id="refunds" heading={t("refunds.watchHeading")}>
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
      </DeskSection>
      <ManualRefundForm manual={reply?.form === "manual" ? reply : undefined} />
      <DeskSection id="recent" heading={t("refunds.recentHeading")}>
        {page.recent.length === 0 ? <p className="text-stone-700">{t("refunds.noneRecent")}</p> : null}
        <ul className="space-y-2">
          {page.recent.map((r) => (
            <RecentRefund key={r.id} refund={r} />
          ))}
        </ul>
      </DeskSection>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
