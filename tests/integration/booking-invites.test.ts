import { describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { bookFreeSeat, joinWaitlist, leaveList } from "../../app/modules/bookings/bookings.server";
import { createInvite } from "../../app/modules/invites/invites.server";
import { loader as confirmLoader } from "../../app/routes/$lang.session.$id.confirm/route";
import { action as bookApi } from "../../app/routes/api.sessions.$id.book";
import { getDb } from "../../db/client.server";
import { createSession, type SessionColumns } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { apiToken, bearer, createUser, loginCookie, requesterOf, testDeps } from "./helpers";
import { run } from "./route";

useTestDatabase();

const now = new Date("2026-10-20T12:00:00Z");
/** The client address the codes here are tried from (counted apart from other test files' tries). */
const address = "10.62.0.1";

async function person(role: "user" | "dm" = "user"): Promise<Requester> {
  return requesterOf(await createUser({ role }), { displayName: "Jugador" });
}

const session = async (dmId: string, { max = 5, ...columns }: SessionColumns & { max?: number } = {}) =>
  (await createSession({ host: dmId, maxParticipants: max, title: "Mesa", startsAt: new Date("2026-11-01T20:00:00Z"), columns })).id;

const code = async (host: Requester, sessionId: string, type: "access" | "free", maxUses = 1) => {
  const made = await createInvite(testDeps(now).deps, host, sessionId, { type, maxUses });
  if (!made.ok) throw new Error("invite not made");
  return made.code;
};
const uses = async (sessionId: string) =>
  (await getDb().selectFrom("invites").select("uses").where("session_id", "=", sessionId).executeTakeFirstOrThrow()).uses;

describe("booking with invite codes", () => {
  it("a private session books only with a valid code, counts the use and remembers it on the booking", async () => {
    const { deps } = testDeps(now);
    const host = await person("dm");
    const [a, b] = [await person(), await person()];
    const id = await session(host.id, { is_private: true });
    const invite = await code(host, id, "access", 2);
    expect(await bookFreeSeat(deps, a, { sessionId: id })).toEqual({ ok: false, refusal: "inviteRequired" });
    expect(await bookFreeSeat(deps, a, { sessionId: id, inviteCode: "NADA-1234", address })).toEqual({ ok: false, refusal: "inviteInvalid" });
    const booked = await bookFreeSeat(deps, a, { sessionId: id, inviteCode: invite.toLowerCase(), address });
    expect(booked).toMatchObject({ ok: true, waitlisted: false });
    expect(await uses(id)).toBe(1);
    const row = await getDb().selectFrom("bookings").select("invite_id").where("session_id", "=", id).where("user_id", "=", a.id).executeTakeFirstOrThrow();
    expect(row.invite_id).not.toBeNull();
    // Booking twice is refused before a use is taken.
    expect(await bookFreeSeat(deps, a, { sessionId: id, inviteCode: invite, address })).toEqual({ ok: false, refusal: "alreadyBooked" });
    expect(await uses(id)).toBe(1);
    expect(await bookFreeSeat(deps, b, { sessionId: id, inviteCode: invite, address })).toMatchObject({ ok: true });
    expect(await bookFreeSeat(deps, await person(), { sessionId: id, inviteCode: invite, address })).toEqual({ ok: false, refusal: "inviteInvalid" });
  });

  it("an admin takes a seat in a private session without a code; a priced session stays closed to an access code without taking its use", async () => {
    const { deps } = testDeps(now);
    const host = await person("dm");
    const admin = { ...(await person()), isAdmin: true };
    const id = await session(host.id, { is_private: true });
    expect(await bookFreeSeat(deps, admin, { sessionId: id })).toMatchObject({ ok: true, waitlisted: false });
    const priced = await session(host.id, { price_cents: 5000, is_private: true });
    const access = await code(host, priced, "access");
    expect(await bookFreeSeat(deps, await person(), { sessionId: priced, inviteCode: access, address })).toEqual({ ok: false, refusal: "notFree" });
    expect(await uses(priced)).toBe(0);
  });

  it("a free code waives a price; an access code does not", async () => {
    const { deps } = testDeps(now);
    const host = await person("dm");
    const id = await session(host.id, { price_cents: 15000 });
    const free = await code(host, id, "free");
    const access = await code(host, id, "access");
    expect(await bookFreeSeat(deps, await person(), { sessionId: id, inviteCode: access, address })).toEqual({ ok: false, refusal: "notFree" });
    expect(await bookFreeSeat(deps, await person(), { sessionId: id, inviteCode: free, address })).toMatchObject({ ok: true });
    expect(await bookFreeSeat(deps, await person(), { sessionId: id })).toEqual({ ok: false, refusal: "notFree" });
  });

  it("ten players racing for a code's last use: one seat, one use", async () => {
    const { deps } = testDeps(now);
    const host = await person("dm");
    const id = await session(host.id, { is_private: true });
    const invite = await code(host, id, "access", 1);
    const players = await Promise.all(Array.from({ length: 10 }, () => person()));
    const results = await Promise.all(players.map((p) => bookFreeSeat(deps, p, { sessionId: id, inviteCode: invite, address })));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.refusal === "inviteInvalid")).toHaveLength(9);
    expect(await uses(id)).toBe(1);
  });

  it("the line of a private session needs a code too, and whoever is in it takes an offered seat without one", async () => {
    const { deps } = testDeps(now);
    const host = await person("dm");
    const [first, second] = [await person(), await person()];
    const id = await session(host.id, { is_private: true, max: 1 });
    const invite = await code(host, id, "access", 5);
    expect(await bookFreeSeat(deps, first, { sessionId: id, inviteCode: invite, address })).toMatchObject({ ok: true });
    expect(await joinWaitlist(deps, second, id)).toEqual({ ok: false, refusal: "inviteRequired" });
    expect(await joinWaitlist(deps, second, id, { inviteCode: invite, address })).toMatchObject({ ok: true, position: 1 });
    expect(await uses(id)).toBe(1);
    expect(await leaveList(deps, first, { sessionId: id, userId: first.id, list: "bookings" })).toEqual({ ok: true });
    expect(await bookFreeSeat(deps, second, { sessionId: id })).toMatchObject({ ok: true, waitlisted: false });
  });
});

