import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DeskSection } from "#app/components/admin/desk-section";
import { Button } from "#app/components/ui/button";

/** What a refused form of the jobs desk says: which form, its message key and what was typed. */
export type JobsReply = { formId: string; error: string; params: Record<string, string>; to: string } | undefined;

type ShownRun = { startedAt: string; durationMs: number | null; outcome: string | null; items: number };
type ShownJob = { name: string; schedule: string; lastRun: ShownRun | null; lastFailure: { startedAt: string; error: string } | null };

/** Label and value, as a card's rows on a phone. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-stone-600">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

/** One job: its schedule, newest run, newest failure and its "run now" form (with that form's refusal). */
export function JobCard({ job, mine }: { job: ShownJob; mine: JobsReply }) {
  const { t } = useTranslation("admin");
  return (
    <li className="space-y-2 rounded-lg border border-stone-200 bg-white p-4" data-testid={`job-${job.name}`}>
      <h3 className="font-semibold">
        {t(`jobs.names.${job.name}`)} <span className="break-all font-mono text-xs font-normal text-stone-600">{job.name}</span>
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <Row label={t("jobs.schedule")}>
          <span className="font-mono">{job.schedule}</span>
        </Row>
      </dl>
      <div data-testid="last-run">
        <h4 className="text-sm font-semibold">{t("jobs.lastRun")}</h4>
        {job.lastRun ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <Row label={t("jobs.started")}>{job.lastRun.startedAt}</Row>
            <Row label={t("jobs.duration")}>
              {job.lastRun.durationMs === null ? t("jobs.unfinished") : t("jobs.durationMs", { ms: job.lastRun.durationMs })}
            </Row>
            <Row label={t("jobs.outcome")}>{t(`jobs.outcomes.${job.lastRun.outcome ?? "none"}`)}</Row>
            <Row label={t("jobs.items")}>{job.lastRun.items}</Row>
          </dl>
        ) : (
          <p className="text-sm text-stone-700">{t("jobs.never")}</p>
        )}
      </div>
      <div data-testid="last-failure">
        <h4 className="text-sm font-semibold">{t("jobs.lastFailure")}</h4>
        {job.lastFailure ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
            <Row label={t("jobs.started")}>{job.lastFailure.startedAt}</Row>
            <Row label={t("jobs.error")}>
              <span className="break-all font-mono text-xs">{job.lastFailure.error}</span>
            </Row>
          </dl>
        ) : (
          <p className="text-sm text-stone-700">{t("jobs.noFailure")}</p>
        )}
      </div>
      <Form method="post" className="space-y-2">
        <input type="hidden" name="intent" value="run" />
        <input type="hidden" name="job" value={job.name} />
        {mine ? (
          <p role="alert" className="text-sm text-red-700">
            {t(mine.error)}
          </p>
        ) : null}
        <Button variant="secondary">{t("jobs.runNow")}</Button>
      </Form>
    </li>
  );
}

/** "Email test": one message to the address typed (the admin's own by default). */
export function TestEmailForm({ adminEmail, emailError }: { adminEmail: string; emailError: JobsReply }) {
  const { t } = useTranslation("admin");
  return (
    <DeskSection id="email" heading={t("jobs.emailTitle")} level="h2" boxed>
      <p className="text-sm text-stone-700">{t("jobs.emailIntro")}</p>
      <Form method="post" className="space-y-2" noValidate>
        <input type="hidden" name="intent" value="email" />
        <label htmlFor="test-email-to" className="block text-sm font-medium text-stone-800">
          {t("jobs.emailLabel")}
        </label>
        <input
          id="test-email-to"
          name="to"
          type="email"
          autoComplete="email"
          defaultValue={emailError ? emailError.to : adminEmail}
          aria-invalid={emailError ? true : undefined}
          aria-describedby={emailError ? "test-email-error" : undefined}
          className="block w-full rounded-md border border-stone-400 px-3 py-2 text-base"
        />
        {emailError ? (
          <p id="test-email-error" role="alert" className="text-sm text-red-700">
            {t(emailError.error, emailError.params)}
          </p>
        ) : null}
        <Button>{t("jobs.emailSend")}</Button>
      </Form>
    </DeskSection>
  );
}
