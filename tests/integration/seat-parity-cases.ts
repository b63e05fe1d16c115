// The seat rule's table of cases (decision record 073): seekers × sessions, arranged in the
// database, and the rule's own answer for each. tests/integration/seat-pipeline-parity.test.ts asks
// every seat path the same cases.
import { sql } from "kysely";
import type { Requester } from "../../app/modules/auth/session.server";
import { MAX_UNPAID_HOLDS } from "../../app/modules/bookings/rules";
import { type SeatAsk, seatRefusal } from "../../app/modules/bookings/seat-rule";
import { insertInvite } from "../../app/modules/invites/repo.server";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession, joinLine } from "../fixtures/sessions";
import { createUser } from "../fixtures/users";

// One table of cases (decision record 073): seekers × sessions, asked of the seat rule and of every
// seat path (single free or paid seat, group, a guest's claim, a waitlist offer, a subscription's
// enrolment), the SQL functions included. Every path must answer as seatRefusal does.

export const now = new Date("2026-10-20T12:00:00Z");
export const future = new Date("2026-11-01T20:00:00Z");
export const HOUR = 3_600_000;

export type SeekerKind = "verified" | "unverified" | "banned" | "host" | "atHoldCap" | "booked" | "waiting";
export type SessionCase = {
  name: string;
  priceCents: number;
  isPrivate?: boolean;
  code?: "valid" | "invalid";
  /** What a valid code gives: a way in (access), the seat for nothing (free) or a price cut (discount). */
  codeType?: "access" | "free" | "discount";
  full?: boolean;
  status?: string;
  started?: boolean;
  /** In a series whose bookings close this many hours before each session, starting a day from now. */
  lockHours?: number;
};

export const SEEKERS: SeekerKind[] = ["verified", "unverified", "banned", "host", "atHoldCap", "booked", "waiting"];
export const SESSIONS: SessionCase[] = [
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
  { name: "paid private with a free code", priceCents: 25000, isPrivate: true, code: "valid", codeType: "free" },
  { name: "paid with a discount code", priceCents: 25000, code: "valid", codeType: "discount" },
  { name: "free, past its series' booking lock", priceCents: 0, lockHours: 48 },
  { name: "paid, past its series' booking lock", priceCents: 25000, lockHours: 48 },
  { name: "paid, before its series' booking lock", priceCents: 25000, lockHours: 12 },
];
export const CASES = SESSIONS.flatMap((sc) => SEEKERS.map((kind) => ({ kind, sc })));
export const CAPACITY = 2;

export type Arranged = { sessionId: string; hostId: string; seeker: Requester; startsAt: Date; typed: { inviteCode?: string; address: string } };

/** The case in the database: the host, the seeker as the case says, the session (2 seats), its code. */
export async function arrange(kind: SeekerKind, sc: SessionCase, options: { fill?: boolean; seriesId?: string; oxxo?: boolean } = {}): Promise<Arranged> {
  const host = await createUser({ role: "dm" });
  const user = kind === "host" ? host : await createUser({ verified: kind !== "unverified" });
  if (kind === "banned") await getDb().updateTable("users").set({ banned_at: now }).where("id", "=", user.id).execute();
  const startsAt = sc.started ? new Date(now.getTime() - HOUR) : sc.lockHours !== undefined ? new Date(now.getTime() + 24 * HOUR) : future;
  const seriesId = options.seriesId ?? (sc.lockHours !== undefined ? await insertSeries(host.id, sc.priceCents, sc.lockHours) : null);
  const s = await createSession({
    host: host.id,
    maxParticipants: CAPACITY,
    startsAt,
    priceCents: sc.priceCents,
    paymentMethods: options.oxxo ? ["CARD", "OXXO"] : ["CARD"],
    isPrivate: sc.isPrivate ?? false,
    status: sc.status ?? "UPCOMING",
    seriesId,
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
      type: sc.codeType ?? "access",
      max_uses: 10,
      expires_at: null,
      created_by: host.id,
      created_at: now,
      discount_percent: sc.codeType === "discount" ? 50 : null,
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

/** A running series of the host's whose bookings close `lockHours` before each session. */
export async function insertSeries(hostId: string, priceCents: number, lockHours: number) {
  const { rows } = await sql<{ id: string }>`insert into series (dm_id, title, game, frequency, day_of_week, time_of_day, time_zone,
      duration_minutes, max_participants, min_participants, start_date, price_cents, status, booking_lock_hours)
    values (${hostId}, 'Serie', 'D&D 5e', 'WEEKLY', 0, '19:00', 'UTC', 120, ${CAPACITY}, 1, ${now}, ${priceCents}, 'ACTIVE', ${lockHours})
    returning id`.execute(getDb());
  return rows[0]!.id;
}

/** The price the seeker is asked once a valid code is applied: a free code waives it. */
export const payable = (sc: SessionCase) => (sc.code === "valid" && sc.codeType === "free" ? 0 : sc.priceCents);

/** The rule's answer for the case, from the case's own description (not from what a path read). */
export function ruled(
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
    booking_lock_hours: over.lockHours ?? sc.lockHours ?? null,
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
    !withCode || !sc.code
      ? null
      : sc.code === "valid"
        ? { ok: true as const, type: sc.codeType ?? "access" }
        : { ok: false as const, problem: "invalid" as const };
  return seatRefusal(ask, seeker, session, standing, invite, now);
}

/** Refusals a paid hold gives before it looks at the OXXO window (payments/holds.server.ts holdPaidSeat). */
export const BEFORE_THE_OXXO_WINDOW: readonly string[] = [
  "inviteInvalid",
  "ownSession",
  "sessionCancelled",
  "sessionActive",
  "sessionCompleted",
  "bookingClosed",
  "alreadyBooked",
];

export const label = ({ kind, sc }: { kind: SeekerKind; sc: SessionCase }) => `${kind} seeker, ${sc.name} session`;

/** Every case where a path and the rule disagree, so a failure names them all at once. */
export function disagreements() {
  const found: string[] = [];
  return {
    check: (c: { kind: SeekerKind; sc: SessionCase }, path: unknown, rule: unknown) => {
      if (path !== rule) found.push(`${label(c)}: the path says ${String(path)}, the rule ${String(rule)}`);
    },
    found,
  };
}
