import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { deps } from "#app/modules/deps.server";
import { formatDateTime } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import {
  decideNoShowDispute,
  moderateProfile,
  moderateReview,
  moderationQueue,
  type ModerationResult,
  unbanUser,
} from "#app/modules/moderation/moderation.server";
import { MODERATION_REASON_MAX, profileActions, REPORTS_TO_HOLD_REVIEW, reviewActions } from "#app/modules/moderation/rules";
import { payDeps } from "#app/modules/payments/payments.server";
import { redirectWithToast } from "#app/modules/toast/toast.server";
import { readForm } from "#app/web/form.server";
import { requireAdminDesk } from "#app/web/guards.server";
import { isUuid, notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import type { WebRefusal } from "#app/web/refusals.server";
import { refuse } from "#app/web/replies.server";

export const handle = { i18n: ["admin"], hydrate: false };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdminDesk(request);
  const lang = localeOf(params);
  const queue = await moderationQueue(deps(context));
  const when = (d: Date | string) => formatDateTime(new Date(d), lang, admin.timeZone);
  return {
    reports: queue.reports.map((r) => ({ ...r, first: when(r.first_at) })),
    disputes: queue.disputes.map((d) => ({ ...d, when: when(d.starts_at) })),
    banned: queue.banned.map((b) => ({ id: b.id, name: b.display_name, email: b.email, since: when(b.banned_at!) })),
  };
}

const oneOf = <T extends string>(list: readonly T[], value: unknown): value is T => typeof value === "string" && (list as readonly string[]).includes(value);

/** One form per queue item; `target` says which kind of item, `action` what to do with it. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdminDesk(request);
  const lang = localeOf(params);
  const form = await readForm(request);
  const target = form.get("target");
  const id = form.get("id");
  const act = form.get("action");
  const reason = form.get("reason");
  const typed = typeof reason === "string" ? reason : "";
  const formId = `${String(target)}-${String(id)}`;
  const bad = (error: string, refusal: WebRefusal = "invalid") => refuse(refusal, { formId, error: `errors.${error}`, reason: typed });
  if (!isUuid(id)) return bad("notFound", "notFound");
  let result: ModerationResult;
  if (target === "review") {
    if (!oneOf(reviewActions, act)) return bad("actionInvalid");
    result = await moderateReview(payDeps(context), admin, id, act, reason);
  } else if (target === "profile") {
    if (!oneOf(profileActions, act)) return bad("actionInvalid");
    result = await moderateProfile(payDeps(context), admin, id, act, reason);
  } else if (target === "dispute") {
    if (act !== "uphold" && act !== "reject") return bad("actionInvalid");
    result = await decideNoShowDispute(deps(context), admin, id, act, reason);
  } else if (target === "user") {
    result = await unbanUser(deps(context), admin, id, reason);
  } else {
    return bad("actionInvalid");
  }
  if (!result.ok) {
    if (result.refusal === "forbidden") notFound();
    return bad(result.refusal, result.refusal === "notFound" ? "notFound" : result.refusal.startsWith("reason") ? "invalid" : "conflict");
  }
  return redirectWithToast(localePath(lang, "/admin/moderation"), { type: "success", key: "admin:toasts.done" });
}

type Reply = { formId: string; error: string; reason: string } | undefined;

function ActionForm({ target, id, actions, reply }: { target: string; id: string; actions: readonly string[]; reply: Reply }) {
  const { t } = useTranslation("admin");
  const formId = `${target}-${id}`;
  const mine = reply?.formId === formId ? reply : undefined;
  return (
    <Form method="post" className="space-y-2" aria-describedby={mine ? `${formId}-error` : undefined}>
      <input type="hidden" name="target" value={target} />
      <input type="hidden" name="id" value={id} />
      <label htmlFor={`${formId}-reason`} className="block text-sm font-medium text-stone-800">
        {t("moderation.reasonLabel")}
      </label>
      <textarea
        id={`${formId}-reason`}
        name="reason"
        rows={2}
        maxLength={MODERATION_REASON_MAX}
        defaultValue={mine?.reason ?? ""}
        className="block w-full rounded-md border border-stone-400 px-3 py-2 text-base"
      />
      {mine ? (
        <p id={`${formId}-error`} role="alert" className="text-sm text-red-700">
          {t(mine.error)}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {actions.map((a) => (
          <Button key={a} name="action" value={a} variant={a === "dismiss" || a === "approve" || a === "uphold" ? "secondary" : "primary"}>
            {t(`moderation.actions.${a}`)}
          </Button>
        ))}
      </div>
    </Form>
  );
}

export default function ModerationPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply;
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-6">
      <h2 className="text-xl font-semibold">{t("moderation.title")}</h2>
      <QueueSection id="reports" heading={t("moderation.reportsHeading")} empty={page.reports.length === 0 ? t("moderation.noReports") : null}>
        <ul className="space-y-3">
          {page.reports.map((r) => (
            <li
              key={`${r.target_kind}-${r.target_id}`}
              className="space-y-2 rounded-lg border border-stone-200 bg-white p-4"
              data-testid={`report-${r.target_id}`}
            >
              <p className="break-words font-medium">
                {r.target_kind === "review" ? t("moderation.review", { name: r.user_name }) : t("moderation.profile", { name: r.user_name })}
                {r.user_banned ? <span className="ml-2 rounded bg-red-100 px-2 text-xs text-red-800">{t("moderation.bannedTag")}</span> : null}
                {r.user_is_admin ? <span className="ml-2 rounded bg-stone-200 px-2 text-xs">{t("moderation.adminTag")}</span> : null}
              </p>
              <p className="text-sm text-stone-700">
                {t("moderation.reportCount", { count: r.reports })} · {r.reasons.map((x) => t(`report.reasons.${x}`)).join(", ")} ·{" "}
                {t("moderation.since", { date: r.first })}
              </p>
              {r.target_kind === "review" ? (
                <blockquote className="rounded-md bg-stone-50 p-3 text-sm">
                  <p>{"★".repeat(r.review_rating ?? 0)}</p>
                  {r.review_comment ? <p className="whitespace-pre-line break-words">{r.review_comment}</p> : null}
                  <p className="mt-1 text-xs text-stone-600">
                    {t("moderation.status", { status: t(`reviewStatus.${r.review_status ?? "APPROVED"}`) })}
                    {r.review_hidden ? ` · ${t("moderation.hiddenNow")}` : ""}
                    {` · ${t("moderation.countedReporters", { count: r.counted, hold: REPORTS_TO_HOLD_REVIEW })}`}
                  </p>
                </blockquote>
              ) : null}
              {r.details.length > 0 ? (
                <ul className="list-disc space-y-1 pl-5 text-sm text-stone-800">
                  {r.details.slice(0, 5).map((d, i) => (
                    <li key={i} className="whitespace-pre-line break-words">
                      {d}
                    </li>
                  ))}
                </ul>
              ) : null}
              <ActionForm target={r.target_kind} id={r.target_id} actions={r.target_kind === "review" ? reviewActions : profileActions} reply={reply} />
            </li>
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

/** One part of the queue: its heading, what to say when it is empty, and its list. */
function QueueSection({ id, heading, empty, children }: { id: string; heading: string; empty: string | null; children: ReactNode }) {
  return (
    <section className="space-y-3" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="text-lg font-semibold">
        {heading}
      </h3>
      {empty ? <p className="text-stone-700">{empty}</p> : null}
      {children}
    </section>
  );
}
