import { afterEach, describe, expect, it } from "vitest";
import { sendTestEmail } from "../../app/modules/jobs/desk.server";
import { jobBodies, type JobBody } from "../../app/modules/jobs/jobs.server";
import { JOB_NAMES, type JobName } from "../../app/modules/jobs/rules";
import { loader as auditPage } from "../../app/routes/$lang.admin.audit";
import { action as jobsAction, loader as jobsPage } from "../../app/routes/$lang.admin.jobs/route";
import { getServices } from "../../app/services/index.server";
import { listOutbox } from "../../app/services/mailer/outbox.server";
import { getDb } from "../../db/client.server";
import { type SignedInUser, signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";
import { form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const es = { lang: "es" };
const db = () => getDb();

type Page = Awaited<ReturnType<typeof jobsPage>>;
const post = (who: SignedInUser | null, fields: Record<string, string>) =>
  run(jobsAction, form(`${base}/es/admin/jobs`, fields, who ? { Cookie: who.cookie } : {}), es);
const page = async (who: SignedInUser) => (await run(jobsPage, new Request(`${base}/es/admin/jobs`, { headers: { Cookie: who.cookie } }), es)).data as Page;
// The tests of this file share one database: each looks only at the runs after its own mark and at
// the audit rows of its own admins.
const lastRunId = async () =>
  (
    await db()
      .selectFrom("job_runs")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst()
  )?.id ?? 0;
const runsOf = (name: string, after: number) =>
  db().selectFrom("job_runs").selectAll().where("name", "=", name).where("id", ">", after).orderBy("id").execute();
const auditRows = (...actors: string[]) => db().selectFrom("audit_log").selectAll().where("actor_id", "in", actors).orderBy("created_at").execute();
const allAudit = async () => (await db().selectFrom("audit_log").select("id").execute()).length;
const mailsTo = async (to: string) => (await listOutbox(getServices().outboxDir!)).filter((m) => m.to === to);

/** Replaces one job's body for a test; afterEach puts the real ones back. */
const realBodies = { ...jobBodies };
const replaceBody = (name: JobName, body: JobBody) => (jobBodies[name] = body);
afterEach(() => Object.assign(jobBodies, realBodies));

describe("the jobs desk", () => {
  it("lists every registered job with its schedule; a run now is recorded in job_runs, shown as the last run and audited", async () => {
    const admin = await signedInUser({ role: "admin" });
    const before = await page(admin);
    expect(before.jobs.map((j) => j.name)).toEqual([...JOB_NAMES]);
    expect(before.jobs.map((j) => j.name)).toEqual(expect.arrayContaining(["cleanup-expired-bookings", "send-reminder-emails", "update-session-statuses"]));
    for (const job of before.jobs) expect(job.schedule).toMatch(/^\S+ \S+ \S+ \S+ \S+$/);
    expect(before.jobs.find((j) => j.name === "update-session-statuses")).toMatchObject({ lastRun: null, lastFailure: null });
    expect(before.adminEmail).toBe(admin.email);
    const mark = await lastRunId();

    const ran = await post(admin, { intent: "run", job: "update-session-statuses" });
    expect(ran.status).toBe(302);
    expect(ran.headers.get("Location")).toBe("/es/admin/jobs");
    expect(await runsOf("update-session-statuses", mark)).toMatchObject([{ outcome: "ok", error: null }]);
    const after = (await page(admin)).jobs.find((j) => j.name === "update-session-statuses")!;
    expect(after.lastRun).toMatchObject({ outcome: "ok", items: 0 });
    expect(after.lastRun!.durationMs).toBeGreaterThanOrEqual(0);
    expect(after.lastRun!.startedAt).toEqual(expect.any(String));
    expect(await auditRows(admin.id)).toMatchObject([{ action: "run_job", target_kind: "job", target_id: "update-session-statuses" }]);
    const audit = await run(auditPage, new Request(`${base}/es/admin/audit`, { headers: { Cookie: admin.cookie } }), es);
    expect((audit.data as { entries: { action: string; target_id: string }[] }).entries[0]).toMatchObject({
      action: "run_job",
      target_id: "update-session-statuses",
    });
  });

  it("records a failing run as the job's last failure, first line trimmed, and tells the admin instead of a 500", async () => {
    const admin = await signedInUser({ role: "admin" });
    const mark = await lastRunId();
    replaceBody("award-badges", async () => {
      throw new Error(`the provider said no ${"x".repeat(400)}`);
    });
    const ran = await post(admin, { intent: "run", job: "award-badges" });
    expect(ran.status).toBe(302);
    const [run1] = await runsOf("award-badges", mark);
    expect(run1).toMatchObject({ outcome: "failed" });
    expect(run1!.error).toContain("\n    at ");
    const job = (await page(admin)).jobs.find((j) => j.name === "award-badges")!;
    expect(job.lastRun).toMatchObject({ outcome: "failed" });
    expect(job.lastFailure!.error.startsWith("Error: the provider said no x")).toBe(true);
    expect(job.lastFailure!.error).toHaveLength(300);
    expect(job.lastFailure!.error).not.toContain("\n");
    expect((await auditRows(admin.id)).map((r) => r.action)).toEqual(["run_job"]);
  });

  it("PARALLEL: two run-now of the same job at once run it once; the other is refused, nothing recorded for it", async () => {
    const [one, two] = await Promise.all([signedInUser({ role: "admin" }), signedInUser({ role: "admin" })]);
    const mark = await lastRunId();
    let started = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    replaceBody("request-reviews", async () => {
      started += 1;
      await gate;
      return { items: 7 };
    });
    const first = post(one, { intent: "run", job: "request-reviews" });
    const second = post(two, { intent: "run", job: "request-reviews" });
    // The run that got the lock holds it until the gate opens, so the other must be refused first.
    const refused = await Promise.race([first, second]);
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ formId: "job-request-reviews", error: "jobs.errors.alreadyRunning" });
    release();
    const statuses = (await Promise.all([first, second])).map((r) => r.status).sort();
    expect(statuses).toEqual([302, 409]);
    expect(started).toBe(1);
    expect(await runsOf("request-reviews", mark)).toMatchObject([{ outcome: "ok", items: 7 }]);
    expect((await auditRows(one.id, two.id)).map((r) => r.action)).toEqual(["run_job"]);
    // A press a minute after it finished runs it again.
    const later = { now: new Date(Date.now() + 60_000) } as never;
    expect((await run(jobsAction, form(`${base}/es/admin/jobs`, { intent: "run", job: "request-reviews" }, { Cookie: two.cookie }), es, later)).status).toBe(
      302,
    );
    expect(await runsOf("request-reviews", mark)).toHaveLength(2);
  });

  it("PARALLEL: five run-now presses of a quick job at once start exactly one run; the other four are refused as already running", async () => {
    const admins = await Promise.all(Array.from({ length: 5 }, () => signedInUser({ role: "admin" })));
    for (let round = 0; round < 3; round += 1) {
      const mark = await lastRunId();
      // The presses are made at one moment; the real body has nothing to send, so it ends in a few milliseconds.
      const pressed = { now: new Date(Date.now() + round * 3_600_000) } as never;
      const answers = await Promise.all(
        admins.map((a) => run(jobsAction, form(`${base}/es/admin/jobs`, { intent: "run", job: "send-reminder-emails" }, { Cookie: a.cookie }), es, pressed)),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([302, 409, 409, 409, 409]);
      for (const refused of answers.filter((r) => r.status === 409)) expect(refused.data).toMatchObject({ error: "jobs.errors.alreadyRunning" });
      expect(await runsOf("send-reminder-emails", mark)).toHaveLength(1);
    }
  });

  it("a press made while a run was under way is refused even when its request reaches the lock after that run ended", async () => {
    const admin = await signedInUser({ role: "admin" });
    const mark = await lastRunId();
    const pressedAt = new Date(Date.now() + 10 * 60_000);
    const press = (now: Date) =>
      run(jobsAction, form(`${base}/es/admin/jobs`, { intent: "run", job: "cleanup-expired-bookings" }, { Cookie: admin.cookie }), es, { now } as never);
    expect((await press(pressedAt)).status).toBe(302);
    // Four more presses of that same moment arrive once the first run is over: they were presses during it.
    const late = await Promise.all(Array.from({ length: 4 }, () => press(pressedAt)));
    expect(late.map((r) => r.status)).toEqual([409, 409, 409, 409]);
    expect(await runsOf("cleanup-expired-bookings", mark)).toHaveLength(1);
    // A press a minute after the run ended starts a new run.
    expect((await press(new Date(pressedAt.getTime() + 60_000))).status).toBe(302);
    expect(await runsOf("cleanup-expired-bookings", mark)).toHaveLength(2);
  });

  it("sends a test email through the configured mailer, audited; a bad address is refused with what was typed kept", async () => {
    const admin = await signedInUser({ role: "admin", preferredLanguage: "en" });
    const sent = await post(admin, { intent: "email", to: ` ${admin.email.toUpperCase()} ` });
    expect(sent.status).toBe(302);
    const mails = await mailsTo(admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe("Correo de prueba de Mesa");
    expect(mails[0]!.text).toContain(admin.displayName);
    expect(await auditRows(admin.id)).toMatchObject([{ action: "send_test_email", target_kind: "mail", target_id: admin.email }]);

    for (const [to, error] of [
      ["not-an-address", "jobs.errors.emailInvalid"],
      ["", "jobs.errors.emailRequired"],
    ] as const) {
      const bad = await post(admin, { intent: "email", to });
      expect(bad.status).toBe(400);
      expect(bad.data).toMatchObject({ formId: "email", error, to });
    }
    expect(await auditRows(admin.id)).toHaveLength(1);
  });

  it("reports a mailer that fails instead of throwing, and audits nothing", async () => {
    const admin = await signedInUser({ role: "admin" });
    const { deps } = testDeps();
    const broken = { ...deps, mailer: { send: () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:25\n    at TCPConnectWrap")) } };
    expect(await sendTestEmail(broken, { id: admin.id, displayName: admin.displayName }, "ops@example.com", "es")).toEqual({
      ok: false,
      refusal: "sendFailed",
      detail: "connect ECONNREFUSED 127.0.0.1:25",
    });
    expect(await auditRows(admin.id)).toEqual([]);
  });

  it("does not exist for players, hosts and signed-out visitors: 404 for the page and every action, nothing run, sent or audited", async () => {
    const [player, host] = await Promise.all([signedInUser(), signedInUser({ role: "dm" })]);
    const [mark, audited] = [await lastRunId(), await allAudit()];
    let ran = 0;
    for (const name of JOB_NAMES) replaceBody(name, async () => ((ran += 1), { items: 0 }));
    for (const who of [player, host, null]) {
      const headers: Record<string, string> = who ? { Cookie: who.cookie } : {};
      expect((await run(jobsPage, new Request(`${base}/es/admin/jobs`, { headers }), es)).status).toBe(404);
      for (const name of JOB_NAMES) expect((await post(who, { intent: "run", job: name })).status, `${name} as ${who?.email ?? "anonymous"}`).toBe(404);
      expect((await post(who, { intent: "email", to: "victim@example.com" })).status).toBe(404);
      expect((await post(who, { intent: "other" })).status).toBe(404);
    }
    expect(ran).toBe(0);
    expect(await lastRunId()).toBe(mark);
    expect(await mailsTo("victim@example.com")).toEqual([]);
    expect(await allAudit()).toBe(audited);
  });

  it("refuses an unknown job or intent with a message, never a 500", async () => {
    const admin = await signedInUser({ role: "admin" });
    const mark = await lastRunId();
    expect(await post(admin, { intent: "run", job: "drop-everything" })).toMatchObject({ status: 404, data: { error: "jobs.errors.jobUnknown" } });
    expect((await post(admin, { intent: "nope" })).status).toBe(400);
    expect(await lastRunId()).toBe(mark);
    expect(await auditRows(admin.id)).toEqual([]);
  });
});