describe("invite codes on the API and the confirmation page", () => {
  it("the API refuses a private session without a code (403) and a bad code (400), then books with it", async () => {
    const host = await person("dm");
    const player = await person();
    const id = await session(host.id, { is_private: true });
    const invite = await code(host, id, "access");
    const token = await apiToken(player.id);
    const post = (body: unknown) =>
      run(
        bookApi,
        new Request(`http://localhost/api/sessions/${id}/book`, {
          method: "POST",
          headers: { ...bearer(token), "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        { id },
        { now },
      );
    const without = await post({ paymentMethod: "free" });
    expect(without.status).toBe(403);
    expect((without.data as { error: string }).error).toMatch(/privada/);
    expect((await post({ paymentMethod: "free", inviteCode: "NADA-1234", address })).status).toBe(400);
    expect((await post({ paymentMethod: "free", inviteCode: invite, address })).status).toBeLessThan(300);
  });

  it("the page asks for a code, explains a bad one, and applies a good one", async () => {
    const host = await person("dm");
    const player = await person();
    const id = await session(host.id, { is_private: true, price_cents: 9900 });
    const free = await code(host, id, "free");
    const cookie = await loginCookie(player.id, now);
    const view = async (query: string) =>
      (await run(confirmLoader, new Request(`http://localhost/es/session/${id}/confirm${query}`, { headers: { Cookie: cookie } }), { lang: "es", id }, { now }))
        .data as {
        needsInvite: boolean;
        invite: { ok: boolean; problem?: string; waivesPrice?: boolean } | null;
        inviteCode: string;
        session: { free: boolean };
      };
    expect(await view("")).toMatchObject({ needsInvite: true, invite: null, session: { free: false } });
    expect(await view("?invite=NADA-1234")).toMatchObject({ needsInvite: true, invite: { ok: false, problem: "invalid" } });
    expect(await view(`?invite=${free.toLowerCase()}`)).toMatchObject({
      needsInvite: false,
      invite: { ok: true, waivesPrice: true },
      inviteCode: free,
      session: { free: true },
    });
  });
});
