import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button, buttonClass } from "#app/components/ui/button";
import { TextareaField } from "#app/components/ui/field";
import { FormErrors } from "#app/components/ui/form-errors";
import { Link } from "#app/components/ui/link";
import { disputeNoShow, disputePage } from "#app/modules/attendance/attendance.server";
import { MAX_DISPUTE_REASON } from "#app/modules/attendance/rules";
import { disputeSchema } from "#app/modules/attendance/schema";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { refuse } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["attendance", "validation"], hydrate: false };

/** A player's page to dispute a no-show on one of their bookings, once (decision record 057). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const page = await disputePage(deps(context), user, params.id ?? "");
  if (!page.ok) notFound();
  return {
    bookingId: page.booking.id,
    sessionId: page.booking.session_id,
    title: page.booking.title,
    disputed: page.existing !== null,
    refusal: page.refusal,
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const form = await readForm(request);
  // What was typed comes back (without NUL bytes, which the page could not show) so nothing is lost.
  const sent = form.get("reason");
  const typed = typeof sent === "string" ? sent.replaceAll("\u0000", "") : "";
  const submission = parseForm(form, { schema: disputeSchema });
  if (submission.status !== "success") return refuse("invalid", { error: submission.error?.reason?.[0] ?? "attendance:errors.reasonInvalid", reason: typed });
  const result = await disputeNoShow(deps(context), user, params.id ?? "", submission.value.reason);
  if (result.ok) return redirectWithToast(localePath(lang, `/booking/${params.id ?? ""}/dispute`), { type: "success", key: "attendance:toasts.disputeSent" });
  if (result.refusal === "notFound") notFound();
  return refuse(result.refusal === "invalid" ? "invalid" : "conflict", { error: `attendance:errors.${result.error}`, reason: typed });
}

export default function DisputePage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t, i18n } = useTranslation("attendance");
  const back = localePath(pageLocale(i18n.language), `/session/${loaded.sessionId}`);
  const blocked = loaded.disputed ? "alreadyDisputed" : loaded.refusal;
  return (
    <section className="mx-auto max-w-xl rounded-lg border border-stone-200 bg-white p-6">
      <h1 className="text-xl font-bold">{t("dispute.title", { title: loaded.title })}</h1>
      {blocked ? (
        <p role="status" className="mt-4 rounded-md bg-amber-50 p-3 text-amber-900">
          {t(`errors.${blocked}`)}
        </p>
      ) : (
        <Form method="post" className="mt-4 space-y-4">
          <p className="text-stone-700">{t("dispute.intro")}</p>
          <FormErrors id="dispute-errors" errors={actionData?.error ? [actionData.error] : undefined} />
          <TextareaField
            label={t("dispute.reason")}
            hint={t("dispute.reasonHint", { max: MAX_DISPUTE_REASON })}
            textareaProps={{ name: "reason", rows: 6, required: true, maxLength: MAX_DISPUTE_REASON, defaultValue: actionData?.reason ?? "" }}
          />
          <Button>{t("dispute.send")}</Button>
        </Form>
      )}
      <Link to={back} className={`${buttonClass("secondary")} mt-4`}>
        {t("sheet.back")}
      </Link>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
