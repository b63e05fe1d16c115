import { describe, expect, it } from "vitest";
import { getRequester } from "../../app/modules/auth/session.server";
import { takeFreeSeat } from "../../app/modules/bookings/repo.server";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession, joinLine } from "../fixtures/sessions";
import { apiToken, bearer, createUser, loginCookie } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

// The fixtures sign login cookies themselves (see tests/fixtures/users.ts); if the app's cookie
// changes, this fails here instead of every test that signs someone in failing oddly.
const as = (headers: Record<string, string>) => getRequester(new Request("http://localhost:3000/es", { headers }), { db: getDb(), now: new Date() });

describe("test fixtures", () => {
  it("make accounts the app signs in from a login cookie or an API token", async () => {
    const dm = await createUser({ role: "dm", displayName: "Fixture DM" });
    expect(await as({ Cookie: await loginCookie(dm.id) })).toMatchObject({
      id: dm.id,
      isDm: true,
      isAdmin: false,
      emailVerified: true,
      displayName: "Fixture DM",
    });
    expect(await as(bearer(await apiToken(dm.id)))).toMatchObject({ id: dm.id, isDm: true });
  });

  it("make admins and unverified accounts when asked", async () => {
    const admin = await createUser({ role: "admin" });
    expect(await as({ Cookie: await loginCookie(admin.id) })).toMatchObject({ id: admin.id, isAdmin: true, isDm: false });
    const unverified = await createUser({ verified: false });
    expect(await as({ Cookie: await loginCookie(unverified.id) })).toMatchObject({ id: unverified.id, emailVerified: false });
  });

  it("make sessions the app books like any other, a week after the given now unless told", async () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const free = await createSession({ now, maxParticipants: 2 });
    expect(free.startsAt).toEqual(new Date("2026-11-30T12:00:00Z"));
    const row = await getDb().selectFrom("sessions").selectAll().where("id", "=", free.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ dm_id: free.hostId, status: "UPCOMING", price_cents: 0, allowed_payment_methods: ["CARD"], is_private: false });
    // The real seat decision takes a seat; the shortcut takes the other, and the counter sees both.
    expect(await takeFreeSeat(getDb(), { sessionId: free.id, userId: (await createUser()).id, now, code: null, admin: false })).toMatchObject({
      outcome: "booked",
    });
    await bookSeat(free.id, (await createUser()).id);
    expect((await getDb().selectFrom("sessions").select("booked_count").where("id", "=", free.id).executeTakeFirstOrThrow()).booked_count).toBe(2);
    // Beyond the capacity the table refuses the shortcut too.
    await expect(bookSeat(free.id, (await createUser()).id)).rejects.toThrow();
    expect([await joinLine(free.id, (await createUser()).id, now), await joinLine(free.id, (await createUser()).id, now)]).toEqual([1, 2]);

    const paid = await createSession({ host: free.hostId, startsInHours: -2, priceCents: 25000, status: "COMPLETED" });
    expect(
      await getDb().selectFrom("sessions").select(["dm_id", "allowed_payment_methods", "status"]).where("id", "=", paid.id).executeTakeFirstOrThrow(),
    ).toEqual({
      dm_id: free.hostId,
      allowed_payment_methods: ["CARD", "OXXO"],
      status: "COMPLETED",
    });
  });
});
