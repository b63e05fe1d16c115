import type { Page } from "@playwright/test";
import { getDb } from "../../db/client.server";
import { expectNoAxeViolations } from "./axe";
import { expect, newUser, signInAs, test } from "./fixtures";
import { keysShownIn, localeKeys } from "./locale-keys";
import { journeyRuns, text } from "./locale-text";

// The admin runs a scheduled job from the desk and sees the run it recorded and its audit row,
// then sends a test email that reaches the dev mailbox — on a 360 px phone, with and without
// JavaScript, in every language. The job is award-badges: the e2e server runs no jobs on its own,
// and this one only recomputes badges from facts (the demo's badges are already computed the same
// way), so it changes nothing other specs rely on, unlike the jobs that expire holds, move session
// statuses or send reminders.

test.use({ viewport: { width: 360, height: 740 } });

const keys = localeKeys();
const JOB = "award-badges";

async function fitsAndReads(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  expect(keysShownIn(await page.locator("body").innerText(), keys)).toEqual([]);
}

const newestRun = () =>
  getDb()
    .selectFrom("job_runs")
    .select(["id", "started_at", "finished_at", "outcome", "items"])
    .where("name", "=", JOB)
    .orderBy("started_at", "desc")
    .orderBy("id", "desc")
    .executeTakeFirst();

for (const { lang, tag } of journeyRuns(0)) {
  test(`${lang}: the admin runs a job and sends a test email from the jobs desk`, { tag }, async ({ page, browser, javaScriptEnabled }) => {
    const t = (key: string, values?: Record<string, string | number>) => text(lang, "admin", key, values);
    const stamp = Date.now();
    const admin = await newUser({ role: "admin", preferredLanguage: lang, displayName: `Admin ${stamp}` });
    const player = await newUser({ preferredLanguage: lang });

    // Only an admin has the desk: a player's request is a 404, and the job does not run.
    await signInAs(page, player);
    const runBefore = await newestRun();
    expect((await page.request.get(`/${lang}/admin/jobs`)).status()).toBe(404);
    expect((await page.request.post(`/${lang}/admin/jobs`, { form: { intent: "run", job: JOB } })).status()).toBe(404);
    expect((await newestRun())?.id).toBe(runBefore?.id);
    await page.context().clearCookies();

    await signInAs(page, admin);
    await page.goto(`/${lang}/admin`);
    await page.getByRole("link", { name: t("nav.jobs") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/admin/jobs$`));
    await expect(page.getByRole("heading", { level: 2, name: t("jobs.title") })).toBeVisible();
    for (const name of ["cleanup-expired-bookings", "send-reminder-emails", "update-session-statuses", JOB])
      await expect(page.getByTestId(`job-${name}`).getByRole("heading", { name: t(`jobs.names.${name}`) })).toBeVisible();
    await fitsAndReads(page);
    await expectNoAxeViolations(page, browser, javaScriptEnabled, "jobs desk");

    // Run now: a new run is recorded and shown as the job's last run, and the audit list has it.
    const card = page.getByTestId(`job-${JOB}`);
    await card.getByRole("button", { name: t("jobs.runNow") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("toasts.jobRan") })).toBeVisible();
    const run = await newestRun();
    expect(run?.id).not.toBe(runBefore?.id);
    expect(run).toMatchObject({ outcome: "ok" });
    const lastRun = page.getByTestId(`job-${JOB}`).getByTestId("last-run");
    await expect(lastRun).toContainText(t("jobs.outcomes.ok"));
    await expect(lastRun).toContainText(t("jobs.durationMs", { ms: run!.finished_at!.getTime() - run!.started_at.getTime() }));
    await page.goto(`/${lang}/admin/audit`);
    const newest = page.getByTestId("audit-list").getByRole("listitem").first();
    await expect(newest).toContainText(admin.displayName);
    await expect(newest).toContainText(t("audit.actions.run_job"));
    await expect(newest).toContainText(JOB);

    // The email test: the admin's own address by default; a bad address is refused and kept.
    await page.goto(`/${lang}/admin/jobs`);
    const recipient = page.getByLabel(t("jobs.emailLabel"));
    await expect(recipient).toHaveValue(admin.email);
    await recipient.fill("not an address");
    await page.getByRole("button", { name: t("jobs.emailSend") }).click();
    await expect(page.getByRole("alert").filter({ hasText: t("jobs.errors.emailInvalid") })).toBeVisible();
    await expect(page.getByLabel(t("jobs.emailLabel"))).toHaveValue("not an address");
    await fitsAndReads(page);
    await page.getByLabel(t("jobs.emailLabel")).fill(admin.email);
    await page.getByRole("button", { name: t("jobs.emailSend") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("toasts.emailSent") })).toBeVisible();

    await page.goto(`/${lang}/dev/mailbox`);
    const subject = text(lang, "emails", "adminTest.subject", { appName: text(lang, "emails", "appName") });
    const mail = page.getByRole("listitem").filter({ hasText: admin.email });
    await expect(mail).toHaveCount(1);
    await expect(mail).toContainText(subject);
    await mail.getByRole("link").click();
    await expect(page.getByText(admin.displayName).first()).toBeVisible();

    await page.goto(`/${lang}/admin/audit`);
    const sent = page.getByTestId("audit-list").getByRole("listitem").first();
    await expect(sent).toContainText(t("audit.actions.send_test_email"));
    await expect(sent).toContainText(admin.email);
  });
}
