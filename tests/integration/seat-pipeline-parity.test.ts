import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { decideFreeSeat } from "../../app/modules/bookings/bookings.server";
import { enrolSubscribers } from "../../app/modules/bookings/repo.server";
import { MAX_UNPAID_HOLDS } from "../../app/modules/bookings/rules";
import { type SeatAsk, seatRefusal } from "../../app/modules/bookings/seat-rule";
import { offerOpenSeats } from "../../app/modules/bookings/waitlist.server";
import { asGroupRefusal, bookGroup } from "../../app/modules/groups/groups.server";
import { answerInvitation, asInvitationRefusal } from "../../app/modules/groups/invitations.server";
import { insertHeldSeats } from "../../app/modules/groups/repo.server";
import { insertInvite } from "../../app/modules/invites/repo.server";
import { registerGroup } from "../../app/modules/payments/group-payments.server";
import { holdPaidSeat } from "../../app/modules/payments/holds.server";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession, joinLine } from "../fixtures/sessions";
import { createUser, uniqueEmail } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { payTestDeps } from "./pay-fixtures";

// One table of cases (decision record 073): seekers × sessions, asked of the seat rule and of every
// seat path (single free or paid seat, group, a guest's claim, a waitlist offer, a subscription's
// enrolment), the SQL functions included. Every path must answer as seatRefusal does.

useTestDatabase();

const now = new Date("2026-10-20T12:00:00Z");
const future = new Date("2026-11-01T20:00:00Z");
const HOUR = 3_600_000;

type SeekerKind = "verified" | "unverified" | "banned" | "host" | "atHoldCap" | "booked" | "waiting";
type SessionCase = { name: string; priceCents: number; isPrivate?: boolean; code?: "valid" | "invalid"; full?: boolean; status?: string; started?: boolean };

const SEEKERS: SeekerKind[] = ["verified", "unverified", "banned", "host", "atHoldCap", "booked", "waiting"];
const SESSIONS: SessionCase[] = [
  { name: "free", priceCents: 0 },
  { name: "paid", priceCents: 25000 },
  { name: "free private without a code", priceCents: 0, isPrivate: true },
  { name: "free private with a valid code", priceCents: 0, isPrivate: true, code: "valid" },
  { name: "paid private with a valid code", priceCents: 25000, isPrivate: true, code: "valid" },
  { name: "paid private with an invalid code", priceCents: 25000, isPrivate: true, code: "invalid" },
  { name: "free and full", priceCents: 0, full: true },
  { name: "paid and full", priceCents: 25000, full: true },
  { name: "free, started", priceCents: 0, started: true },
  { name: "paid, cancelled", priceCents: 25000, status: "CANCELLED" },
  { name: "free, in progress", priceCents: 0, status: "IN_PROGRESS" },
];
const CASES = SESSIONS.flatMap((sc) => SEEKERS.map((kind) => ({ kind, sc })));
const CAPACITY = 2;

type Arranged = { sessionId: string; hostId: string; seeker: Requester; startsAt: Date; typed: { inviteCode?: string; address: string } };

/** The case in the database: the host, the seeker as the case says, the session (2 seats), its code. */
async function arrange(kind: SeekerKind, sc: SessionCase, options: { fill?: boolean; seriesId?: string } = {}): Promise<Arranged> {
  const host = await createUser({ role: "dm" });
  const user = kind === "host" ? host : await createUser({ verified: kind !== "unverified" });
  if (kind === "banned") await getDb().updateTable("users").set({ banned_at: now }).where("id", "=", user.id).execute();
  const startsAt = sc.started ? new Date(now.getTime() - HOUR) : future;
  const s = await createSession({
    host: host.id,
    maxParticipants: CAPACITY,
    startsAt,
    priceCents: sc.priceCents,
    paymentMethods: ["CARD"],
    isPrivate: sc.isPrivate ?? false,
    status: sc.status ?? "UPCOMING",
    seriesId: options.seriesId ?? null,
  });
  if (kind === "booked") await bookSeat(s.id, user.id);
  if (kind === "waiting") await joinLine(s.id, user.id, now);
  if (kind === "atHoldCap")
    for (let i = 0; i < MAX_UNPAID_HOLDS; i += 1) {
      const other = await createSession({ maxParticipants: 4, startsAt: future, priceCents: 25000 });
      await bookSeat(other.id, user.id, { status: "PENDING_PAYMENT", paymentMethod: "CARD", amountCents: 25000, holdUntil: new Date(future.getTime()) });
    }
  const fill = options.fill ?? sc.full ?? false;
  const taken = kind === "booked" ? 1 : 0;
  if (fill) for (let i = taken; i < CAPACITY; i += 1) await bookSeat(s.id, (await createUser()).id);
  let inviteCode: string | undefined;
  if (sc.code) {
    const code = `PAR${Math.random().toString(36).slice(2, 10).toUpperCase()}`;
    await insertInvite(getDb(), {
      session_id: s.id,
      code,
      type: "access",
      max_uses: 10,
      expires_at: null,
      created_by: host.id,
      created_at: now,
      discount_percent: null,
    });
    inviteCode = sc.code === "valid" ? code : "WRONGCODE1";
  }
  const seeker: Requester = {
    id: user.id,
    email: user.email,
    emailVerified: kind !== "unverified",
    displayName: user.displayName,
    firstName: "Ana",
    lastName: "Robles",
    roles: user.roles,
    isDm: kind === "host",
    isAdmin: false,
    preferredLanguage: "es",
    timeZone: "UTC",
    loginSessionId: null,
  };
  return { sessionId: s.id, hostId: host.id, seeker, startsAt, typed: { inviteCode, address: "203.0.113.9" } };
}

