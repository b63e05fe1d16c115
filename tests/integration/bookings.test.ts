import { sql } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { updateSessionFromApi } from "../../app/modules/bookings/booked-sessions.server";
import { removeFromSession } from "../../app/modules/bookings/bookings.server";
import { sessionBookings } from "../../app/modules/bookings/repo.server";
import { ACTIVE_BOOKING_STATUSES } from "../../app/modules/bookings/rules";
import { seriesFormSchema } from "../../app/modules/series/schema";
import { createSeries, getSeries, updateSeries } from "../../app/modules/series/series.server";
import type { ApiSessionInput } from "../../app/modules/sessions/api-schema";
import { calendarEvents, calendarOpenCounts } from "../../app/modules/sessions/sessions.server";
import { getDb } from "../../db/client.server";
import { weeklySeriesForm } from "../fixtures/series";
import { createSession } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { testDeps, uniqueEmail } from "./helpers";

useTestDatabase();

const now = new Date("2026-10-20T12:00:00Z");

/** A user row straight in the database: these tests are about bookings, not sign-up. */
async function user(role = "user") {
  const row = await getDb()
    .insertInto("users")
    .values({ email: uniqueEmail(role), display_name: role, roles: [role] })
    .returning("id")
    .executeTakeFirstOrThrow();
  await getDb().insertInto("profiles").values({ user_id: row.id }).execute();
  return row.id;
}

const session = async (dmId: string, maxParticipants: number) =>
  (await createSession({ host: dmId, maxParticipants, title: "Mesa", startsAt: new Date("2026-11-01T20:00:00Z") })).id;

const book = (sessionId: string, userId: string, status: string = "CONFIRMED") =>
  getDb().insertInto("bookings").values({ session_id: sessionId, user_id: userId, status }).execute();

async function seats(sessionId: string) {
  const counter = await getDb().selectFrom("sessions").select("booked_count").where("id", "=", sessionId).executeTakeFirstOrThrow();
  const rows = await getDb().selectFrom("bookings").select("id").where("session_id", "=", sessionId).where("status", "in", ACTIVE_BOOKING_STATUSES).execute();
  return { counter: counter.booked_count, active: rows.length };
}

const refusedBySeatGuard = { code: "23514", constraint: "sessions_seats_check" };
// ON DELETE RESTRICT answers restrict_violation (23001).
const kept = { code: "23001" };

