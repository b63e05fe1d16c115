import { describe, expect, it } from "vitest";
import { releaseSeat } from "../../app/modules/bookings/repo.server";
import { loader as sessionPage } from "../../app/routes/$lang.session.$id._index/route";
import { action as confirmAction } from "../../app/routes/$lang.session.$id.confirm/route";
import { action as leaveAction, loader as leavePage } from "../../app/routes/$lang.session.$id.leave";
import { action as bookingsApi } from "../../app/routes/api.bookings";
import { action as waitlistApi } from "../../app/routes/api.sessions.$id.waitlist";
import { readToast } from "../../app/web/toast.server";
import { getDb } from "../../db/client.server";
import { createSession, joinLine, type SessionColumns } from "../fixtures/sessions";
import { type SignedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { signedInUser } from "./helpers";
import { form, run } from "./route";

// Leaving a session (and the refund of a paid seat) is for sessions that have not started: after
// the start, or once completed, every way out refuses with a reason and nothing is refunded.

useTestDatabase();

const base = "http://localhost:3000";
const startsAt = new Date("2026-11-20T02:00:00Z");
const before = { now: new Date(startsAt.getTime() - 60_000) } as never;
const started = { now: new Date(startsAt.getTime() + 3_600_000) } as never;
const leaveClosedEn = "You can no longer leave this session: leaving is only possible before it starts. If the game master cancels it, you are refunded.";

const api = (method: string, path: string, as: SignedInUser, body?: unknown) =>
  new Request(`${base}${path}`, {
    method,
    headers: { ...as.auth, "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
const page = (path: string, as: SignedInUser) => new Request(`${base}${path}`, { headers: { Cookie: as.cookie } });
const post = (path: string, fields: Record<string, string>, as: SignedInUser) => form(`${base}${path}`, fields, { Cookie: as.cookie });

const session = async (dmId: string, extra: SessionColumns = {}) => (await createSession({ host: dmId, maxParticipants: 2, startsAt, columns: extra })).id;

/** A confirmed seat; a paid one with its succeeded card payment (as the webhook leaves it). */
async function seat(sessionId: string, userId: string, paid = false) {
  const booking = await getDb()
    .insertInto("bookings")
    .values({
      session_id: sessionId,
      user_id: userId,
      status: "CONFIRMED",
      payment_method: paid ? "CARD" : "FREE",
      amount_cents: paid ? 25000 : 0,
      currency: "MXN",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (paid)
    await getDb()
      .insertInto("payments")
      .values({
        booking_id: booking.id,
        session_id: (eb) => eb.selectFrom("bookings").select("session_id").where("id", "=", booking.id),
        user_id: userId,
        provider: "offline",
        method: "CARD",
        amount_cents: 25000,
        currency: "MXN",
        status: "succeeded",
        payment_intent_ref: `pi_offline_${booking.id.replaceAll("-", "").slice(0, 24)}`,
      })
      .execute();
  return booking.id;
}

const bookingStatus = async (id: string) => (await getDb().selectFrom("bookings").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const paymentOf = (bookingId: string) =>
  getDb().selectFrom("payments").select(["status", "refund_reason", "refund_attempts"]).where("booking_id", "=", bookingId).executeTakeFirstOrThrow();
const toastOf = async (headers: Headers) =>
  (await readToast(new Request(`${base}/es`, { headers: { cookie: headers.get("set-cookie")?.split(";")[0] ?? "" } }))).toast;

describe("leaving after the start", () => {
  it("DELETE /api/bookings refuses a started or completed session's paid seat with 409 and the reason; the seat stays and nothing is refunded", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser({ preferredLanguage: "en" });
    for (const status of ["UPCOMING", "CONFIRMED", "COMPLETED", "IN_PROGRESS"]) {
      const id = await session(host.id, { status, price_cents: 25000 });
      const bookingId = await seat(id, player.id, true);
      const byId = await run(bookingsApi, api("DELETE", "/api/bookings", player, { bookingId }), {}, started);
      expect(byId).toMatchObject({ status: 409, data: { error: leaveClosedEn } });
      const bySession = await run(bookingsApi, api("DELETE", "/api/bookings", player, { sessionId: id, userId: player.id }), {}, started);
      expect(bySession).toMatchObject({ status: 409, data: { error: leaveClosedEn } });
      expect(await bookingStatus(bookingId)).toBe("CONFIRMED");
      expect(await paymentOf(bookingId)).toEqual({ status: "succeeded", refund_reason: null, refund_attempts: 0 });
    }
    // A completed session is closed to leaving even if its clock says it has not started.
    const early = await session(host.id, { status: "COMPLETED", price_cents: 25000 });
    const earlyBooking = await seat(early, player.id, true);
    expect((await run(bookingsApi, api("DELETE", "/api/bookings", player, { bookingId: earlyBooking }), {}, before)).status).toBe(409);
    expect(await paymentOf(earlyBooking)).toMatchObject({ status: "succeeded", refund_reason: null });
  });

  it("a free seat can be left up to the start, not a moment after", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser();
    const id = await session(host.id);
    const bookingId = await seat(id, player.id);
    const atStart = { now: startsAt } as never;
    expect((await run(bookingsApi, api("DELETE", "/api/bookings", player, { bookingId }), {}, atStart)).status).toBe(409);
    expect(await bookingStatus(bookingId)).toBe("CONFIRMED");
    expect(await run(bookingsApi, api("DELETE", "/api/bookings", player, { bookingId }), {}, before)).toMatchObject({ status: 200, data: { success: true } });
    expect(await bookingStatus(bookingId)).toBe("CANCELLED");
  });

  it("the leave page after the start: no form but the reason, and its post keeps the seat; the session page offers no leave", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser();
    const id = await session(host.id);
    const bookingId = await seat(id, player.id);
    const shown = await run(sessionPage, page(`/es/session/${id}`, player), { lang: "es", id }, started);
    expect(shown.data).toMatchObject({ joined: true, canLeave: false });
    expect((await run(sessionPage, page(`/es/session/${id}`, player), { lang: "es", id }, before)).data).toMatchObject({ canLeave: true });
    const leave = await run(leavePage, page(`/es/session/${id}/leave`, player), { lang: "es", id }, started);
    expect(leave.status).toBe(302);
    expect(leave.headers.get("location")).toBe(`/es/session/${id}`);
    expect(await toastOf(leave.headers)).toMatchObject({ type: "error", key: "sessions:booking.errors.leaveClosed" });
    const posted = await run(leaveAction, post(`/es/session/${id}/leave`, {}, player), { lang: "es", id }, started);
    expect(posted.headers.get("location")).toBe(`/es/session/${id}`);
    expect(await toastOf(posted.headers)).toMatchObject({ type: "error", key: "sessions:booking.errors.leaveClosed" });
    expect(await bookingStatus(bookingId)).toBe("CONFIRMED");
    // Before the start the page asks, and its post leaves.
    expect((await run(leavePage, page(`/es/session/${id}/leave`, player), { lang: "es", id }, before)).status).toBe(200);
    const left = await run(leaveAction, post(`/es/session/${id}/leave`, {}, player), { lang: "es", id }, before);
    expect(await toastOf(left.headers)).toMatchObject({ type: "success", key: "sessions:toasts.bookingLeft" });
    expect(await bookingStatus(bookingId)).toBe("CANCELLED");
  });

  it("the waitlist after the start: the API answers 409 and the confirmation page's form refuses; the place is kept", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser({ preferredLanguage: "pt" });
    const id = await session(host.id);
    await joinLine(id, player.id);
    const out = await run(waitlistApi, api("DELETE", `/api/sessions/${id}/waitlist`, player), { id }, started);
    expect(out.status).toBe(409);
    expect((out.data as { error: string }).error).toMatch(/^Você não pode mais sair desta sessão/);
    const posted = await run(confirmAction, post(`/pt/session/${id}/confirm`, { intent: "leaveWaitlist" }, player), { lang: "pt", id }, started);
    expect(await toastOf(posted.headers)).toMatchObject({ type: "error", key: "sessions:booking.errors.leaveClosed" });
    expect(await getDb().selectFrom("waitlist_entries").select("user_id").where("session_id", "=", id).execute()).toEqual([{ user_id: player.id }]);
    expect((await run(waitlistApi, api("DELETE", `/api/sessions/${id}/waitlist`, player), { id }, before)).status).toBe(200);
  });

  it("the host's removal is bound the same way, an admin's is not; release_seat refuses a late leave by itself", async () => {
    const host = await signedInUser({ role: "dm" });
    const admin = await signedInUser({ role: "admin" });
    const [a, b] = [await signedInUser(), await signedInUser()];
    const id = await session(host.id, { price_cents: 25000 });
    const [seatA, seatB] = [await seat(id, a.id, true), await seat(id, b.id, true)];
    expect((await run(bookingsApi, api("DELETE", "/api/bookings", host, { sessionId: id, userId: a.id }), {}, started)).status).toBe(409);
    expect(await bookingStatus(seatA)).toBe("CONFIRMED");
    expect((await run(bookingsApi, api("DELETE", "/api/bookings", admin, { sessionId: id, userId: a.id }), {}, started)).status).toBe(200);
    // Cancelled, and REFUNDED as soon as the provider's refund of the paid seat comes back (it may already have).
    expect(["CANCELLED", "REFUNDED"]).toContain(await bookingStatus(seatA));
    // The database's backstop, whatever the app read before calling it.
    const late = await releaseSeat(getDb(), {
      sessionId: id,
      userId: b.id,
      now: new Date(startsAt.getTime() + 1),
      offerUntil: null,
      admin: false,
      by: "PLAYER",
    });
    expect(late.outcome).toBe("closed");
    expect(await bookingStatus(seatB)).toBe("CONFIRMED");
    expect(await paymentOf(seatB)).toMatchObject({ status: "succeeded", refund_reason: null });
  });
});
