import { email as emailField } from "#app/lib/zod";
import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { buildEmail } from "#app/modules/i18n/emails.server";
import { insertAudit } from "#app/modules/moderation/index.server";
import { runJob } from "./jobs.server";
import * as repo from "./repo.server";
import { JOB_NAMES, JOB_SCHEDULES, type JobName, runDurationMs, shownError } from "./rules";

/**
 * The admin desk's jobs section (docs/decisions/065-jobs-desk.md): every registered job with its
 * schedule, its newest run and its newest failure, read from job_runs, which records scheduled and
 * manual runs alike.
 */
export async function jobsDesk(deps: Pick<Deps, "db">) {
  const [runs, failures] = await Promise.all([repo.latestRuns(deps.db, JOB_NAMES), repo.latestFailures(deps.db, JOB_NAMES)]);
  const byName = <T extends { name: string }>(rows: T[]) => new Map(rows.map((r) => [r.name, r]));
  const last = byName(runs);
  const failed = byName(failures);
  return JOB_NAMES.map((name) => {
    const run = last.get(name);
    const failure = failed.get(name);
    return {
      name,
      schedule: JOB_SCHEDULES[name],
      lastRun: run ? { startedAt: run.started_at, durationMs: runDurationMs(run.started_at, run.finished_at), outcome: run.outcome, items: run.items } : null,
      lastFailure: failure ? { startedAt: failure.started_at, error: shownError(failure.error) } : null,
    };
  });
}

export type RunNowResult = { ok: true; outcome: "ok" | "failed"; items: number } | { ok: false; refusal: "alreadyRunning" };

/**
 * "Run now": the job runs through runJob, so the run is recorded in job_runs like a scheduled one,
 * under the same per-job lock. A job already running (a scheduled tick, another admin's click) is
 * refused and nothing is written, and so is a press made while a run was under way whose request
 * reaches the lock only after that run ended (runJob's `pressed`). A run that fails is still a run the admin started: it is
 * recorded (by runJob) and audited, and the desk reports the failure instead of a 500.
 */
export async function runJobNow(deps: Deps, admin: Pick<Requester, "id">, name: JobName): Promise<RunNowResult> {
  let result: RunNowResult;
  try {
    const run = await runJob(deps, name, undefined, { pressed: true });
    if (run.outcome === "skipped") return { ok: false, refusal: "alreadyRunning" };
    result = { ok: true, outcome: run.outcome, items: run.items };
  } catch {
    result = { ok: true, outcome: "failed", items: 0 };
  }
  await insertAudit(deps.db, { actorId: admin.id, action: "run_job", kind: "job", targetId: name, reason: "", now: deps.now });
  return result;
}

export type TestEmailResult = { ok: true; to: string } | { ok: false; refusal: "emailRequired" | "emailInvalid" | "sendFailed"; detail?: string };

/**
 * "Email test": one message through the configured mailer (SMTP when SMTP_URL is set, otherwise
 * the outbox the dev mailbox shows), so an admin can tell whether mail leaves the server. A mailer
 * error is shown to the admin (its first line) rather than thrown; only a sent test is audited.
 */
export async function sendTestEmail(deps: Deps, admin: Pick<Requester, "id" | "displayName">, rawTo: unknown, lang: Locale): Promise<TestEmailResult> {
  const typed = typeof rawTo === "string" ? rawTo : "";
  if (typed.trim() === "") return { ok: false, refusal: "emailRequired" };
  const parsed = emailField.safeParse(typed);
  if (!parsed.success) return { ok: false, refusal: "emailInvalid" };
  const to = parsed.data;
  const sentAt = deps.now.toISOString();
  try {
    await deps.mailer.send(buildEmail({ to, lang, kind: "adminTest", name: admin.displayName, vars: { sentAt } }));
  } catch (error) {
    return { ok: false, refusal: "sendFailed", detail: shownError(error instanceof Error ? error.message : String(error)) };
  }
  await insertAudit(deps.db, { actorId: admin.id, action: "send_test_email", kind: "mail", targetId: to, reason: "", now: deps.now });
  return { ok: true, to };
}
