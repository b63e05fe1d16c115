import { describe, expect, it } from "vitest";
import { action as disputeAction, loader as disputePage } from "../../app/routes/$lang.booking.$id.dispute";
import { loader as sessionPage } from "../../app/routes/$lang.session.$id._index/route";
import { action as markAction, loader as sheetPage } from "../../app/routes/$lang.session.$id.attendance";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession } from "../fixtures/sessions";
import { createUser, loginCookie } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { form, run } from "./route";

useTestDatabase();

const HOUR = 3_600_000;
const startsAt = new Date("2026-12-01T20:00:00Z");
const end = new Date(startsAt.getTime() + 180 * 60_000);
const after = (hours: number) => new Date(end.getTime() + hours * HOUR);
const base = "http://localhost";

const get = (path: string, cookie: string) => new Request(`${base}${path}`, { headers: { Cookie: cookie } });
const post = (path: string, fields: Record<string, string | string[]>, cookie: string) => form(`${base}${path}`, fields, { Cookie: cookie });
const attendanceOf = async (bookingId: string) =>
  (await getDb().selectFrom("bookings").select("attendance").where("id", "=", bookingId).executeTakeFirstOrThrow()).attendance;

async function pastSession() {
  const dm = await createUser({ role: "dm", displayName: "Host" });
  const session = await createSession({ host: dm.id, startsAt, durationMinutes: 180, status: "COMPLETED", title: "La cripta" });
  const player = await createUser({ displayName: "Ana" });
  const other = await createUser({ displayName: "Beto" });
  const booking = await bookSeat(session.id, player.id);
  const otherBooking = await bookSeat(session.id, other.id);
  return { dm, session, player, other, booking, otherBooking };
}

describe("the attendance sheet", () => {
  it("lists the confirmed players to the host, saves the marks from the plain form, and links from the past session's page", async () => {
    const { dm, session, player, other, booking, otherBooking } = await pastSession();
    const now = after(1);
    const cookie = await loginCookie(dm.id, now);
    const path = `/es/session/${session.id}/attendance`;
    const page = await run(sheetPage, get(path, cookie), { lang: "es", id: session.id }, { now });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ closed: null, seats: [{ name: "Ana" }, { name: "Beto" }] });

    const saved = await run(
      markAction,
      post(path, { [`mark:${player.id}`]: "NO_SHOW", [`mark:${other.id}`]: "PRESENT" }, cookie),
      { lang: "es", id: session.id },
      { now },
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(path);
    expect(await attendanceOf(booking)).toBe("NO_SHOW");
    expect(await attendanceOf(otherBooking)).toBe("PRESENT");

    const detail = await run(sessionPage, get(`/es/session/${session.id}`, cookie), { lang: "es", id: session.id }, { now });
    expect(detail.data).toMatchObject({ attendanceOpen: true });
    const before = await run(sessionPage, get(`/es/session/${session.id}`, cookie), { lang: "es", id: session.id }, { now: new Date(end.getTime() - 1) });
    expect(before.data).toMatchObject({ attendanceOpen: false });
  });

  it("is 403 to another DM and to a player, 404 for an unknown or malformed session, and changes nothing", async () => {
    const { session, player, booking } = await pastSession();
    const now = after(1);
    const otherDm = await createUser({ role: "dm" });
    const path = `/es/session/${session.id}/attendance`;
    for (const who of [otherDm.id, player.id]) {
      const cookie = await loginCookie(who, now);
      expect((await run(sheetPage, get(path, cookie), { lang: "es", id: session.id }, { now })).status).toBe(403);
      const posted = await run(markAction, post(path, { [`mark:${player.id}`]: "NO_SHOW" }, cookie), { lang: "es", id: session.id }, { now });
      expect(posted.status).toBe(403);
    }
    expect(await attendanceOf(booking)).toBeNull();
    const cookie = await loginCookie(otherDm.id, now);
    for (const id of ["7f1c2a8e-9b6d-4c3e-8a1f-2b3c4d5e6f70", "x\u0000y", "nope"]) {
      expect((await run(sheetPage, get(`/es/session/x/attendance`, cookie), { lang: "es", id }, { now })).status).toBe(404);
      expect((await run(markAction, post(`/es/session/x/attendance`, { "mark:x": "PRESENT" }, cookie), { lang: "es", id }, { now })).status).toBe(404);
    }
  });

  it("refuses before the end with a translated message, and rejects arrays, unknown values and NUL bytes without a 500", async () => {
    const { dm, session, player, booking } = await pastSession();
    const path = `/es/session/${session.id}/attendance`;
    const early = new Date(end.getTime() - 60_000);
    const cookie = await loginCookie(dm.id, early);
    const page = await run(sheetPage, get(path, cookie), { lang: "es", id: session.id }, { now: early });
    expect(page.data).toMatchObject({ closed: "notEnded" });
    const refused = await run(markAction, post(path, { [`mark:${player.id}`]: "NO_SHOW" }, cookie), { lang: "es", id: session.id }, { now: early });
    expect(refused).toMatchObject({ status: 409, data: { error: "attendance:errors.notEnded" } });

    const now = after(1);
    const later = await loginCookie(dm.id, now);
    for (const fields of [
      { [`mark:${player.id}`]: ["PRESENT", "NO_SHOW"] },
      { [`mark:${player.id}`]: "MAYBE" },
      { [`mark:${player.id}`]: "PRESENT\u0000" },
      {},
    ]) {
      const bad = await run(markAction, post(path, fields, later), { lang: "es", id: session.id }, { now });
      expect(bad).toMatchObject({ status: 400, data: { error: "attendance:errors.invalidMarks" } });
    }
    expect(await attendanceOf(booking)).toBeNull();
    // A player of another session or a junk id in the field name is ignored, not an error.
    const ok = await run(
      markAction,
      post(path, { "mark:junk\u0000": "PRESENT", [`mark:${player.id}`]: "PRESENT" }, later),
      { lang: "es", id: session.id },
      { now },
    );
    expect(ok.status).toBe(302);
    expect(await attendanceOf(booking)).toBe("PRESENT");
  });
});

