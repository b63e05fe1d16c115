import { setTimeout as delay } from "node:timers/promises";
import { sql } from "kysely";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { runJob } from "../../app/modules/jobs/jobs.server";
import { recentRuns } from "../../app/modules/jobs/repo.server";
import { JOB_NAMES, JOB_RUN_DAYS_KEPT } from "../../app/modules/jobs/rules";
import { enqueueJob, startJobQueue } from "../../app/services/jobs/queue.server";
import { getDb } from "../../db/client.server";
import { startJobs } from "../../server/jobs";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";

useTestDatabase();

/** Polls until `check` returns a value, or fails after `ms`. */
async function eventually<T>(check: () => Promise<T | undefined>, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`not within ${ms} ms`);
    await delay(50);
  }
}

describe("the job queue (graphile-worker on the test database)", () => {
  it("runs a job queued while no runner was up, records the run, and registers every schedule", async () => {
    const url = process.env.DATABASE_URL!;
    // Queued before any runner exists: the job is a row that waits for one (as across a restart).
    await enqueueJob(url, "update-session-statuses");
    const jobs = await startJobs(url, pino({ level: "silent" }));
    try {
      const run = await eventually(async () => {
        const [latest] = await recentRuns(getDb(), "update-session-statuses", 1);
        return latest?.outcome ? latest : undefined;
      });
      expect(run).toMatchObject({ name: "update-session-statuses", outcome: "ok", error: null });
      const crontabs = await eventually(async () => {
        const { rows } = await sql<{ identifier: string }>`select identifier from graphile_worker._private_known_crontabs order by identifier`.execute(getDb());
        return rows.length === JOB_NAMES.length ? rows.map((r) => r.identifier) : undefined;
      });
      expect(crontabs).toEqual([...JOB_NAMES].sort());
    } finally {
      await jobs.stop();
      // The schedules fire every minute: runs they made while this ran would show up in the next tests' counts.
      await getDb().deleteFrom("job_runs").execute();
    }
  });

  it("never runs one job twice at once across two runners: the overlapping run is skipped", async () => {
    const url = process.env.DATABASE_URL!;
    // An instant of its own (in the past, so later tests still find their own run newest): the runs read below are this test's.
    const { deps } = testDeps(new Date("2021-05-05T05:05:05Z"));
    let running = 0;
    let most = 0;
    const outcomes: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const body = async () => {
      running += 1;
      most = Math.max(most, running);
      await gate; // the first run holds on until the second has come and gone
      running -= 1;
      return { items: 1 };
    };
    const probe = async () => {
      outcomes.push((await runJob(deps, "cleanup-expired-bookings", body)).outcome);
    };
    const options = { connectionString: url, tasks: { probe }, schedules: {}, log: () => {}, pollInterval: 200 };
    const [a, b] = [await startJobQueue(options), await startJobQueue(options)];
    try {
      await a.enqueue("probe");
      await eventually(async () => (running === 1 ? true : undefined));
      // Queued again while it runs (a new row, since the first is taken): some runner starts it at once.
      await b.enqueue("probe");
      await eventually(async () => (outcomes.includes("skipped") ? true : undefined));
      release();
      await eventually(async () => (outcomes.includes("ok") ? true : undefined));
      expect({ most, outcomes: outcomes.sort() }).toEqual({ most: 1, outcomes: ["ok", "skipped"] });
      const runs = (await recentRuns(getDb(), "cleanup-expired-bookings")).filter((r) => r.started_at.getTime() === deps.now.getTime());
      expect(runs.map((r) => r.outcome)).toEqual(["ok"]);
    } finally {
      release();
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it("forgets job runs older than two weeks when the cleanup runs, and keeps the rest", async () => {
    const { deps } = testDeps();
    const db = getDb();
    const day = 86_400_000;
    for (const age of [JOB_RUN_DAYS_KEPT + 1, JOB_RUN_DAYS_KEPT - 1]) {
      const startedAt = new Date(deps.now.getTime() - age * day);
      await db
        .insertInto("job_runs")
        .values({ name: "send-reminder-emails", started_at: startedAt, finished_at: startedAt, outcome: "ok", items: 0 })
        .execute();
    }
    await runJob(deps, "cleanup-expired-bookings");
    const kept = await recentRuns(db, "send-reminder-emails");
    expect(kept.map((r) => Math.round((deps.now.getTime() - r.started_at.getTime()) / day))).toEqual([JOB_RUN_DAYS_KEPT - 1]);
    expect((await recentRuns(db, "cleanup-expired-bookings"))[0]?.outcome).toBe("ok");
  });
});
