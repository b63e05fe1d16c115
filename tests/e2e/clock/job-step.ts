// The e2e tests' controllable clock: one step of a scheduled job, at a time the test chooses, on its
// own rows only (the other tests share the server's database). The step runs in a process of its own
// (run-job-step.ts), as the server's job runner does, because the app's modules load translation
// files that Playwright's loader cannot import.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

/** A step and the rows it touches: one player's reminders, one session's lapsed holds, or some people's badges. */
export type JobStep =
  | { step: "remind"; now: string; userId: string }
  | { step: "settle"; now: string; sessionId: string }
  | { step: "reviews"; now: string; sessionId: string }
  | { step: "badges"; now: string; userId: string }
  | { step: "badges"; now: string; userIds: string[] };

/** What a step printed: the sessions reminded of, whether the session's holds were settled, the badges held after awarding. */
export type JobStepResult<S extends JobStep> = S extends { step: "remind" }
  ? { sent: string[] }
  : S extends { step: "settle" }
    ? { settled: boolean }
    : S extends { step: "reviews" }
      ? { status: string; requested: string[] }
      : S extends { userIds: string[] }
        ? { badges: Record<string, string[]> }
        : { badges: string[] };

/** Runs a job's step at `input.now` against the server's database and mailbox; resolves to its parsed output. */
export async function runJobStep<S extends JobStep>(input: S): Promise<JobStepResult<S>> {
  const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "tests/e2e/clock/run-job-step.ts", JSON.stringify(input)], {
    env: { ...process.env, DATABASE_URL: process.env.E2E_DATABASE_URL },
  });
  return JSON.parse(stdout) as JobStepResult<S>;
}
