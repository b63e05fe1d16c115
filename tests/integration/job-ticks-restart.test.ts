import { setTimeout as delay } from "node:timers/promises";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { BACKFILL_MS, startJobQueue } from "../../app/services/jobs/queue.server";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const MINUTE = 60_000;
const quiet = () => {};

/** Minute ticks in (after, until]: what a schedule of every minute owes. */
const ticksBetween = (after: number, until: number) => {
  const ticks: number[] = [];
  for (let t = Math.floor(after / MINUTE) * MINUTE + MINUTE; t <= until; t += MINUTE) ticks.push(t);
  return ticks;
};

describe("scheduled ticks across a worker restart (decision record 101)", () => {
  it("runs a tick missed while no runner was up once, however many runners start", async () => {
    const url = process.env.DATABASE_URL!;
    let runs = 0;
    const options = { connectionString: url, tasks: { "tick-probe": async () => void (runs += 1) }, schedules: { "tick-probe": "* * * * *" }, log: quiet };
    // A first runner registers the schedule, as the worker did before it was killed.
    const first = await startJobQueue(options);
    await first.stop();
    // It last queued a tick 90 s ago: at least one minute's tick fell while nothing ran.
    const lastRun = Date.now() - 90_000;
    await sql`update graphile_worker._private_known_crontabs set last_execution = ${new Date(lastRun)} where identifier = 'tick-probe'`.execute(getDb());
    runs = 0;

    // Two runners start at once (the worker again, and a second one).
    const [a, b] = await Promise.all([startJobQueue(options), startJobQueue(options)]);
    try {
      await delay(4_000);
      const owed = ticksBetween(lastRun, Date.now()).length;
      expect(owed).toBeGreaterThanOrEqual(1);
      expect(runs).toBe(owed);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    expect(BACKFILL_MS).toBeGreaterThan(90_000);
  });
});