describe("the database's seat guard", () => {
  it("refuses an active booking beyond capacity, and takes cancelled ones", async () => {
    const sessionId = await session(await user("dm"), 2);
    const [a, b, c] = [await user(), await user(), await user()];
    await book(sessionId, a!);
    await book(sessionId, b!, "PENDING_PAYMENT");
    await expect(book(sessionId, c!)).rejects.toMatchObject(refusedBySeatGuard);
    await book(sessionId, c!, "CANCELLED");
    // Reviving a cancelled booking is a seat too.
    await expect(getDb().updateTable("bookings").set({ status: "CONFIRMED" }).where("user_id", "=", c!).execute()).rejects.toMatchObject(refusedBySeatGuard);
    expect(await seats(sessionId)).toEqual({ counter: 2, active: 2 });
  });

  it("counts a booking that waited for another transaction (the second of two for the last seat fails)", async () => {
    const sessionId = await session(await user("dm"), 1);
    const [a, b] = [await user(), await user()];
    const first = new pg.Client({ connectionString: process.env.DATABASE_URL });
    const second = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await Promise.all([first.connect(), second.connect()]);
    try {
      await first.query("begin");
      await first.query("insert into bookings (session_id, user_id, status) values ($1, $2, 'CONFIRMED')", [sessionId, a]);
      const secondPid = (await second.query<{ pid: number }>("select pg_backend_pid() as pid")).rows[0]!.pid;
      const late = second.query("insert into bookings (session_id, user_id, status) values ($1, $2, 'CONFIRMED')", [sessionId, b]).then(
        () => "inserted",
        (error: { code?: string; constraint?: string }) => `${error.code} ${error.constraint}`,
      );
      // The second insert must be waiting on the first transaction's lock before that one commits.
      for (;;) {
        const { rows } = await sql<{ wait_event_type: string | null }>`select wait_event_type from pg_stat_activity where pid = ${secondPid}`.execute(getDb());
        if (rows[0]?.wait_event_type === "Lock") break;
      }
      await first.query("commit");
      expect(await late).toBe("23514 sessions_seats_check");
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
    expect(await seats(sessionId)).toEqual({ counter: 1, active: 1 });
  });

  it("lets exactly `capacity` of many parallel bookings through", async () => {
    const sessionId = await session(await user("dm"), 3);
    const players = await Promise.all(Array.from({ length: 12 }, () => user()));
    const results = await Promise.allSettled(players.map((p) => book(sessionId, p)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject(refusedBySeatGuard);
    expect(await seats(sessionId)).toEqual({ counter: 3, active: 3 });
  });

  it("refuses a host's edit that lowers capacity under the seats taken, with a 400 and not a 500", async () => {
    const dmId = await user("dm");
    const sessionId = await session(dmId, 3);
    await book(sessionId, await user());
    await book(sessionId, await user());
    const host = { id: dmId, isAdmin: false, isDm: true, timeZone: "America/Mexico_City" } as Requester;
    const input = {
      title: "Mesa",
      description: "",
      sessionInstructions: "",
      game: "D&D 5e",
      date: "2026-11-01T20:00:00.000Z",
      duration: 120,
      maxParticipants: 1,
      minParticipants: 1,
      price: 0,
      currency: "MXN",
      allowedPaymentMethods: [],
      minAdvanceBookingHours: 120,
      voucherPaymentDays: 3,
      preSessionCheckHours: 24,
      tags: [],
      isPrivate: false,
    } as unknown as ApiSessionInput;
    expect(await updateSessionFromApi(testDeps(now).deps, host, sessionId, input)).toEqual({ ok: false, refusal: "invalid", error: "capacityBelowBooked" });
    expect(await updateSessionFromApi(testDeps(now).deps, host, sessionId, { ...input, maxParticipants: 2 })).toEqual({ ok: true });
  });
});

describe("booking records are kept", () => {
  it("refuses to delete a user or a session that has bookings, even cancelled ones", async () => {
    const dmId = await user("dm");
    const sessionId = await session(dmId, 4);
    const player = await user();
    await book(sessionId, player, "CANCELLED");
    await expect(getDb().deleteFrom("users").where("id", "=", player).execute()).rejects.toMatchObject(kept);
    await expect(getDb().deleteFrom("sessions").where("id", "=", sessionId).execute()).rejects.toMatchObject(kept);
    await expect(getDb().deleteFrom("users").where("id", "=", dmId).execute()).rejects.toMatchObject(kept);
    expect(await getDb().selectFrom("bookings").select("status").where("session_id", "=", sessionId).execute()).toEqual([{ status: "CANCELLED" }]);
  });

  it("a player leaving cancels the booking and keeps its row", async () => {
    const sessionId = await session(await user("dm"), 4);
    const player = await user();
    await book(sessionId, player);
    const actor = { id: player, isAdmin: false } as Requester;
    expect(await removeFromSession(testDeps(now).deps, actor, { sessionId, userId: player, list: "bookings" })).toEqual({ ok: true });
    expect(await getDb().selectFrom("bookings").select("status").where("session_id", "=", sessionId).execute()).toEqual([{ status: "CANCELLED" }]);
    expect(await seats(sessionId)).toEqual({ counter: 0, active: 0 });
  });

  it("a series edit that drops a date cancels the session there if it ever had a booking, and deletes it otherwise", async () => {
    const { deps } = testDeps(now);
    const dmId = await user("dm");
    const host = { id: dmId, timeZone: "America/Mexico_City", isDm: true, isAdmin: false } as Requester;
    const values = weeklySeriesForm({ sessionInstructions: "Nos vemos en Discord.", autoGenerateAhead: "3" });
    const created = await createSeries(deps, host, seriesFormSchema({ now, timeZone: host.timeZone }).parse(values));
    const before = (await getSeries(deps, created.id, host))!.upcoming;
    expect(before).toHaveLength(3);
    const [, second, third] = before;
    await book(second!.id, await user(), "CANCELLED");

    await updateSeries(deps, host, created.id, seriesFormSchema({ now, timeZone: host.timeZone }).parse({ ...values, autoGenerateAhead: "1" }));

    const after = await getDb().selectFrom("sessions").select(["id", "status"]).where("series_id", "=", created.id).execute();
    expect(after.find((s) => s.id === second!.id)?.status).toBe("CANCELLED");
    expect(after.find((s) => s.id === third!.id)).toBeUndefined();
  });
});

describe("active bookings, as the other modules read them", () => {
  it("lists the active bookings of the given sessions with each player's email, oldest first", async () => {
    const dmId = await user("dm");
    const [first, second, other] = [await session(dmId, 4), await session(dmId, 4), await session(dmId, 4)];
    const [ana, bea, cid, dan] = [await user(), await user(), await user(), await user()];
    await book(first, ana, "PENDING_PAYMENT");
    await book(first, bea);
    await book(first, cid, "CANCELLED");
    await book(second, dan, "EXPIRED");
    await book(other, cid);
    const email = async (id: string) => (await getDb().selectFrom("users").select("email").where("id", "=", id).executeTakeFirstOrThrow()).email;
    expect(await sessionBookings(getDb(), [first, second])).toEqual([
      { session_id: first, user_id: ana, status: "PENDING_PAYMENT", email: await email(ana) },
      { session_id: first, user_id: bea, status: "CONFIRMED", email: await email(bea) },
    ]);
    expect(await sessionBookings(getDb(), [])).toEqual([]);
  });

  it("puts a session the viewer booked in their calendar until they cancel, then counts it as open again", async () => {
    const { deps } = testDeps(now);
    const sessionId = await session(await user("dm"), 4);
    const viewer = { id: await user(), timeZone: "America/Mexico_City" } as Requester;
    const day = "2026-11-01";
    const idsOn = async () => ((await calendarEvents(deps, viewer, day, day))[day] ?? []).map((e) => e.id);
    const openOn = async () => (await calendarOpenCounts(deps, viewer, day, day))[day] ?? 0;

    await book(sessionId, viewer.id, "PENDING_PAYMENT");
    expect(await idsOn()).toContain(sessionId);
    const openWhileBooked = await openOn();

    await getDb().updateTable("bookings").set({ status: "CANCELLED" }).where("session_id", "=", sessionId).execute();
    expect(await idsOn()).not.toContain(sessionId);
    expect(await openOn()).toBe(openWhileBooked + 1);
  });
});
