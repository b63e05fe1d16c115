import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button";
import { RequestKeyField } from "#app/components/ui/request-key-field";

export type RefundRow = {
  id: string;
  bookingId: string | null;
  failed: boolean;
  player: string;
  email: string;
  session: string;
  amount: string;
  reason: string | null;
  attempts: number;
  error: string | null;
  nextTry: string | null;
  accepted: boolean;
  retryable: boolean;
};

/** One refund that failed or is on its way, as a card (it stacks on a phone), with "retry now" when it applies. */
export function RefundCard({ refund: r, error }: { refund: RefundRow; error: string | null }) {
  const { t } = useTranslation("admin");
  const errorId = `retry-${r.id}-error`;
  return (
    <li className="space-y-2 rounded-lg border border-stone-200 bg-white p-4" data-testid={`refund-${r.id}`}>
      <p className="flex flex-wrap items-center gap-2 break-words font-medium">
        <span>{r.player}</span>
        <span className={`rounded px-2 text-xs ${r.failed ? "bg-red-100 text-red-800" : "bg-amber-100 text-amber-900"}`}>
          {t(r.failed ? "refunds.statusFailed" : "refunds.statusPending")}
        </span>
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 break-words text-sm">
        <dt className="font-medium text-stone-600">{t("refunds.email")}</dt>
        <dd className="min-w-0 break-all">{r.email}</dd>
        <dt className="font-medium text-stone-600">{t("refunds.session")}</dt>
        <dd className="min-w-0">{r.session}</dd>
        <dt className="font-medium text-stone-600">{t("refunds.amount")}</dt>
        <dd>{r.amount}</dd>
        {r.reason ? (
          <>
            <dt className="font-medium text-stone-600">{t("refunds.reason")}</dt>
            <dd>{t(`refunds.reasons.${r.reason}`)}</dd>
          </>
        ) : null}
        <dt className="font-medium text-stone-600">{t("refunds.attempts")}</dt>
        <dd>{r.attempts}</dd>
        <dt className="font-medium text-stone-600">{t("refunds.lastError")}</dt>
        <dd className="min-w-0 break-all font-mono text-xs">{r.error ?? "—"}</dd>
        {r.nextTry ? (
          <>
            <dt className="font-medium text-stone-600">{t("refunds.nextTry")}</dt>
            <dd>{r.nextTry}</dd>
          </>
        ) : null}
        <dt className="font-medium text-stone-600">{t("refunds.paymentId")}</dt>
        <dd className="min-w-0 break-all font-mono text-xs">{r.id}</dd>
      </dl>
      {r.retryable ? (
        <Form method="post" aria-describedby={error ? errorId : undefined}>
          <RequestKeyField />
          <input type="hidden" name="intent" value="retry" />
          <input type="hidden" name="paymentId" value={r.id} />
          <Button>{t("refunds.retry")}</Button>
        </Form>
      ) : (
        <p className="text-sm text-stone-700">{t(r.accepted ? "refunds.awaitingProvider" : "refunds.underWay")}</p>
      )}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-red-700">
          {t(error)}
        </p>
      ) : null}
    </li>
  );
}

export type RecentRow = { id: string; player: string; session: string; amount: string; reason: string | null; when: string };

/** A refund the provider completed lately. */
export function RecentRefund({ refund: r }: { refund: RecentRow }) {
  const { t } = useTranslation("admin");
  return (
    <li className="rounded-md border border-stone-200 bg-white p-3 text-sm" data-testid={`refunded-${r.id}`}>
      <p className="break-words font-medium">
        {r.player} · {r.amount} · <span className="text-green-800">{t("refunds.statusRefunded")}</span>
      </p>
      <p className="break-words text-stone-700">
        {r.session} · {r.reason ? `${t(`refunds.reasons.${r.reason}`)} · ` : ""}
        {r.when}
      </p>
    </li>
  );
}
