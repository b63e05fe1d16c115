import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { deps } from "#app/modules/deps.server";
import { formatDateTime } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import { jobsDesk, runJobNow, sendTestEmail } from "#app/modules/jobs/desk.server";
import { isJobName } from "#app/modules/jobs/rules";
import { redirectWithToast } from "#app/modules/toast/toast.server";
import { readForm } from "#app/web/form.server";
import { requireAdminDesk } from "#app/web/guards.server";
import { localeOf } from "#app/web/locale.server";
import { refuse } from "#app/web/replies.server";

export const handle = { i18n: ["admin"], hydrate: false };

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const admin = await requireAdminDesk(request);
  const lang = localeOf(params);
  const when = (d: Date) => formatDateTime(new Date(d), lang, admin.timeZone);
  const jobs = await jobsDesk(deps(context));
  return {
    adminEmail: admin.email,
    jobs: jobs.map((j) => ({
      ...j,
      lastRun: j.lastRun ? { ...j.lastRun, startedAt: when(j.lastRun.startedAt) } : null,
      lastFailure: j.lastFailure ? { ...j.lastFailure, startedAt: when(j.lastFailure.startedAt) } : null,
    })),
  };
}

/** Two forms: `intent=run` with a job's name, `intent=email` with a recipient. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const admin = await requireAdminDesk(request);
  const lang = localeOf(params);
  const form = await readForm(request);
  const intent = form.get("intent");
  const back = localePath(lang, "/admin/jobs");
  if (intent === "run") {
    const name = String(form.get("job") ?? "");
    if (!isJobName(name)) return refuse("notFound", { formId: "job", error: "jobs.errors.jobUnknown", params: {}, to: "" });
    const result = await runJobNow(deps(context), admin, name);
    if (!result.ok) return refuse("conflict", { formId: `job-${name}`, error: `jobs.errors.${result.refusal}`, params: {}, to: "" });
    return redirectWithToast(
      back,
      result.outcome === "ok" ? { type: "success", key: "admin:toasts.jobRan" } : { type: "error", key: "admin:toasts.jobFailed" },
    );
  }
  if (intent === "email") {
    const typed = form.get("to");
    const to = typeof typed === "string" ? typed : "";
    const result = await sendTestEmail(deps(context), admin, to, lang);
    if (!result.ok) {
      const refusal = result.refusal === "sendFailed" ? "providerFailed" : "invalid";
      return refuse(refusal, { formId: "email", error: `jobs.errors.${result.refusal}`, params: { detail: result.detail ?? "" }, to });
    }
    return redirectWithToast(back, { type: "success", key: "admin:toasts.emailSent" });
  }
  return refuse("invalid", { formId: "intent", error: "errors.actionInvalid", params: {}, to: "" });
}

type Reply = { formId: string; error: string; params: Record<string, string>; to: string } | undefined;

/** Label and value, as a card's rows on a phone. */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-stone-600">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

export default function JobsPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as Reply;
  const { t } = useTranslation("admin");
  const emailError = reply?.formId === "email" ? reply : undefined;
  return (
    <div className="space-y-6">
      <section className="space-y-3" aria-labelledby="jobs-heading">
        <h2 id="jobs-heading" className="text-xl font-semibold">
          {t("jobs.title")}
        </h2>
        <p className="text-stone-700">{t("jobs.intro")}</p>
        {reply && (reply.formId === "job" || reply.formId === "intent") ? (
          <p role="alert" className="text-sm text-red-700">
            {t(reply.error)}
          </p>
        ) : null}
        <ul className="space-y-3">
          {page.jobs.map((job) => {
            const mine = reply?.formId === `job-${job.name}` ? reply : undefined;
            return (
              <li key={job.name} className="space-y-2 rounded-lg border border-stone-200 bg-white p-4" data-testid={`job-${job.name}`}>
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
          })}
        </ul>
      </section>

      <section className="space-y-3 rounded-lg border border-stone-200 bg-white p-4" aria-labelledby="email-heading">
        <h2 id="email-heading" className="text-xl font-semibold">
          {t("jobs.emailTitle")}
        </h2>
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
            defaultValue={emailError ? emailError.to : page.adminEmail}
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
      </section>
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
