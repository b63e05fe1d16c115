import { describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { leaveList } from "../../app/modules/bookings/bookings.server";
import { cancelSession } from "../../app/modules/bookings/cancel-session.server";
import { bookGroup, cancelGroupSeats, claimHeldSeatsOf } from "../../app/modules/groups/groups.server";
import { insertHeldSeats } from "../../app/modules/groups/repo.server";
import { action as loginAction } from "../../app/routes/$lang.login";
import { action as groupAction, loader as groupLoader } from "../../app/routes/$lang.session.$id.group";
import { action as groupApi } from "../../app/routes/api.sessions.$id.group-booking";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession } from "../fixtures/sessions";
import { type SignedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { createUser, signedInUser, testDeps, uniqueEmail } from "./helpers";
import { form, jsonPost, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const now = new Date("2026-10-20T12:00:00Z");
const startsAt = new Date("2026-11-01T20:00:00Z");
const context = { now } as never;

async function player(lang: "es" | "en" | "pt" = "en"): Promise<Requester> {
  const u = await createUser({ preferredLanguage: lang, displayName: "Booker" });
  return {
    id: u.id,
    email: u.email,
    emailVerified: true,
    displayName: u.displayName,
    firstName: "Ana",
    lastName: "Robles",
    roles: u.roles,
    isDm: false,
    isAdmin: false,
    preferredLanguage: lang,
    timeZone: "UTC",
    loginSessionId: null,
  };
}

const session = async (max: number, extra: { priceCents?: number; isPrivate?: boolean } = {}) =>
  (await createSession({ maxParticipants: max, startsAt, title: "Mesa de grupo", timeZone: "UTC", ...extra })).id;

const counter = async (id: string) => (await getDb().selectFrom("sessions").select("booked_count").where("id", "=", id).executeTakeFirstOrThrow()).booked_count;
const heldSeats = (id: string) => getDb().selectFrom("group_seats").selectAll().where("session_id", "=", id).where("status", "=", "HELD").execute();
const guests = (n: number, prefix = "guest") => Array.from({ length: n }, (_, i) => ({ name: `Guest ${i + 1}`, email: uniqueEmail(`${prefix}${i}`) }));

describe("booking seats for a group", () => {
  it("holds one seat per guest, counts them as taken and mails each guest with a calendar file", async () => {
    const { deps, mails } = testDeps(now);
    const booker = await player("en");
    const id = await session(5);
    const group = guests(3);
    const result = await bookGroup(deps, booker, id, group);
    expect(result.ok).toBe(true);
    expect(await counter(id)).toBe(3);
    expect((await heldSeats(id)).map((s) => s.guest_email).sort()).toEqual(group.map((g) => g.email).sort());
    const sent = (await mails()).filter((m) => group.some((g) => g.email === m.to));
    expect(sent).toHaveLength(3);
    expect(sent[0]!.subject).toContain("Mesa de grupo");
    expect(sent[0]!.text).toContain("/en/session/");
    expect(sent[0]!.attachments?.[0]?.content).toContain("BEGIN:VCALENDAR");
  });

  it("is all or none: more guests than seats left, seven guests, repeated emails, a paid session change nothing", async () => {
    const { deps } = testDeps(now);
    const booker = await player();
    const id = await session(4);
    await bookSeat(id, (await createUser()).id);
    const tooMany = await bookGroup(deps, booker, id, guests(4));
    expect(tooMany).toMatchObject({ ok: false, refusal: "notEnoughSeats", seatsLeft: 3 });
    expect(await bookGroup(deps, booker, id, guests(7))).toMatchObject({ ok: false, refusal: "invalid", reading: { form: "errors.tooManyGuests" } });
    const twice = [
      { name: "A", email: "same@example.test" },
      { name: "B", email: "SAME@example.test" },
    ];
    expect(await bookGroup(deps, booker, id, twice)).toMatchObject({ ok: false, reading: { rows: [{}, { email: "errors.emailRepeated" }] } });
    expect(await counter(id)).toBe(1);
    expect(await heldSeats(id)).toHaveLength(0);
    const paid = await session(4, { priceCents: 5000 });
    expect(await bookGroup(deps, booker, paid, guests(2))).toMatchObject({ ok: false, refusal: "notFree" });
  });

  it("refuses a guest who already has a seat in the session", async () => {
    const { deps } = testDeps(now);
    const booker = await player();
    const seated = await createUser();
    const id = await session(6);
    await bookSeat(id, seated.id);
    const result = await bookGroup(deps, booker, id, [{ name: "Seated", email: seated.email.toUpperCase() }]);
    expect(result).toMatchObject({ ok: false, refusal: "alreadyHeld", reading: { rows: [{ email: "errors.emailAlreadySeated" }] } });
  });

  it("two groups racing for the last seats: one gets them all, the other none (repeated rounds)", async () => {
    const { deps } = testDeps(now);
    for (let round = 0; round < 5; round += 1) {
      const [a, b] = await Promise.all([player(), player()]);
      const id = await session(5);
      await bookSeat(id, (await createUser()).id);
      await bookSeat(id, (await createUser()).id);
      const results = await Promise.all([bookGroup(deps, a, id, guests(3, "a")), bookGroup(deps, b, id, guests(3, "b"))]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok)[0]).toMatchObject({ refusal: "notEnoughSeats", seatsLeft: 0 });
      expect(await counter(id)).toBe(5);
      const held = await heldSeats(id);
      expect(held).toHaveLength(3);
      expect(new Set(held.map((s) => s.booker_id)).size).toBe(1);
    }
  });
});

describe("the seat guard behind the lock", () => {
  it("refuses a group's one insert whole when it would pass the capacity, and counts held seats with bookings", async () => {
    const booker = await player();
    const id = await session(3);
    await bookSeat(id, (await createUser()).id);
    const insert = insertHeldSeats(getDb(), { sessionId: id, bookerId: booker.id, guests: guests(3), now });
    await expect(insert).rejects.toMatchObject({ code: "23514", constraint: "sessions_seats_check" });
    expect(await heldSeats(id)).toHaveLength(0);
    expect(await counter(id)).toBe(1);
    await insertHeldSeats(getDb(), { sessionId: id, bookerId: booker.id, guests: guests(2), now });
    expect(await counter(id)).toBe(3);
  });
});

describe("claiming, cancelling and leaving", () => {
  it("a guest who signs in with a verified email gets the seat as their own booking; an unverified address claims nothing", async () => {
    const { deps } = testDeps(now);
    const booker = await player();
    const id = await session(4);
    const email = uniqueEmail("claimer");
    await bookGroup(deps, booker, id, [{ name: "Claimer", email }]);
    const unverified = await createUser({ email, verified: false });
    expect(await claimHeldSeatsOf(deps, { userId: unverified.id })).toEqual([]);
    await getDb().updateTable("users").set({ email_verified_at: now }).where("id", "=", unverified.id).execute();
    const claimed = await claimHeldSeatsOf(deps, { userId: unverified.id });
    expect(claimed).toHaveLength(1);
    const booking = await getDb().selectFrom("bookings").select(["status", "user_id"]).where("id", "=", claimed[0]!.bookingId).executeTakeFirstOrThrow();
    expect(booking).toEqual({ status: "CONFIRMED", user_id: unverified.id });
    expect(await counter(id)).toBe(1);
    expect(await heldSeats(id)).toHaveLength(0);
    // Claimed seats are the guest's: the booker's cancel leaves them; the guest leaves the usual way.
    expect(await cancelGroupSeats(deps, booker, id)).toMatchObject({ ok: false, refusal: "notFound" });
    const guest = { ...booker, id: unverified.id, email };
    expect(await leaveList(deps, guest, { sessionId: id, userId: guest.id, list: "bookings" })).toEqual({ ok: true });
    expect(await counter(id)).toBe(0);
  });

  it("signing in through the login form claims the seats held for a verified address", async () => {
    const { deps } = testDeps(now);
    const booker = await player();
    const id = await session(4);
    const guest = await createUser({ email: uniqueEmail("signin") });
    await bookGroup(deps, booker, id, [{ name: "Signs In", email: guest.email }]);
    const signedIn = await run(
      loginAction,
      form(`${base}/es/login`, { email: guest.email, password: guest.password }, { "x-client-ip": "198.18.9.1" }),
      { lang: "es" },
      context,
    );
    expect(signedIn.status).toBe(302);
    const booking = await getDb().selectFrom("bookings").select("status").where("session_id", "=", id).where("user_id", "=", guest.id).executeTakeFirst();
    expect(booking).toEqual({ status: "CONFIRMED" });
    expect(await counter(id)).toBe(1);
  });

  it("the booker gives up one seat or all unclaimed seats before the start; a cancelled session takes them too", async () => {
    const { deps, at } = testDeps(now);
    const booker = await player();
    const id = await session(6);
    await bookGroup(deps, booker, id, guests(3));
    const [first] = await heldSeats(id);
    expect(await cancelGroupSeats(deps, booker, id, first!.id)).toEqual({ ok: true, cancelled: 1 });
    expect(await counter(id)).toBe(2);
    expect(await cancelGroupSeats(at(new Date(startsAt.getTime() + 60_000)), booker, id)).toMatchObject({ ok: false, refusal: "leaveClosed" });
    expect(await cancelGroupSeats(deps, booker, id)).toEqual({ ok: true, cancelled: 2 });
    expect(await counter(id)).toBe(0);
    const other = await session(6);
    await bookGroup(deps, booker, other, guests(2));
    const host = (await getDb().selectFrom("sessions").select("dm_id").where("id", "=", other).executeTakeFirstOrThrow()).dm_id;
    expect(await cancelSession(deps, { ...booker, id: host }, other)).toEqual({ ok: true });
    expect(await heldSeats(other)).toHaveLength(0);
  });
});

const rowsOf = (list: { name: string; email: string }[]) =>
  Object.fromEntries(list.flatMap((g, i) => [[`guests[${i}].name`, g.name] as const, [`guests[${i}].email`, g.email] as const]));

describe("the group page without JavaScript", () => {
  it("keeps every typed value with a message beside each bad field, and books a good group", async () => {
    const booker = await signedInUser({ preferredLanguage: "es" });
    const id = await session(6);
    const url = `${base}/es/session/${id}/group`;
    const bad = {
      ...rowsOf([
        { name: "x".repeat(101), email: "ana@example.test" },
        { name: "Bea\u0000", email: "not-an-email" },
      ]),
      "guests[2].name": ["A", "B"],
    };
    const post = await run(groupAction, form(url, bad, { Cookie: booker.cookie }), { lang: "es", id }, context);
    expect(post.status).toBe(400);
    const reply = post.data as { typed: { name: string; email: string }[]; rows: Record<string, string>[] };
    expect(reply.typed[0]).toEqual({ name: "x".repeat(101), email: "ana@example.test" });
    expect(reply.typed[1]!.email).toBe("not-an-email");
    expect(reply.rows.slice(0, 3)).toEqual([
      { name: "errors.nameTooLong" },
      { name: "errors.invalidCharacters", email: "errors.emailInvalid" },
      { name: "errors.nameInvalid", email: "errors.emailRequired" },
    ]);
    expect(await counter(id)).toBe(0);
    const good = await run(groupAction, form(url, rowsOf(guests(3)), { Cookie: booker.cookie }), { lang: "es", id }, context);
    expect(good.status).toBe(302);
    expect(await counter(id)).toBe(3);
    const page = await run(groupLoader, new Request(url, { headers: { Cookie: booker.cookie } }), { lang: "es", id }, context);
    expect((page.data as { group: unknown[] }).group).toHaveLength(3);
  });

  it("says how many seats are left when the group does not fit", async () => {
    const booker = await signedInUser();
    const id = await session(2);
    const post = await run(groupAction, form(`${base}/en/session/${id}/group`, rowsOf(guests(3)), { Cookie: booker.cookie }), { lang: "en", id }, context);
    expect(post.status).toBe(400);
    expect(post.data).toMatchObject({ form: "errors.notEnoughSeats", seatsLeft: 2 });
  });
});

const api = (id: string, as: SignedInUser, body: unknown) =>
  run(groupApi, jsonPost(`${base}/api/sessions/${id}/group-booking`, body, as.auth), { id }, context);

describe("POST /api/sessions/{id}/group-booking", () => {
  it("201 with the held seats; 400 naming bad fields in the requester's language; 409 when they do not fit", async () => {
    const booker = await signedInUser({ preferredLanguage: "pt" });
    const id = await session(4);
    const ok = await api(id, booker, { guests: guests(2) });
    expect(ok.status).toBe(201);
    expect((ok.data as { seats: unknown[] }).seats).toHaveLength(2);
    const bad = await api(id, booker, { guests: [{ name: "", email: ["x@example.test"] }] });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      success: false,
      fields: [{ path: "guests[0].name", message: "Informe o nome do convidado." }, { path: "guests[0].email" }],
    });
    expect((await api(id, booker, { guests: "everyone" })).status).toBe(400);
    const full = await api(id, booker, { guests: guests(3) });
    expect(full.status).toBe(409);
    expect((full.data as { error: string }).error).toContain("vagas restantes: 2");
    expect(await counter(id)).toBe(2);
  });
});
