// Runs one step of a scheduled job at a chosen time, for the rows of one player, session or set of
// people only: the e2e tests' controllable clock. Specs call it through `runJobStep` (job-step.ts),
// which starts this as a process of its own, as the server's job runner is, because the app's modules
// load translation files that Playwright's loader cannot import.
// Usage: node --import tsx run-job-step.ts '{"step":…, "now":…, …}'
import os from "node:os";
import path from "node:path";
import { awardBadges, badgesOf } from "../../../app/modules/badges/badges.server";
import { settleLapses } from "../../../app/modules/bookings/waitlist.server";
import type { Deps } from "../../../app/modules/deps.server";
import { paymentReminderCutoffs } from "../../../app/modules/jobs/rules";
import { sendPaymentReminder } from "../../../app/modules/jobs/send-payment-reminders.server";
import { dueReviewRequests } from "../../../app/modules/reviews/repo.server";
import { requestReview } from "../../../app/modules/reviews/requests.server";
import { completeEnded } from "../../../app/modules/sessions/status-repo.server";
import { duePaymentReminders } from "../../../app/modules/subscriptions/reminders-repo.server";
import { createOutboxMailer } from "../../../app/services/mailer/outbox.server";
import { createDiskStorage } from "../../../app/services/storage/disk.server";
import { closeDb, getDb } from "../../../db/client.server";
import type { JobStep } from "./job-step";

const input = JSON.parse(process.argv[2] ?? "{}") as JobStep;
const deps: Deps = {
  db: getDb(),
  mailer: createOutboxMailer(process.env.E2E_MAIL_DIR!, "mesa@e2e.test"),
  storage: createDiskStorage(path.join(os.tmpdir(), "mesa-e2e-clock"), "http://localhost/uploads"),
  files: createDiskStorage(path.join(os.tmpdir(), "mesa-e2e-clock", "private"), "/private-files-are-not-served"),
  now: new Date(input.now),
  appUrl: process.env.E2E_BASE_URL!,
};

let result: unknown;
if (input.step === "remind") {
  // The send-payment-reminders job's rows at that time, this player's only, each sent as the job sends it.
  const due = (await duePaymentReminders(deps.db, deps.now, paymentReminderCutoffs(deps.now))).filter((r) => r.user_id === input.userId);
  const sent = [];
  for (const row of due) if (await sendPaymentReminder(deps, row)) sent.push(row.session_id);
  result = { sent };
} else if (input.step === "badges") {
  // The award-badges job's work for these people: their facts gathered and their badges stored.
  const userIds = "userIds" in input ? input.userIds : [input.userId];
  await awardBadges(deps, userIds);
  const held = await badgesOf(deps.db, userIds);
  // One person's list for `userId`, everyone's by id for `userIds`.
  result = "userIds" in input ? { badges: Object.fromEntries(userIds.map((id) => [id, held.get(id) ?? []])) } : { badges: held.get(input.userId) ?? [] };
} else if (input.step === "reviews") {
  // The session ends: update-session-statuses completes every session whose end has passed (as
  // the job does, so only sessions really over), then request-reviews asks this session's people.
  await completeEnded(deps.db, deps.now);
  const since = new Date(deps.now.getTime() - 86_400_000);
  const due = (await dueReviewRequests(deps.db, { since, now: deps.now, limit: 10_000 })).filter((r) => r.session_id === input.sessionId);
  const requested = [];
  for (const row of due) if (await requestReview(deps, row)) requested.push(row.user_id);
  const { status } = await deps.db.selectFrom("sessions").select("status").where("id", "=", input.sessionId).executeTakeFirstOrThrow();
  result = { status, requested };
} else {
  // The cleanup-expired-bookings job's work in this session at that time.
  result = { settled: await settleLapses(deps, input.sessionId) };
}
await closeDb();
process.stdout.write(JSON.stringify(result));
