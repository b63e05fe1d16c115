import { setTimeout as delay } from "node:timers/promises";
import { sql } from "kysely";
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { recentRuns } from "../../app/modules/jobs/repo.server";
import { JOB_NAMES } from "../../app/modules/jobs/rules";
import { enqueueJob, startJobQueue } from "../../app/services/jobs/queue.server";
import { getDb } from "../../db/client.server";
import { startJobs } from "../../server/jobs";
import { useTestDatabase } from "../setup/database";

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
    }
  });

  it("never runs one job twice at once, across two runners, and keeps one copy waiting", async () => {
    const url = process.env.DATABASE_URL!;
    let running = 0;
    let most = 0;
    let runs = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const probe = async () => {
      running += 1;
      most = Math.max(most, running);
      await gate; // the first run holds on until the others have been queued
      running -= 1;
      runs += 1;
    };
    const options = { connectionString: url, tasks: { probe }, schedules: {}, log: () => {}, pollInterval: 200 };
    const [a, b] = [await startJobQueue(options), await startJobQueue(options)];
    try {
      await a.enqueue("probe");
      await eventually(async () => (running === 1 ? true : undefined));
      // Three more while it runs: one copy waits (same key), and neither runner may start it yet.
      await a.enqueue("probe");
      await b.enqueue("probe");
      await b.enqueue("probe");
      await delay(300);
      expect(running).toBe(1);
      release();
      await eventually(async () => (runs === 2 ? true : undefined));
      await delay(300);
      expect({ runs, most }).toEqual({ runs: 2, most: 1 });
    } finally {
      release();
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});
