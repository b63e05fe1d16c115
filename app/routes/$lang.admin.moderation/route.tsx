import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { parseMessageId } from "#app/modules/chat/rules";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { moderateMessage } from "#app/modules/moderation/message-reports.server";
import { decideNoShowDispute, moderateProfile, moderateReview, type ModerationResult, unbanUser } from "#app/modules/moderation/moderation.server";
import { moderationSchema } from "#app/modules/moderation/schema";
import { payDeps } from "#app/modules/payments/payments.server";
import { parseForm, readForm } from "#app/web/form.server";
import { requireAdminDesk } from "#app/web/guards.server";
import { isUuid, notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import type { WebRefusal } from "#app/web/refusals.server";
import { refuse } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";
import { moderationPage } from "./moderation.server";
import { ActionForm, QueueSection, ReportCard } from "./moderation-parts";

export const handle = { i18n: ["admin"], hydrate: false };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdminDesk(request);
  return moderationPage(deps(context), admin, localeOf(params));
}

/** One form per queue item; `target` says which kind of item, `action` what to do with it. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdminDesk(request);
  const lang = localeOf(params);
  const form = await readForm(request);
  // A refusal is shown under the form it came from, with the reason as it was typed.
  const id = form.get("id");
  const formId = `${String(form.get("target"))}-${String(id)}`;
  const reason = form.get("reason");
  const bad = (error: string, refusal: WebRefusal = "invalid") =>
    refuse(refusal, { formId, error: `errors.${error}`, reason: typeof reason === "string" ? reason : "" });
  // A chat message is named by its whole-number id; every other item by a uuid.
  const itemId = form.get("target") === "message" ? parseMessageId(id) : isUuid(id) ? id : null;
  if (itemId === null) return bad("notFound", "notFound");
  const submission = parseForm(form, { schema: moderationSchema });
  if (submission.status !== "success") return bad("actionInvalid");
  const input = submission.value;
  let result: ModerationResult;
  switch (input.target) {
    case "review":
      result = await moderateReview(payDeps(context), admin, String(itemId), input.action, input.reason);
      break;
    case "profile":
      result = await moderateProfile(payDeps(context), admin, String(itemId), input.action, input.reason);
      break;
    case "message":
      result = await moderateMessage(payDeps(context), admin, Number(itemId), input.action, input.reason);
      break;
    case "dispute":
      result = await decideNoShowDispute(deps(context), admin, String(itemId), input.action, input.reason);
      break;
    case "user":
      result = await unbanUser(deps(context), admin, String(itemId), input.reason);
      break;
  }
  if (!result.ok) {
    if (result.refusal === "forbidden") notFound();
    return bad(result.refusal, result.refusal === "notFound" ? "notFound" : result.refusal.startsWith("reason") ? "invalid" : "conflict");
  }
  return redirectWithToast(localePath(lang, "/admin/moderation"), { type: "success", key: "admin:toasts.done" });
}

export default function ModerationPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold">{t("moderation.title")}</h2>
      <QueueSection id="reports" heading={t("moderation.reportsHeading")} empty={page.reports.length === 0 ? t("moderation.noReports") : null}>
        <ul className="space-y-3">
          {page.reports.map((r) => (
            <ReportCard key={`${r.target_kind}-${r.target_id}`} r={r} reply={reply} />
          ))}
        </ul>
      </QueueSection>

      <QueueSection id="disputes" heading={t("moderation.disputesHeading")} empty={page.disputes.length === 0 ? t("moderation.noDisputes") : null}>
        <ul className="space-y-3">
          {page.disputes.map((d) => (
            <li key={d.id} className="space-y-2 rounded-lg border border-stone-200 bg-white p-4" data-testid={`dispute-${d.id}`}>
              <p className="break-words font-medium">{t("moderation.disputeBy", { name: d.player_name })}</p>
              <p className="break-words text-sm text-stone-700">
                {t("moderation.session", { title: d.session_title })} · {d.when}
              </p>
              <p className="whitespace-pre-line break-words rounded-md bg-stone-50 p-3 text-sm">{d.reason}</p>
              <ActionForm target="dispute" id={d.id} actions={["uphold", "reject"]} reply={reply} />
            </li>
          ))}
        </ul>
      </QueueSection>

      <QueueSection id="banned" heading={t("moderation.bannedHeading")} empty={page.banned.length === 0 ? t("moderation.noBanned") : null}>
        <ul className="space-y-3">
          {page.banned.map((b) => (
            <li key={b.id} className="space-y-1 rounded-lg border border-stone-200 bg-white p-4" data-testid={`banned-${b.id}`}>
              <p className="break-words font-medium">
                {b.name} <span className="break-all text-sm text-stone-600">{b.email}</span>
              </p>
              <p className="text-sm text-stone-700">{t("moderation.bannedSince", { date: b.since })}</p>
              <ActionForm target="user" id={b.id} actions={["unban"]} reply={reply} />
            </li>
          ))}
        </ul>
      </QueueSection>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
