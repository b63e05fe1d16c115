import { describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { seriesFormSchema } from "../../app/modules/series/schema";
import { createSeries, getSeries, seriesInstructionsFor } from "../../app/modules/series/series.server";
import { getDb } from "../../db/client.server";
import { weeklySeriesForm } from "../fixtures/series";
import { createUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";

useTestDatabase();

describe("creating a series", () => {
  it("stores the series and generates its first sessions at the same local time across DST", async () => {
    const now = new Date("2026-10-20T12:00:00Z");
    const { deps } = testDeps(now);
    const host = { id: (await createUser({ role: "dm" })).id, timeZone: "America/New_York", isDm: true, isAdmin: false } as Requester;
    const input = seriesFormSchema({ now, timeZone: host.timeZone }).parse({
      title: "Campaign",
      game: "D&D 5e",
      frequency: "WEEKLY",
      dayOfWeek: "0",
      timeOfDay: "19:00",
      startDate: "2026-10-21",
      sessionInstructions: "Join the voice channel.",
      price: "0",
      autoGenerateAhead: "3",
      isOngoing: true,
    });
    const result = await createSeries(deps, host, input);
    expect(result.sessions).toBe(3);
    const page = await getSeries({ db: getDb(), now }, result.id, null);
    expect(page?.upcoming.map((s) => new Date(s.starts_at).toISOString())).toEqual([
      "2026-10-25T23:00:00.000Z",
      "2026-11-02T00:00:00.000Z",
      "2026-11-09T00:00:00.000Z",
    ]);
    expect(page?.row).toMatchObject({ is_ongoing: true, end_date: null, time_zone: "America/New_York", time_hhmm: "19:00" });
  });
});

describe("the series page's instructions", () => {
  it("shows them to the host, an admin and a player with a confirmed seat, and to nobody else", async () => {
    const now = new Date("2026-10-20T12:00:00Z");
    const { deps } = testDeps(now);
    const hostId = (await createUser({ role: "dm" })).id;
    const playerId = (await createUser()).id;
    const host = { id: hostId, timeZone: "America/Mexico_City", isDm: true, isAdmin: false } as Requester;
    const player = { id: playerId, timeZone: "America/Mexico_City", isDm: false, isAdmin: false } as Requester;
    const input = seriesFormSchema({ now, timeZone: host.timeZone }).parse(
      weeklySeriesForm({ sessionInstructions: "El enlace de Discord es secreto.", autoGenerateAhead: "2" }),
    );
    const created = await createSeries(deps, host, input);
    const page = (await getSeries({ db: getDb(), now }, created.id, host))!;

    expect(await seriesInstructionsFor({ db: getDb(), now }, page.row, host)).toBe("El enlace de Discord es secreto.");
    expect(await seriesInstructionsFor({ db: getDb(), now }, page.row, { ...player, isAdmin: true } as Requester)).toBe("El enlace de Discord es secreto.");
    expect(await seriesInstructionsFor({ db: getDb(), now }, page.row, player)).toBeNull();
    expect(await seriesInstructionsFor({ db: getDb(), now }, page.row, null)).toBeNull();

    await getDb().insertInto("bookings").values({ session_id: page.upcoming[1]!.id, user_id: playerId, status: "PENDING_PAYMENT" }).execute();
    expect(await seriesInstructionsFor({ db: getDb(), now }, page.row, player)).toBeNull();
    await getDb().updateTable("bookings").set({ status: "CONFIRMED" }).where("user_id", "=", playerId).execute();
    expect(await seriesInstructionsFor({ db: getDb(), now }, page.row, player)).toBe("El enlace de Discord es secreto.");
  });
});