/** The rule's answer for the case, from the case's own description (not from what a path read). */
function ruled(
  ask: SeatAsk,
  kind: SeekerKind,
  sc: SessionCase,
  a: Arranged,
  over: { seats?: number; code?: boolean; booked?: number; waiting?: boolean; lockHours?: number } = {},
) {
  const seeker = { id: a.seeker.id, isAdmin: false, emailVerified: kind !== "unverified", banned: kind === "banned" };
  const session = {
    status: sc.status ?? "UPCOMING",
    starts_at: a.startsAt,
    booking_lock_hours: over.lockHours ?? null,
    dm_id: a.hostId,
    is_private: sc.isPrivate ?? false,
    price_cents: sc.priceCents,
    max_participants: CAPACITY,
    booked_count: over.booked ?? (sc.full ? CAPACITY : kind === "booked" ? 1 : 0),
  };
  const standing = {
    booked: kind === "booked",
    waiting: over.waiting ?? kind === "waiting",
    heldForOthers: 0,
    unpaidHolds: kind === "atHoldCap" ? MAX_UNPAID_HOLDS : 0,
    seats: over.seats ?? 1,
  };
  const withCode = over.code ?? true;
  const invite =
    !withCode || !sc.code ? null : sc.code === "valid" ? { ok: true as const, type: "access" } : { ok: false as const, problem: "invalid" as const };
  return seatRefusal(ask, seeker, session, standing, invite, now);
}

const label = ({ kind, sc }: { kind: SeekerKind; sc: SessionCase }) => `${kind} seeker, ${sc.name} session`;

/** Every case where a path and the rule disagree, so a failure names them all at once. */
function disagreements() {
  const found: string[] = [];
  return {
    check: (c: { kind: SeekerKind; sc: SessionCase }, path: unknown, rule: unknown) => {
      if (path !== rule) found.push(`${label(c)}: the path says ${String(path)}, the rule ${String(rule)}`);
    },
    found,
  };
}

