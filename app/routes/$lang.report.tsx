import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { RequestKeyField } from "#app/components/ui/request-key-field";
import type { Requester } from "#app/modules/auth/session.server";
import { parseMessageId } from "#app/modules/chat/rules";
import { deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { messageReportTarget } from "#app/modules/moderation/message-reports.server";
import { fileReport, reportTarget } from "#app/modules/moderation/moderation.server";
import { REPORT_DETAILS_MAX, reportReasons } from "#app/modules/moderation/rules";
import { reportSchema } from "#app/modules/moderation/schema";
import { readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { isUuid, notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import { refuse } from "#app/web/replies.server";
import { formOnce } from "#app/web/request-key.server";
import { redirectWithToast } from "#app/web/toast.server";

// Reporting a review, a profile or a chat message (decision record 063): a plain form page, so it works without JavaScript.
export const handle = { i18n: ["admin", "validation"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.heading} · Mesa` : "Mesa" }, { name: "robots", content: "noindex" }];

function targetOf(request: Request) {
  const url = new URL(request.url);
  const kind = url.searchParams.get("kind");
  const id = url.searchParams.get("id");
  if (kind === "message") {
    const messageId = parseMessageId(id);
    if (messageId === null) notFound();
    return { kind, id: String(messageId) } as const;
  }
  if ((kind !== "review" && kind !== "profile") || !isUuid(id)) notFound();
  return { kind, id } as const;
}

/** A chat message's report: only from its chat (anyone else: 404); back to the message after. */
async function loadMessage(context: LoaderFunctionArgs["context"], user: Requester, lang: Locale, id: string) {
  const target = await messageReportTarget(deps(context), user, Number(id));
  if (!target) notFound();
  const t = translator(lang, "admin");
  return {
    lang,
    kind: "message" as const,
    id,
    own: target.refusal === "self",
    removed: target.refusal === "removed",
    heading: target.message ? t("report.messageTitle", { name: target.message.senderName }) : t("report.title"),
    quote: target.message?.content ?? null,
    back: `${localePath(lang, `/chats/${target.chatId}`)}#m${id}`,
  };
}

async function load(request: Request, params: { lang?: string }, context: LoaderFunctionArgs["context"]) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang, "admin:errors.loginRequired");
  const { kind, id } = targetOf(request);
  if (kind === "message") return { user, ...(await loadMessage(context, user, lang, id)) };
  const target = await reportTarget(deps(context), kind, id);
  if (!target) notFound();
  const t = translator(lang, "admin");
  return {
    user,
    lang,
    kind,
    id,
    own: target.userId === user.id,
    removed: false,
    quote: null,
    heading: kind === "review" ? t("report.reviewTitle", { name: target.name }) : t("report.profileTitle", { name: target.name }),
    back: localePath(lang, `/profile/${target.userId}`) + (kind === "review" ? "?tab=reviews" : ""),
  };
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { user: _user, ...page } = await load(request, params, context);
  return page;
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const page = await load(request, params, context);
  const form = await readForm(request);
  const typed = { reason: String(form.get("reason") ?? ""), details: String(form.get("details") ?? "") };
  const parsed = reportSchema.safeParse({
    kind: page.kind,
    targetId: page.id,
    reason: form.get("reason") ?? undefined,
    details: form.get("details") ?? undefined,
  });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ field: String(i.path[0]), message: i.message }));
    return refuse("invalid", { errors: issues, typed });
  }
  // Sent twice, the same rendered form acts once (decision record 096).
  return formOnce(page.lang, form, { deps: deps(context), userId: page.user.id, intent: `report.${page.kind}:${page.id}` }, async () => {
    const result = await fileReport(deps(context), page.user, parsed.data);
    if (!result.ok)
      return refuse(result.refusal === "notFound" ? "notFound" : result.refusal === "rateLimited" ? "limited" : "conflict", {
        errors: [{ field: "form", message: `admin:errors.${result.refusal}` }],
        typed,
      });
    return redirectWithToast(page.back, { type: "success", key: "admin:toasts.reported" });
  });
}

export default function ReportPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const errorsOf = (field: string) => reply?.errors.filter((e) => e.field === field).map((e) => t(e.message)) ?? [];
  const formErrors = [...errorsOf("form"), ...errorsOf("kind"), ...errorsOf("targetId")];
  return (
    <section className="mx-auto max-w-lg space-y-4 rounded-lg border border-stone-200 bg-white p-6">
      <h1 className="break-words text-2xl font-bold">{page.heading}</h1>
      {page.quote ? <blockquote className="whitespace-pre-line break-words rounded-md bg-stone-50 p-3 text-sm">{page.quote}</blockquote> : null}
      {page.own || page.removed ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
          {t(page.removed ? "errors.removed" : page.kind === "message" ? "errors.ownMessage" : "errors.self")}
        </p>
      ) : (
        <Form method="post" className="space-y-3">
          <RequestKeyField />
          {formErrors.length > 0 ? (
            <p role="alert" className="text-sm text-red-700">
              {formErrors.join(" ")}
            </p>
          ) : null}
          <fieldset className="space-y-1" aria-describedby="reason-error">
            <legend className="text-sm font-medium text-stone-800">{t("report.reasonLabel")}</legend>
            {reportReasons.map((r) => (
              <label key={r} className="flex min-h-11 items-center gap-2">
                <input type="radio" name="reason" value={r} defaultChecked={reply?.typed.reason === r} required />
                {t(`report.reasons.${r}`)}
              </label>
            ))}
            <p id="reason-error" className="text-sm text-red-700">
              {errorsOf("reason").join(" ")}
            </p>
          </fieldset>
          <label htmlFor="details" className="block text-sm font-medium text-stone-800">
            {t("report.detailsLabel")}
          </label>
          <textarea
            id="details"
            name="details"
            rows={4}
            maxLength={REPORT_DETAILS_MAX}
            defaultValue={reply?.typed.details ?? ""}
            aria-describedby="details-hint details-error"
            className="block w-full rounded-md border border-stone-400 px-3 py-2 text-base"
          />
          <p id="details-hint" className="text-xs text-stone-600">
            {t("report.detailsHint")}
          </p>
          <p id="details-error" className="text-sm text-red-700">
            {errorsOf("details").join(" ")}
          </p>
          <Button className="w-full">{t("report.submit")}</Button>
        </Form>
      )}
      <a href={page.back} className="block text-center text-sm underline">
        {t("report.cancel")}
      </a>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
