import { describe, expect, it } from "vitest";
import type { Actor } from "../../app/modules/access/rules";
import { applyDefaultAttendance, disputeNoShow, markAttendance, reliabilityFor } from "../../app/modules/attendance/attendance.server";
import { runJob } from "../../app/modules/jobs/jobs.server";
import { getDb } from "../../db/client.server";
import { insertSeries } from "../fixtures/series";
import { bookSeat, createSession } from "../fixtures/sessions";
import { createUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";

useTestDatabase();

const HOUR = 3_600_000;
const startsAt = new Date("2026-12-01T20:00:00Z");
const end = new Date(startsAt.getTime() + 180 * 60_000);
const after = (hours: number) => new Date(end.getTime() + hours * HOUR);
const as = (id: string, isAdmin = false): Actor => ({ id, isAdmin });

const seatOf = (bookingId: string) =>
  getDb().selectFrom("bookings").select(["attendance", "attendance_marked_at", "attendance_marked_by"]).where("id", "=", bookingId).executeTakeFirstOrThrow();

async function pastSession(over: { status?: string; startsAt?: Date; seriesId?: string } = {}) {
  const dm = await createUser({ role: "dm" });
  const session = await createSession({
    host: dm.id,
    startsAt: over.startsAt ?? startsAt,
    durationMinutes: 180,
    maxParticipants: 5,
    status: over.status ?? "COMPLETED",
    seriesId: over.seriesId ?? null,
  });
  const a = await createUser();
  const b = await createUser();
  const bookingA = await bookSeat(session.id, a.id);
  const bookingB = await bookSeat(session.id, b.id);
  return { dm, session, a, b, bookingA, bookingB };
}

describe("marking attendance", () => {
  it("the host marks one player present and another no-show after the end", async () => {
    const { dm, session, a, b, bookingA, bookingB } = await pastSession();
    const { at } = testDeps();
    const result = await markAttendance(at(after(1)), as(dm.id), session.id, [
      { userId: a.id, present: true },
      { userId: b.id, present: false },
    ]);
    expect(result).toEqual({ ok: true, marked: 2 });
    expect(await seatOf(bookingA)).toMatchObject({ attendance: "PRESENT", attendance_marked_by: dm.id });
    expect(await seatOf(bookingB)).toMatchObject({ attendance: "NO_SHOW", attendance_marked_by: dm.id });
    // A correction within the window replaces the mark.
    await markAttendance(at(after(2)), as(dm.id), session.id, [{ userId: b.id, present: true }]);
    expect((await seatOf(bookingB)).attendance).toBe("PRESENT");
  });

  it("an admin may mark; another DM and a player are forbidden and change nothing", async () => {
    const { session, a, bookingA } = await pastSession();
    const other = await createUser({ role: "dm" });
    const admin = await createUser({ role: "admin" });
    const { at } = testDeps();
    expect(await markAttendance(at(after(1)), as(other.id), session.id, [{ userId: a.id, present: false }])).toEqual({ ok: false, refusal: "forbidden" });
    expect(await markAttendance(at(after(1)), as(a.id), session.id, [{ userId: a.id, present: true }])).toEqual({ ok: false, refusal: "forbidden" });
    expect(await markAttendance(at(after(1)), null, session.id, [{ userId: a.id, present: true }])).toEqual({ ok: false, refusal: "forbidden" });
    expect((await seatOf(bookingA)).attendance).toBeNull();
    expect(await markAttendance(at(after(1)), as(admin.id, true), session.id, [{ userId: a.id, present: false }])).toEqual({ ok: true, marked: 1 });
  });

  it("is refused before the end, after the 14-day window, and for a cancelled session", async () => {
    const { dm, session, a, bookingA } = await pastSession({ status: "ACTIVE" });
    const { at } = testDeps();
    expect(await markAttendance(at(new Date(end.getTime() - 1)), as(dm.id), session.id, [{ userId: a.id, present: false }])).toEqual({
      ok: false,
      refusal: "conflict",
      error: "notEnded",
    });
    expect(await markAttendance(at(after(14 * 24 + 1)), as(dm.id), session.id, [{ userId: a.id, present: false }])).toMatchObject({
      error: "windowClosed",
    });
    expect((await seatOf(bookingA)).attendance).toBeNull();
    const cancelled = await pastSession({ status: "CANCELLED" });
    expect(await markAttendance(at(after(1)), as(cancelled.dm.id), cancelled.session.id, [{ userId: cancelled.a.id, present: false }])).toMatchObject({
      error: "sessionCancelled",
    });
  });

  it("ignores a player of another session, a seat that is not confirmed, and junk ids; unknown sessions are not found", async () => {
    const first = await pastSession();
    const second = await pastSession();
    const cancelledSeat = await createUser();
    const cancelledBooking = await bookSeat(first.session.id, cancelledSeat.id, { status: "CANCELLED" });
    const { at } = testDeps();
    const result = await markAttendance(at(after(1)), as(first.dm.id), first.session.id, [
      { userId: second.a.id, present: false },
      { userId: cancelledSeat.id, present: false },
      { userId: "nope\u0000", present: false },
    ]);
    expect(result).toEqual({ ok: true, marked: 0 });
    expect((await seatOf(second.bookingA)).attendance).toBeNull();
    expect((await seatOf(cancelledBooking)).attendance).toBeNull();
    expect(await markAttendance(at(after(1)), as(first.dm.id), "7f1c2a8e-9b6d-4c3e-8a1f-2b3c4d5e6f70", [])).toEqual({ ok: false, refusal: "notFound" });
    expect(await markAttendance(at(after(1)), as(first.dm.id), "x\u0000", [])).toEqual({ ok: false, refusal: "notFound" });
  });
});

describe("the default: present 48 hours after the end", () => {
  it("marks unmarked confirmed seats at 48 hours, not before, keeps the host's marks, and a second run changes nothing", async () => {
    const { dm, session, b, bookingA, bookingB } = await pastSession();
    const cancelledSession = await pastSession({ status: "CANCELLED" });
    const { at } = testDeps();
    await markAttendance(at(after(1)), as(dm.id), session.id, [{ userId: b.id, present: false }]);

    expect(await applyDefaultAttendance(at(new Date(after(48).getTime() - 1)))).toEqual({ items: 0 });
    expect((await seatOf(bookingA)).attendance).toBeNull();

    // Through the job that runs each minute, as the scheduler would.
    const run = await runJob(at(after(48)), "update-session-statuses");
    expect(run.outcome).toBe("ok");
    expect(await seatOf(bookingA)).toMatchObject({ attendance: "PRESENT", attendance_marked_by: null });
    expect((await seatOf(bookingB)).attendance).toBe("NO_SHOW");
    expect((await seatOf(cancelledSession.bookingA)).attendance).toBeNull();

    expect(await applyDefaultAttendance(at(after(49)))).toEqual({ items: 0 });
  });
});

describe("disputing a no-show", () => {
  it("once, even with parallel requests; a second try is told it was already disputed", async () => {
    const { dm, session, b, bookingB } = await pastSession();
    const { at } = testDeps();
    await markAttendance(at(after(1)), as(dm.id), session.id, [{ userId: b.id, present: false }]);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => disputeNoShow(at(after(2)), as(b.id), bookingB, `I was there (${i})`)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).every((r) => !r.ok && r.refusal === "conflict" && r.error === "alreadyDisputed")).toBe(true);
    const rows = await getDb().selectFrom("attendance_disputes").selectAll().where("booking_id", "=", bookingB).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ user_id: b.id, status: "OPEN" });
  });

  it("refuses a present seat, someone else's booking, a late dispute and bad reasons, and changes nothing", async () => {
    const { dm, session, a, b, bookingA, bookingB } = await pastSession();
    const { at } = testDeps();
    await markAttendance(at(after(1)), as(dm.id), session.id, [
      { userId: a.id, present: true },
      { userId: b.id, present: false },
    ]);
    expect(await disputeNoShow(at(after(2)), as(a.id), bookingA, "why")).toMatchObject({ refusal: "conflict", error: "notNoShow" });
    expect(await disputeNoShow(at(after(2)), as(a.id), bookingB, "why")).toEqual({ ok: false, refusal: "notFound" });
    expect(await disputeNoShow(at(after(2)), as(b.id), bookingB, "x".repeat(1001))).toMatchObject({ refusal: "invalid", error: "reasonTooLong" });
    expect(await disputeNoShow(at(after(2)), as(b.id), bookingB, "a\u0000b")).toMatchObject({ refusal: "invalid", error: "reasonInvalid" });
    expect(await disputeNoShow(at(after(2)), as(b.id), bookingB, ["a", "b"])).toMatchObject({ refusal: "invalid", error: "reasonInvalid" });
    expect(await disputeNoShow(at(after(2)), as(b.id), "nope", "why")).toEqual({ ok: false, refusal: "notFound" });
    expect(await disputeNoShow(at(after(1 + 14 * 24 + 1)), as(b.id), bookingB, "why")).toMatchObject({ refusal: "conflict", error: "windowClosed" });
    expect(await getDb().selectFrom("attendance_disputes").selectAll().where("booking_id", "=", bookingB).execute()).toHaveLength(0);
  });
});

