import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DeskSection } from "#app/components/admin/desk-section";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { deps } from "#app/modules/deps.server";
import { formatDateTime } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import { jobsDesk, runJobNow, sendTestEmail } from "#app/modules/jobs/desk.server";
import { isJobName } from "#app/modules/jobs/rules";
import { jobsDeskSchema } from "#app/modules/jobs/schema";
import { parseForm, readForm } from "#app/web/form.server";
import { requireAdminDesk } from "#app/web/guards.server";
import { localeOf } from "#app/web/locale.server";
import { refuse } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";
import { JobCard, TestEmailForm } from "./jobs-parts";

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
  const submission = parseForm(await readForm(request), { schema: jobsDeskSchema });
  if (submission.status !== "success") return refuse("invalid", { formId: "intent", error: "errors.actionInvalid", params: {}, to: "" });
  const back = localePath(lang, "/admin/jobs");
  const input = submission.value;
  switch (input.intent) {
    case "run": {
      if (!isJobName(input.job)) return refuse("notFound", { formId: "job", error: "jobs.errors.jobUnknown", params: {}, to: "" });
      const result = await runJobNow(deps(context), admin, input.job);
      if (!result.ok) return refuse("conflict", { formId: `job-${input.job}`, error: `jobs.errors.${result.refusal}`, params: {}, to: "" });
      const ran = result.outcome === "ok";
      return redirectWithToast(back, ran ? { type: "success", key: "admin:toasts.jobRan" } : { type: "error", key: "admin:toasts.jobFailed" });
    }
    case "email": {
      const result = await sendTestEmail(deps(context), admin, input.to, lang);
      if (result.ok) return redirectWithToast(back, { type: "success", key: "admin:toasts.emailSent" });
      const refusal = result.refusal === "sendFailed" ? "providerFailed" : "invalid";
      return refuse(refusal, { formId: "email", error: `jobs.errors.${result.refusal}`, params: { detail: result.detail ?? "" }, to: input.to });
    }
  }
}

export default function JobsPage() {
  const page = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const emailError = reply?.formId === "email" ? reply : undefined;
  return (
    <div className="space-y-6">
      <DeskSection id="jobs" heading={t("jobs.title")} level="h2">
        <p className="text-stone-700">{t("jobs.intro")}</p>
        {reply && (reply.formId === "job" || reply.formId === "intent") ? (
          <p role="alert" className="text-sm text-red-700">
            {t(reply.error)}
          </p>
        ) : null}
        <ul className="space-y-3">
          {page.jobs.map((job) => (
            <JobCard key={job.name} job={job} mine={reply?.formId === `job-${job.name}` ? reply : undefined} />
          ))}
        </ul>
      </DeskSection>

      <TestEmailForm adminEmail={page.adminEmail} emailError={emailError} />
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