describe("one seat rule for every path (decision record 073)", () => {
  it("a single seat (free: take_free_seat; paid: the paid hold) answers as seatRefusal", async () => {
    const { deps } = payTestDeps(now);
    const cases = disagreements();
    for (const c of CASES) {
      const a = await arrange(c.kind, c.sc);
      const paid = c.sc.priceCents > 0;
      const result = paid
        ? await holdPaidSeat(deps, a.seeker, { sessionId: a.sessionId, method: "CARD", provider: deps.payments.provider, ...a.typed })
        : await decideFreeSeat(deps, a.seeker, { sessionId: a.sessionId, ...a.typed });
      const expected = ruled(paid ? "paidSeat" : "freeSeat", c.kind, c.sc, a);
      cases.check(c, result.ok ? null : result.refusal, expected);
    }
    expect(cases.found).toEqual([]);
  });

  it("a group of one guest (free: held seats; paid: the booker's and the guest's) answers as seatRefusal for all its seats", async () => {
    const { deps } = payTestDeps(now);
    const cases = disagreements();
    for (const c of CASES) {
      const a = await arrange(c.kind, c.sc);
      const paid = c.sc.priceCents > 0;
      const guests = [{ name: "Guest", email: uniqueEmail("guest") }];
      const result = paid ? await registerGroup(deps, a.seeker, a.sessionId, { guests, lang: "es" }) : await bookGroup(deps, a.seeker, a.sessionId, guests);
      // A group takes no code: a private session's group needs the booker's own way in.
      const rule = paid ? ruled("paidSeat", c.kind, c.sc, a, { seats: 2, code: false }) : ruled("groupSeats", c.kind, c.sc, a, { code: false });
      cases.check(c, result.ok ? null : result.refusal, rule === null ? null : asGroupRefusal(rule));
    }
    expect(cases.found).toEqual([]);
  });

  it("a guest's claim of the seat held for them answers as seatRefusal", async () => {
    const { deps } = payTestDeps(now);
    const cases = disagreements();
    for (const c of CASES.filter((x) => !x.sc.full)) {
      const a = await arrange(c.kind, c.sc);
      const booker = await createUser();
      const [seat] = await insertHeldSeats(getDb(), { sessionId: a.sessionId, bookerId: booker.id, guests: [{ name: "Guest", email: a.seeker.email }], now });
      const result = await answerInvitation(deps, a.seeker, seat!.id, true);
      // A claim takes no code: the held seat is the invitation.
      const rule = ruled("claimSeat", c.kind, c.sc, a, { code: false });
      cases.check(c, result.ok ? null : result.refusal, rule === null ? null : asInvitationRefusal(rule));
    }
    expect(cases.found).toEqual([]);
  });

  it("a waitlist offer (offer_free_seats) goes to exactly those seatRefusal lets take the freed seat", async () => {
    const { deps } = payTestDeps(now);
    const cases = disagreements();
    for (const c of CASES.filter((x) => !x.sc.full && x.kind !== "host" && x.kind !== "booked")) {
      const a = await arrange(c.kind, c.sc, { fill: true });
      if (c.kind !== "waiting") await joinLine(a.sessionId, a.seeker.id, now);
      const other = await getDb().selectFrom("bookings").select("id").where("session_id", "=", a.sessionId).limit(1).executeTakeFirstOrThrow();
      await getDb().updateTable("bookings").set({ status: "CANCELLED", updated_at: now }).where("id", "=", other.id).execute();
      await offerOpenSeats(deps, a.sessionId);
      const entry = await getDb()
        .selectFrom("waitlist_entries")
        .select("offer_expires_at")
        .where("session_id", "=", a.sessionId)
        .where("user_id", "=", a.seeker.id)
        .executeTakeFirstOrThrow();
      // The line was entered with the session's code when it needed one; the offered seat is the one just freed.
      const rule = ruled(c.sc.priceCents > 0 ? "paidSeat" : "freeSeat", c.kind, c.sc, a, { booked: CAPACITY - 1, waiting: true, code: false });
      cases.check(c, entry.offer_expires_at !== null, rule === null);
    }
    expect(cases.found).toEqual([]);
  });

  it("a subscription's enrolment (enrol_subscribers) seats, lines up or leaves out exactly as seatRefusal says", async () => {
    const cases = disagreements();
    for (const c of CASES.filter((x) => x.kind !== "waiting")) {
      const host = await createUser({ role: "dm" });
      const { rows } = await sql<{ id: string }>`insert into series (dm_id, title, game, frequency, day_of_week, time_of_day, time_zone,
          duration_minutes, max_participants, min_participants, start_date, price_cents, status, booking_lock_hours)
        values (${host.id}, 'Serie', 'D&D 5e', 'WEEKLY', 0, '19:00', 'UTC', 120, ${CAPACITY}, 1, ${now}, ${c.sc.priceCents}, 'ACTIVE', 1)
        returning id`.execute(getDb());
      const a = await arrange(c.kind, c.sc, { seriesId: rows[0]!.id });
      await getDb().updateTable("sessions").set({ dm_id: host.id }).where("id", "=", a.sessionId).execute();
      if (c.kind === "host") await getDb().updateTable("sessions").set({ dm_id: a.seeker.id }).where("id", "=", a.sessionId).execute();
      const hostId = c.kind === "host" ? a.seeker.id : host.id;
      await getDb()
        .insertInto("series_subscriptions")
        .values({ series_id: rows[0]!.id, user_id: a.seeker.id, status: "ACTIVE", subscribed_at: now, cancelled_at: null })
        .execute();
      const given = await enrolSubscribers(getDb(), a.sessionId, now, a.seeker.id);
      const observed = given[0]?.outcome ?? "nothing";
      // The subscription let them in (no code); its seats stay outside the unpaid-hold cap (decision record 051).
      const rule = ruled(
        c.sc.priceCents > 0 ? "paidSeat" : "freeSeat",
        c.kind === "atHoldCap" ? "verified" : c.kind,
        c.sc,
        { ...a, hostId },
        { waiting: true, code: false },
      );
      cases.check(c, observed, rule === null ? "seated" : rule === "sessionFull" ? "waiting" : "nothing");
    }
    expect(cases.found).toEqual([]);
  });
});
