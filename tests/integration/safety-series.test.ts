import { describe, expect, it } from "vitest";
import { insertSeriesWithSessions } from "../../app/modules/series/series.server";
import { action as confirmAction } from "../../app/routes/$lang.series.$id.confirm/route";
import { loader as safetyPage } from "../../app/routes/$lang.session.$id.safety";
import { action as subscribeApi } from "../../app/routes/api.series.$id.subscribe";
import { getDb } from "../../db/client.server";
import { weeklySeries } from "../fixtures/series";
import type { SignedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { signedInUser, testDeps } from "./helpers";
import { form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
// A Saturday; the weekly series' sessions are the next two Mondays.
const now = new Date("2026-11-21T12:00:00Z");
const context = { now } as never;

const post = (id: string, as: SignedInUser, fields: Record<string, string | string[]>) =>
  run(confirmAction, form(`${base}/es/series/${id}/confirm`, fields, { Cookie: as.cookie }), { lang: "es", id }, context);
const api = (id: string, as: SignedInUser, body: unknown) =>
  run(
    subscribeApi,
    new Request(`${base}/api/series/${id}/subscribe`, {
      method: "POST",
      headers: { ...as.auth, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    }),
    { id },
    context,
  );
const subscriptionsOf = async (seriesId: string) =>
  (await getDb().selectFrom("series_subscriptions").select("id").where("series_id", "=", seriesId).where("status", "=", "ACTIVE").execute()).length;

describe("lines and veils when subscribing to a series", () => {
  it("reach the host on the series' sessions the subscriber holds a seat in; bad input subscribes nobody and keeps what was typed", async () => {
    const host = await signedInUser({ role: "dm" });
    const { id } = await insertSeriesWithSessions(testDeps(now).deps, weeklySeries(host.id));
    const ana = await signedInUser({ displayName: "Ana" });
    const beto = await signedInUser({ displayName: "Beto" });

    const refused = await post(id, ana, { intent: "join", lines: "torture", safetyNote: "x".repeat(501) });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ safety: { values: { lines: ["torture"], safetyNote: "x".repeat(501) }, errors: ["safety:validation.noteTooLong"] } });
    expect(await subscriptionsOf(id)).toBe(0);
    expect((await api(id, beto, { paymentMethod: "free", lines: ["nope"] })).status).toBe(400);
    expect(await subscriptionsOf(id)).toBe(0);

    expect((await post(id, ana, { intent: "join", lines: "torture", anonymous: "on" })).status).toBe(302);
    expect((await api(id, beto, { paymentMethod: "free", veils: ["phobias"] })).status).toBe(201);
    expect(await subscriptionsOf(id)).toBe(2);

    const seat = await getDb()
      .selectFrom("bookings as b")
      .innerJoin("sessions as s", "s.id", "b.session_id")
      .select("s.id")
      .where("s.series_id", "=", id)
      .where("b.user_id", "=", ana.id)
      .where("b.status", "=", "CONFIRMED")
      .orderBy("s.starts_at")
      .executeTakeFirstOrThrow();
    const seen = await run(
      safetyPage,
      new Request(`${base}/es/session/${seat.id}/safety`, { headers: { Cookie: host.cookie } }),
      { lang: "es", id: seat.id },
      context,
    );
    expect(seen.status).toBe(200);
    const players = (seen.data as { players: { name: string | null; lines: string[]; veils: string[] }[] }).players;
    expect(players).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: null, lines: ["torture"] }), expect.objectContaining({ name: "Beto", veils: ["phobias"] })]),
    );
    expect(JSON.stringify(seen.data)).not.toContain("Ana");
    expect(
      (await run(safetyPage, new Request(`${base}/es/session/${seat.id}/safety`, { headers: { Cookie: beto.cookie } }), { lang: "es", id: seat.id }, context))
        .status,
    ).toBe(403);
  });
});
