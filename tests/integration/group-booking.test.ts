import { describe, expect, it } from "vitest";
import { attendanceSheet, markAttendance, reliabilityFor } from "../../app/modules/attendance/attendance.server";
import type { Requester } from "../../app/modules/auth/session.server";
import { leaveList } from "../../app/modules/bookings/bookings.server";
import { cancelSession } from "../../app/modules/bookings/cancel-session.server";
import { bookGroup, cancelGroupSeats } from "../../app/modules/groups/groups.server";
import { answerInvitation, noticeInvitationsOf, pendingInvitations } from "../../app/modules/groups/invitations.server";
import { insertHeldSeats } from "../../app/modules/groups/repo.server";
import { action as invitationsAction, loader as invitationsLoader } from "../../app/routes/$lang.invitations";
import { action as loginAction } from "../../app/routes/$lang.login";
import { action as groupAction, loader as groupLoader } from "../../app/routes/$lang.session.$id.group/route";
import { action as groupApi } from "../../app/routes/api.sessions.$id.group-booking";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession } from "../fixtures/sessions";
import { type SignedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { createUser, requesterOf, signedInUser, testDeps, uniqueEmail } from "./helpers";
import { form, jsonPost, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const now = new Date("2026-10-20T12:00:00Z");
const startsAt = new Date("2026-11-01T20:00:00Z");
const context = { now } as never;

async function player(lang: "es" | "en" | "pt" = "en", options: { email?: string; verified?: boolean } = {}): Promise<Requester> {
  const u = await createUser({ preferredLanguage: lang, displayName: "Booker", ...options });
  return requesterOf(u, { emailVerified: options.verified ?? true, preferredLanguage: lang, timeZone: "UTC" });
}

const session = async (max: number, extra: { priceCents?: number; isPrivate?: boolean } = {}) =>
  (await createSession({ maxParticipants: max, startsAt, title: "Mesa de grupo", timeZone: "UTC", ...extra })).id;

const counter = async (id: string) => (await getDb().selectFrom("sessions").select("booked_count").where("id", "=", id).executeTakeFirstOrThrow()).booked_count;
const heldSeats = (id: string) => getDb().selectFrom("group_seats").selectAll().where("session_id", "=", id).where("status", "=", "HELD").execute();
const guests = (n: number, prefix = "guest") => Array.from({ length: n }, (_, i) => ({ name: `Guest ${i + 1}`, email: uniqueEmail(`${prefix}${i}`) }));

describe("booking seats for a group", () => {
  it("holds one seat per guest, counts them as taken and mails each guest an invitation to answer on our site", async () => {
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
    expect(sent[0]!.subject).toBe("Booker reserved a seat for you on Mesa");
    expect(sent[0]!.text).toContain("http://localhost:3000/en/invitations");
    expect(sent[0]!.attachments ?? []).toHaveLength(0);
  });

  it("puts no text a stranger typed into the guests' mail: no guest names, no session title, no booker name that could be a link", async () => {
    const { deps, mails } = testDeps(now);
    const u = await createUser({ preferredLanguage: "en", displayName: "Click http://evil.example/win" });
    const booker: Requester = { ...(await player("en")), id: u.id, email: u.email, displayName: "Click http://evil.example/win" };
    const id = (await createSession({ maxParticipants: 8, startsAt, title: "Free prizes at http://evil.example/t", location: "www.evil.example" })).id;
    const group = [
      { name: "Click http://evil.example/claim", email: uniqueEmail("victim") },
      { name: "Visit evil.example now", email: uniqueEmail("victim") },
    ];
    expect((await bookGroup(deps, booker, id, group)).ok).toBe(true);
    const sent = (await mails()).filter((m) => group.some((g) => g.email === m.to));
    expect(sent).toHaveLength(2);
    for (const m of sent) {
      for (const part of [m.subject, m.text, m.html ?? ""]) {
        expect(part).not.toMatch(/evil|Click|Visit|prizes/i);
        // Only our own site's address is a link.
        expect([...part.matchAll(/https?:\/\/[^\s"<]+/g)].map((x) => x[0])).toEqual(
          part === m.subject ? [] : expect.arrayContaining(["http://localhost:3000/en/invitations"]),
        );
      }
      expect(m.subject).toBe("A seat is reserved for you on Mesa");
    }
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

  it("an unverified account cannot book a group (its name is what the guests' mail carries)", async () => {
    const { deps, mails } = testDeps(now);
    const booker = await player("en", { verified: false });
    const id = await session(6);
    const group = guests(2);
    expect(await bookGroup(deps, booker, id, group)).toMatchObject({ ok: false, refusal: "emailNotVerified" });
    expect(await counter(id)).toBe(0);
    expect((await mails()).filter((m) => group.some((g) => g.email === m.to))).toHaveLength(0);
  });

  it("one active group per booker and session: N parallel bookings by one account, one holds seats (repeated rounds)", async () => {
    const { deps } = testDeps(now);
    for (let round = 0; round < 3; round += 1) {
      const booker = await player();
      const id = await session(20);
      const results = await Promise.all(Array.from({ length: 4 }, (_, i) => bookGroup(deps, booker, id, guests(5, `r${round}g${i}`))));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      for (const r of results.filter((x) => !x.ok)) expect(r).toMatchObject({ refusal: "groupExists" });
      expect(await counter(id)).toBe(5);
      // Sequentially too, and a paid or a free group alike: give the group up first.
      expect(await bookGroup(deps, booker, id, guests(1, `again${round}`))).toMatchObject({ ok: false, refusal: "groupExists" });
      expect(await cancelGroupSeats(deps, booker, id)).toEqual({ ok: true, cancelled: 5 });
      expect((await bookGroup(deps, booker, id, guests(1, `after${round}`))).ok).toBe(true);
    }
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

describe("invitations: accepting, declining, cancelling and leaving", () => {
  const seatOf = async (id: string, email: string) =>
    await getDb().selectFrom("group_seats").selectAll().where("session_id", "=", id).where("guest_email", "=", email).executeTakeFirstOrThrow();
  const bookingOf = (id: string, userId: string) =>
    getDb().selectFrom("bookings").select(["id", "status"]).where("session_id", "=", id).where("user_id", "=", userId).executeTakeFirst();

  it("signing in or verifying makes nothing the guest's booking: they are told once and see the invitation; accepting makes it theirs", async () => {
    const { deps } = testDeps(now);
    const booker = await player();
    const id = await session(4);
    const email = uniqueEmail("claimer");
    await bookGroup(deps, booker, id, [{ name: "Claimer", email }]);
    const guest = await player("en", { email, verified: false });
    // An unverified address sees and is told nothing.
    expect(await noticeInvitationsOf(deps, { userId: guest.id })).toBe(0);
    expect(await pendingInvitations(deps, guest)).toEqual([]);
    await getDb().updateTable("users").set({ email_verified_at: now }).where("id", "=", guest.id).execute();
    const verified = { ...guest, emailVerified: true };
    expect(await noticeInvitationsOf(deps, { userId: guest.id })).toBe(1);
    expect(await noticeInvitationsOf(deps, { userId: guest.id })).toBe(0);
    const bell = await getDb().selectFrom("notifications").select(["type", "action_url"]).where("user_id", "=", guest.id).execute();
    expect(bell).toEqual([{ type: "group_invitation", action_url: "/invitations" }]);
    expect(await bookingOf(id, guest.id)).toBeUndefined();
    expect((await seatOf(id, email)).status).toBe("HELD");
    const [invitation] = await pendingInvitations(deps, verified);
    expect(invitation).toMatchObject({ sessionId: id, title: "Mesa de grupo", bookerName: "Booker", seated: false });
    // Someone else (another account, the booker) cannot answer it.
    expect(await answerInvitation(deps, booker, invitation!.id, true)).toEqual({ ok: false, refusal: "notFound" });
    expect(await answerInvitation(deps, verified, invitation!.id, true)).toEqual({ ok: true, sessionId: id });
    expect(await bookingOf(id, guest.id)).toMatchObject({ status: "CONFIRMED" });
    expect(await seatOf(id, email)).toMatchObject({ status: "CLAIMED", claimed_by: guest.id });
    expect(await counter(id)).toBe(1);
    expect(await answerInvitation(deps, verified, invitation!.id, true)).toEqual({ ok: false, refusal: "notFound" });
    const told = await getDb().selectFrom("notifications").select("type").where("user_id", "=", booker.id).execute();
    expect(told.map((n) => n.type)).toContain("group_invitation_accepted");
    // Accepted seats are the guest's: the booker's cancel leaves them; the guest leaves the usual way.
    expect(await cancelGroupSeats(deps, booker, id)).toMatchObject({ ok: false, refusal: "notFound" });
    expect(await leaveList(deps, verified, { sessionId: id, userId: guest.id, list: "bookings" })).toEqual({ ok: true });
    expect(await counter(id)).toBe(0);
  });

  it("declining gives the seat up, offers it to the line and tells the booker; a held seat is nobody's booking until accepted", async () => {
    const { deps } = testDeps(now);
    const booker = await player();
    const id = await session(2);
    const email = uniqueEmail("decliner");
    await bookGroup(deps, booker, id, [{ name: "Decliner", email }]);
    await bookSeat(id, (await createUser()).id);
    expect(await counter(id)).toBe(2);
    const guest = await player("en", { email });
    const [invitation] = await pendingInvitations(deps, guest);
    expect(await answerInvitation(deps, guest, invitation!.id, false)).toEqual({ ok: true, sessionId: id });
    expect(await seatOf(id, email)).toMatchObject({ status: "CANCELLED" });
    expect((await seatOf(id, email)).declined_at).not.toBeNull();
    expect(await counter(id)).toBe(1);
    expect(await bookingOf(id, guest.id)).toBeUndefined();
    expect(await pendingInvitations(deps, guest)).toEqual([]);
    const told = await getDb().selectFrom("notifications").select(["type", "action_url"]).where("user_id", "=", booker.id).execute();
    expect(told).toContainEqual({ type: "group_invitation_declined", action_url: `/session/${id}/group` });
    expect(await answerInvitation(deps, guest, invitation!.id, true)).toEqual({ ok: false, refusal: "notFound" });
  });

  it("a seat not accepted is nobody's booking: the host cannot mark a no-show on it and it counts in no record", async () => {
    const { deps, at } = testDeps(now);
    const booker = await player();
    const id = await session(4);
    const email = uniqueEmail("forced");
    await bookGroup(deps, booker, id, [{ name: "Forced", email }]);
    const guest = await player("en", { email });
    // Signing in tells them of it and books nothing.
    await noticeInvitationsOf(deps, { userId: guest.id });
    const host = (await getDb().selectFrom("sessions").select("dm_id").where("id", "=", id).executeTakeFirstOrThrow()).dm_id;
    const after = at(new Date(startsAt.getTime() + 6 * 3_600_000));
    const hostActor = { id: host, isAdmin: false };
    expect(await markAttendance(after, hostActor, id, [{ userId: guest.id, present: false }])).toEqual({ ok: true, marked: 0 });
    const sheet = await attendanceSheet(after, hostActor, id);
    expect(sheet.ok && sheet.seats).toEqual([]);
    expect((await reliabilityFor(after, guest.id))?.player).toMatchObject({ attended: 0, noShow: 0 });
    expect(await bookingOf(id, guest.id)).toBeUndefined();
  });

  it("after the start an invitation can no longer be answered", async () => {
    const { deps, at } = testDeps(now);
    const booker = await player();
    const id = await session(4);
    const email = uniqueEmail("late");
    await bookGroup(deps, booker, id, [{ name: "Late", email }]);
    const guest = await player("en", { email });
    const [invitation] = await pendingInvitations(deps, guest);
    expect(await answerInvitation(at(new Date(startsAt.getTime() + 60_000)), guest, invitation!.id, true)).toEqual({ ok: false, refusal: "closed" });
    expect(await bookingOf(id, guest.id)).toBeUndefined();
  });

  it("signing in through the login form makes nothing a booking; the invitations page accepts and declines without JavaScript", async () => {
    const { deps } = testDeps(now);
    const booker = await player();
    const id = await session(4);
    const other = await session(4);
    const guest = await signedInUser({ email: uniqueEmail("signin") });
    await bookGroup(deps, booker, id, [{ name: "Signs In", email: guest.email }]);
    await bookGroup(deps, booker, other, [{ name: "Signs In", email: guest.email }]);
    const signedIn = await run(
      loginAction,
      form(`${base}/es/login`, { email: guest.email, password: guest.password }, { "x-client-ip": "198.18.9.1" }),
      { lang: "es" },
      context,
    );
    expect(signedIn.status).toBe(302);
    expect(await bookingOf(id, guest.id)).toBeUndefined();
    expect(await counter(id)).toBe(1);
    const types = await getDb().selectFrom("notifications").select("type").where("user_id", "=", guest.id).execute();
    expect(types.filter((n) => n.type === "group_invitation")).toHaveLength(2);
    const url = `${base}/es/invitations`;
    const page = await run(invitationsLoader, new Request(url, { headers: { Cookie: guest.cookie } }), { lang: "es" }, context);
    const list = (page.data as { invitations: { id: string; sessionId: string }[] }).invitations;
    expect(list.map((i) => i.sessionId).sort()).toEqual([id, other].sort());
    const seatIn = (sid: string) => list.find((i) => i.sessionId === sid)!.id;
    const accepted = await run(invitationsAction, form(url, { intent: "accept", seatId: seatIn(id) }, { Cookie: guest.cookie }), { lang: "es" }, context);
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe(`/es/session/${id}`);
    expect(await bookingOf(id, guest.id)).toMatchObject({ status: "CONFIRMED" });
    const declined = await run(invitationsAction, form(url, { intent: "decline", seatId: seatIn(other) }, { Cookie: guest.cookie }), { lang: "es" }, context);
    expect(declined.status).toBe(302);
    expect(await bookingOf(other, guest.id)).toBeUndefined();
    expect(await counter(other)).toBe(0);
    // A seat id that is not theirs, or not a uuid, is refused with a message, never a 500.
    const bad = await run(invitationsAction, form(url, { intent: "accept", seatId: "nope" }, { Cookie: guest.cookie }), { lang: "es" }, context);
    expect(bad.status).toBe(302);
  });

  it("a guest accepting while the booker gives the seats up: one or the other, never both (repeated rounds)", async () => {
    const { deps } = testDeps(now);
    for (let round = 0; round < 5; round += 1) {
      const booker = await player();
      const id = await session(4);
      const email = uniqueEmail(`race${round}`);
      await bookGroup(deps, booker, id, [{ name: "Racer", email }]);
      const guest = await player("en", { email });
      const [invitation] = await pendingInvitations(deps, guest);
      const [accepted, cancelled] = await Promise.all([answerInvitation(deps, guest, invitation!.id, true), cancelGroupSeats(deps, booker, id)]);
      expect([accepted.ok, cancelled.ok].filter(Boolean)).toHaveLength(1);
      expect(await counter(id)).toBe(accepted.ok ? 1 : 0);
    }
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
    // One group per booker and session.
    const again = await api(id, booker, { guests: guests(1) });
    expect(again.status).toBe(409);
    expect((again.data as { error: string }).error).toContain("Você já tem um grupo nesta sessão");
    const full = await api(id, await signedInUser({ preferredLanguage: "pt" }), { guests: guests(3) });
    expect(full.status).toBe(409);
    expect((full.data as { error: string }).error).toContain("vagas restantes: 2");
    expect(await counter(id)).toBe(2);
  });
});

describe("a group booking does not tell whether an address holds a seat", () => {
  const shape = (reply: { status: number; data: unknown }, emails: string[]) =>
    JSON.stringify({ status: reply.status, data: reply.data })
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, "<id>")
      .replaceAll(emails[0]!, "<guest>")
      .replaceAll(emails[1]!, "<guest>");

  it("a seated address and a fresh one get the same answer (status and body)", async () => {
    const seated = await createUser();
    const fresh = uniqueEmail("fresh");
    const id = await session(8);
    await bookSeat(id, seated.id);
    const [a, b] = [await signedInUser(), await signedInUser()];
    const one = await api(id, a, { guests: [{ name: "Guest", email: seated.email }] });
    const two = await api(id, b, { guests: [{ name: "Guest", email: fresh }] });
    expect(shape(one, [seated.email, fresh])).toBe(shape(two, [seated.email, fresh]));
    expect(one.status).toBe(201);
    // The page answers alike too: the same redirect and toast.
    const page = async (as: SignedInUser, email: string) => {
      const other = await session(8);
      if (email === seated.email) await bookSeat(other, seated.id);
      const reply = await run(
        groupAction,
        form(`${base}/en/session/${other}/group`, rowsOf([{ name: "Guest", email }]), { Cookie: as.cookie }),
        { lang: "en", id: other },
        context,
      );
      return { status: reply.status, location: reply.headers.get("Location")?.replace(other, "<id>") ?? null, data: reply.data ?? null };
    };
    expect(await page(a, seated.email)).toEqual(await page(b, uniqueEmail("fresh")));
    // An address another group already invited is held again without an error (the guest accepts one).
    const c = await signedInUser();
    const twice = await api(id, c, { guests: [{ name: "Guest", email: fresh }] });
    expect(twice.status).toBe(201);
    expect(await counter(id)).toBe(4);
  });

  it("mails only the addresses that hold no seat there yet", async () => {
    const { deps, mails } = testDeps(now);
    const seated = await createUser();
    const fresh = uniqueEmail("fresh");
    const id = await session(8);
    await bookSeat(id, seated.id);
    const first = await bookGroup(deps, await player(), id, [
      { name: "Seated", email: seated.email },
      { name: "Fresh", email: fresh },
    ]);
    expect(first.ok).toBe(true);
    expect((await bookGroup(deps, await player(), id, [{ name: "Again", email: fresh }])).ok).toBe(true);
    const to = (await mails()).map((m) => m.to);
    expect(to.filter((x) => x === fresh)).toHaveLength(1);
    expect(to).not.toContain(seated.email);
  });
});

describe("group bookings per account", () => {
  it("a sixth group in a day is refused with 429 and a wait; refused bookings cost nothing", async () => {
    const booker = await signedInUser();
    const bad = await api(await session(4), booker, { guests: [{ name: "", email: "x" }] });
    expect(bad.status).toBe(400);
    for (let i = 0; i < 5; i += 1) expect((await api(await session(4), booker, { guests: guests(1, `day${i}`) })).status).toBe(201);
    const sixth = await api(await session(4), booker, { guests: guests(1, "sixth") });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});