describe("the dispute page", () => {
  it("takes the player's reason once, keeps what was typed on error, and is 404 to anyone else", async () => {
    const { dm, session, player, other, booking } = await pastSession();
    const now = after(1);
    const host = await loginCookie(dm.id, now);
    await run(markAction, post(`/es/session/${session.id}/attendance`, { [`mark:${player.id}`]: "NO_SHOW" }, host), { lang: "es", id: session.id }, { now });
    const path = `/es/booking/${booking}/dispute`;
    const cookie = await loginCookie(player.id, now);

    const page = await run(disputePage, get(path, cookie), { lang: "es", id: booking }, { now });
    expect(page).toMatchObject({ status: 200, data: { disputed: false, refusal: null, title: "La cripta" } });

    const long = "x".repeat(1001);
    const tooLong = await run(disputeAction, post(path, { reason: long }, cookie), { lang: "es", id: booking }, { now });
    expect(tooLong).toMatchObject({ status: 400, data: { error: "attendance:errors.reasonTooLong", reason: long } });
    const nul = await run(disputeAction, post(path, { reason: "estuve\u0000ahí" }, cookie), { lang: "es", id: booking }, { now });
    expect(nul).toMatchObject({ status: 400, data: { error: "attendance:errors.reasonInvalid", reason: "estuveahí" } });
    const array = await run(disputeAction, post(path, { reason: ["a", "b"] }, cookie), { lang: "es", id: booking }, { now });
    expect(array).toMatchObject({ status: 400, data: { error: "attendance:errors.reasonInvalid", reason: "a" } });

    const results = await Promise.all(
      Array.from({ length: 6 }, () => run(disputeAction, post(path, { reason: "Estuve toda la sesión" }, cookie), { lang: "es", id: booking }, { now })),
    );
    expect(results.filter((r) => r.status === 302)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).every((r) => (r.data as { error: string }).error === "attendance:errors.alreadyDisputed")).toBe(true);
    expect(await getDb().selectFrom("attendance_disputes").select("id").where("booking_id", "=", booking).execute()).toHaveLength(1);
    expect((await run(disputePage, get(path, cookie), { lang: "es", id: booking }, { now })).data).toMatchObject({ disputed: true });

    const stranger = await loginCookie(other.id, now);
    expect((await run(disputePage, get(path, stranger), { lang: "es", id: booking }, { now })).status).toBe(404);
    expect((await run(disputeAction, post(path, { reason: "x" }, stranger), { lang: "es", id: booking }, { now })).status).toBe(404);
    expect((await run(disputePage, get(path, cookie), { lang: "es", id: "x\u0000" }, { now })).status).toBe(404);
  });
});
