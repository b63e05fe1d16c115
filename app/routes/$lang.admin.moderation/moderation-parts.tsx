import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DeskSection } from "#app/components/admin/desk-section";
import { Button } from "#app/components/ui/button";
import { messageActions, MODERATION_REASON_MAX, profileActions, REPORTS_TO_HOLD_REVIEW, reviewActions } from "#app/modules/moderation/rules";
import type { QueueReport } from "./moderation.server";

export type Reply = { formId: string; error: string; reason: string } | undefined;

/** An item's form: the reason typed (kept when refused) and one button per action. */
export function ActionForm({ target, id, actions, reply }: { target: string; id: string; actions: readonly string[]; reply: Reply }) {
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

/** One part of the queue: its heading, what to say when it is empty, and its list. */
export function QueueSection({ id, heading, empty, children }: { id: string; heading: string; empty: string | null; children: ReactNode }) {
  return (
    <DeskSection id={id} heading={heading}>
      {empty ? <p className="text-stone-700">{empty}</p> : null}
      {children}
    </DeskSection>
  );
}

const ACTIONS = { review: reviewActions, profile: profileActions, message: messageActions } as const;

/** A reported chat message: its chat, when it was sent, its text. */
function ReportedMessage({ r }: { r: QueueReport }) {
  const { t } = useTranslation("admin");
  return (
    <blockquote className="rounded-md bg-stone-50 p-3 text-sm">
      <p className="break-words text-xs text-stone-600">
        {t("moderation.inChat", { kind: t(`moderation.chatKinds.${r.chat_kind ?? "direct"}`), title: r.chat_title ?? "" })} · {r.messageWhen}
      </p>
      <p className="whitespace-pre-line break-words">{r.message_content}</p>
      {r.attachment_id && r.chat_id ? (
        <a
          href={`/api/chats/${r.chat_id}/attachments/${r.attachment_id}`}
          className="inline-flex min-h-11 items-center gap-2 text-brand-700 underline"
          data-testid="reported-attachment"
        >
          <span aria-hidden="true">{r.attachment_kind === "image" ? "📷" : "📎"}</span>
          {r.attachment_kind === "image" ? t("moderation.openPhoto") : (r.attachment_name ?? "")}
        </a>
      ) : null}
    </blockquote>
  );
}

/** A reported review, profile or chat message: who, how many reports and why, the item itself, the reporters' words. */
export function ReportCard({ r, reply }: { r: QueueReport; reply: Reply }) {
  const { t } = useTranslation("admin");
  return (
    <li className="space-y-2 rounded-lg border border-stone-200 bg-white p-4" data-testid={`report-${r.target_id}`}>
      <p className="break-words font-medium">
        {t(`moderation.${r.target_kind}`, { name: r.user_name })}
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
      {r.target_kind === "message" ? <ReportedMessage r={r} /> : null}
      {r.details.length > 0 ? (
        <ul className="list-disc space-y-1 pl-5 text-sm text-stone-800">
          {r.details.slice(0, 5).map((d, i) => (
            <li key={i} className="whitespace-pre-line break-words">
              {d}
            </li>
          ))}
        </ul>
      ) : null}
      <ActionForm target={r.target_kind} id={r.target_id} actions={ACTIONS[r.target_kind]} reply={reply} />
    </li>
  );
}
