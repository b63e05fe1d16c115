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
  it("runs a tick missed while no runner was up once, however many runners start", { timeout: 30_000 }, async () => {
    // Started in a minute's last seconds, the wait below would cross into the next tick: start after it.
    const intoMinute = Date.now() % MINUTE;
    if (intoMinute > MINUTE - 10_000) await delay(MINUTE - intoMinute + 500);
    const url = process.env.DATABASE_URL!;
    let runs = 0;
    const options = { connectionString: url, tasks: { "tick-probe": async () => void (runs += 1) }, schedules: { "tick-probe": "* * * * *" }, log: quiet };
    // A first runner registers the schedule, as the worker did before it was killed.
    const first = await startJobQueue(options);
    await first.stop();
    // It last queued a tick half a minute before this minute began: exactly one tick (this minute's)
    // fell while nothing ran. Two missed ticks would share the job's key and run once, which is
    // right for these jobs (each does the work of all) but would make the count depend on the second.
    const lastRun = Math.floor(Date.now() / MINUTE) * MINUTE - 30_000;
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
