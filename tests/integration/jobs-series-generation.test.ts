import { describe, expect, it } from "vitest";
import { generateSeriesSessionsJob } from "../../app/modules/jobs/generate-series-sessions.server";
import { runJob } from "../../app/modules/jobs/jobs.server";
import { insertSeriesWithSessions } from "../../app/modules/series/series.server";
import { getDb } from "../../db/client.server";
import { weeklySeries } from "../fixtures/series";
import { createUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";

useTestDatabase();

const created = new Date("2026-11-23T12:00:00Z"); // a Monday

const startsOf = async (seriesId: string) =>
  (await getDb().selectFrom("sessions").select("starts_at").where("series_id", "=", seriesId).orderBy("starts_at").execute()).map((r) =>
    new Date(r.starts_at).toISOString(),
  );

describe("generate-series-sessions", () => {
  it("keeps autoGenerateAhead sessions ahead of now, at the series' local time, without duplicates under parallel runs", async () => {
    const dm = await createUser({ role: "dm" });
    const { deps, at } = testDeps(created);
    const { id } = await insertSeriesWithSessions(deps, weeklySeries(dm.id));
    // 19:00 in Mexico City is 01:00 UTC the next day.
    expect(await startsOf(id)).toEqual(["2026-11-24T01:00:00.000Z", "2026-12-01T01:00:00.000Z"]);

    // Nothing to do while two are ahead.
    expect((await runJob(at(created), "generate-series-sessions")).items).toBe(0);

    // Two days later one has passed: the body four times at once (runJob would skip the
    // overlaps) adds exactly one.
    const later = at(new Date("2026-11-25T12:00:00Z"));
    const runs = await Promise.all([1, 2, 3, 4].map(() => generateSeriesSessionsJob(later)));
    expect(runs.reduce((sum, r) => sum + r.items, 0)).toBe(1);
    expect(await startsOf(id)).toEqual(["2026-11-24T01:00:00.000Z", "2026-12-01T01:00:00.000Z", "2026-12-08T01:00:00.000Z"]);
    expect((await runJob(later, "generate-series-sessions")).items).toBe(0);
  });

  it("does not count a cancelled occurrence, and leaves paused and irregular series alone", async () => {
    const dm = await createUser({ role: "dm" });
    const { deps, at } = testDeps(created);
    const { id } = await insertSeriesWithSessions(deps, weeklySeries(dm.id));
    await getDb()
      .updateTable("sessions")
      .set({ status: "CANCELLED" })
      .where("series_id", "=", id)
      .where("starts_at", "=", new Date("2026-12-01T01:00:00Z"))
      .execute();
    const paused = (await insertSeriesWithSessions(deps, weeklySeries(dm.id, { title: "En pausa" }))).id;
    await getDb().updateTable("series").set({ status: "PAUSED" }).where("id", "=", paused).execute();
    const irregular = (await insertSeriesWithSessions(deps, weeklySeries(dm.id, { frequency: "IRREGULAR", dayOfWeek: null }))).id;

    expect((await runJob(at(created), "generate-series-sessions")).items).toBe(1);
    expect(await startsOf(id)).toEqual(["2026-11-24T01:00:00.000Z", "2026-12-01T01:00:00.000Z", "2026-12-08T01:00:00.000Z"]);
    const far = at(new Date("2027-01-15T00:00:00Z"));
    await runJob(far, "generate-series-sessions");
    expect(await startsOf(paused)).toHaveLength(2);
    expect(await startsOf(irregular)).toHaveLength(0);
  });
});
