import { describe, expect, it } from "vitest";
import { action as bookingsApi } from "../../app/routes/api.bookings";
import { action as bookApi } from "../../app/routes/api.sessions.$id.book";
import { action as waitlistApi } from "../../app/routes/api.sessions.$id.waitlist";
import { getDb } from "../../db/client.server";
import { createSession, type SessionColumns } from "../fixtures/sessions";
import { type SignedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { signedInUser } from "./helpers";
import { apiCall, run } from "./route";

useTestDatabase();

const now = new Date("2026-10-20T12:00:00Z");
const context = { now } as never;

const api = apiCall;

const session = async (dmId: string, max: number, extra: SessionColumns = {}) =>
  (await createSession({ host: dmId, maxParticipants: max, title: "Mesa", startsAt: new Date("2026-11-01T20:00:00Z"), timeZone: "UTC", columns: extra })).id;

const book = (id: string, as: SignedInUser | null, body: unknown = { paymentMethod: "free" }) =>
  run(bookApi, api("POST", `/api/sessions/${id}/book`, as, body), { id }, context);

describe("POST /api/sessions/{id}/book", () => {
  it("books a free seat once, answering success, and errors with 4xx for everything else", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser({ preferredLanguage: "en" });
    const id = await session(host.id, 1);
    expect(await book(id, null)).toMatchObject({ status: 401, data: { error: "Authentication required" } });
    expect(await book(id, player, { paymentMethod: "card" })).toMatchObject({ status: 400 });
    expect(await book(id, player, "not an object")).toMatchObject({ status: 400 });
    const booked = await book(id, player);
    expect(booked).toMatchObject({ status: 201, data: { success: true } });
    expect(await book(id, player)).toEqual(expect.objectContaining({ status: 409, data: { error: "You already have a seat in this session." } }));
    const late = await signedInUser();
    expect(await book(id, late)).toMatchObject({ status: 409, data: { error: "Esta sesión está llena." } });
    expect(await book(id, late, { paymentMethod: "free", joinWaitlist: true })).toMatchObject({
      status: 200,
      data: { success: true, waitlisted: true, position: 1 },
    });
    expect(await book(id, host)).toMatchObject({ status: 403 });
    for (const bad of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) expect(await book(bad, player)).toMatchObject({ status: 404 });
    expect(await book(await session(host.id, 3, { status: "CANCELLED" }), late)).toMatchObject({
      status: 409,
      data: { error: "Esta sesión ha sido cancelada y no se puede reservar." },
    });
    expect(await book(await session(host.id, 3, { price_cents: 5000 }), late)).toMatchObject({ status: 400 });
  });
});

describe("the waitlist and leaving", () => {
  it("joins and leaves the line; only your own booking can be left by id (another user gets 403)", async () => {
    const host = await signedInUser({ role: "dm" });
    const [a, b, stranger] = [await signedInUser(), await signedInUser(), await signedInUser()];
    const id = await session(host.id, 1);
    expect((await run(waitlistApi, api("POST", `/api/sessions/${id}/waitlist`, b), { id }, context)).status).toBe(409); // seats are open
    const booked = await book(id, a);
    const bookingId = (booked.data as { bookingId: string }).bookingId;
    expect(await run(waitlistApi, api("POST", `/api/sessions/${id}/waitlist`, b), { id }, context)).toMatchObject({
      status: 201,
      data: { success: true, position: 1 },
    });
    expect((await run(waitlistApi, api("POST", `/api/sessions/${id}/waitlist`, b), { id }, context)).status).toBe(409);
    expect((await run(waitlistApi, api("DELETE", `/api/sessions/${id}/waitlist`, stranger), { id }, context)).status).toBe(404);
    expect((await run(waitlistApi, api("POST", `/api/sessions/not-a-uuid/waitlist`, b), { id: "not-a-uuid" }, context)).status).toBe(404);

    // Someone else's booking: refused, nothing changes.
    expect((await run(bookingsApi, api("DELETE", "/api/bookings", stranger, { bookingId }), {}, context)).status).toBe(403);
    expect((await run(bookingsApi, api("DELETE", "/api/bookings", stranger, { bookingId: "nope" }), {}, context)).status).toBe(404);
    expect((await getDb().selectFrom("sessions").select("booked_count").where("id", "=", id).executeTakeFirstOrThrow()).booked_count).toBe(1);

    // a leaves: the seat is offered to b, who takes it; a second leave is a 404.
    expect(await run(bookingsApi, api("DELETE", "/api/bookings", a, { bookingId }), {}, context)).toMatchObject({ status: 200, data: { success: true } });
    expect((await run(bookingsApi, api("DELETE", "/api/bookings", a, { bookingId }), {}, context)).status).toBe(404);
    expect(await book(id, stranger)).toMatchObject({ status: 409 });
    expect(await book(id, b)).toMatchObject({ status: 201 });
    expect(await run(waitlistApi, api("DELETE", `/api/sessions/${id}/waitlist`, b), { id }, context)).toMatchObject({ status: 404 });
  });
});