describe("the reliability record", () => {
  it("a player's: attended, no-show and a late cancel (inside the series' lock), a timely cancel not counted", async () => {
    const player = await createUser();
    const dm = await createUser({ role: "dm" });
    const series = await insertSeries(dm.id, { booking_lock_hours: 48 });
    const { at } = testDeps();
    const now = after(24 * 10);

    // Attended: marked present.
    const s1 = await createSession({ host: dm.id, startsAt, durationMinutes: 180, status: "COMPLETED" });
    await bookSeat(s1.id, player.id);
    await markAttendance(at(after(1)), as(dm.id), s1.id, [{ userId: player.id, present: true }]);
    // Attended: never marked, 48 hours passed.
    const s2 = await createSession({ host: dm.id, startsAt, durationMinutes: 180, status: "COMPLETED" });
    await bookSeat(s2.id, player.id);
    // No-show.
    const s3 = await createSession({ host: dm.id, startsAt, durationMinutes: 180, status: "COMPLETED" });
    await bookSeat(s3.id, player.id);
    await markAttendance(at(after(1)), as(dm.id), s3.id, [{ userId: player.id, present: false }]);
    // Late: cancelled 47 hours before a series session with a 48-hour lock.
    const s4 = await createSession({ host: dm.id, startsAt, durationMinutes: 180, status: "COMPLETED", seriesId: series.id });
    await bookSeat(s4.id, player.id, { status: "CANCELLED", cancelled: { by: "PLAYER", at: new Date(startsAt.getTime() - 47 * HOUR) } });
    // Not late: cancelled 49 hours before the same kind of session.
    const startsAt5 = new Date(startsAt.getTime() - 24 * HOUR);
    const s5 = await createSession({ host: dm.id, startsAt: startsAt5, durationMinutes: 180, status: "COMPLETED", seriesId: series.id });
    await bookSeat(s5.id, player.id, { status: "CANCELLED", cancelled: { by: "PLAYER", at: new Date(startsAt5.getTime() - 49 * HOUR) } });
    // A single session: 23 hours before is late (24-hour rule), and the host's own cancellation never counts.
    const s6 = await createSession({ host: dm.id, startsAt, durationMinutes: 180, status: "COMPLETED" });
    await bookSeat(s6.id, player.id, { status: "CANCELLED", cancelled: { by: "PLAYER", at: new Date(startsAt.getTime() - 23 * HOUR) } });
    const hostCancelled = { cancelled_by: "HOST", cancelled_at: new Date(startsAt.getTime() - 2 * HOUR) };
    const s7 = await createSession({ host: dm.id, startsAt, durationMinutes: 180, status: "CANCELLED", columns: hostCancelled });
    await bookSeat(s7.id, player.id, { status: "CANCELLED", cancelled: { by: "HOST", at: hostCancelled.cancelled_at } });

    const record = await reliabilityFor(at(now), player.id);
    expect(record?.player).toEqual({ attended: 2, noShow: 1, cancelledLate: 2, percent: 40 });
    expect(record?.dm).toEqual({ run: 0, cancelledByDm: 0, percent: null });

    // The no-show lowers the record; an upheld dispute gives it back.
    await disputeNoShow(
      at(after(2)),
      as(player.id),
      (await getDb().selectFrom("bookings").select("id").where("session_id", "=", s3.id).executeTakeFirstOrThrow()).id,
      "I was there",
    );
    await getDb().updateTable("attendance_disputes").set({ status: "UPHELD", resolved_at: now }).where("user_id", "=", player.id).execute();
    expect((await reliabilityFor(at(now), player.id))?.player).toMatchObject({ noShow: 0 });

    // The host's: six sessions run, one cancelled.
    expect((await reliabilityFor(at(now), dm.id))?.dm).toEqual({ run: 6, cancelledByDm: 1, percent: 86 });
    expect(await reliabilityFor(at(now), "nope\u0000")).toBeNull();
  });
});
