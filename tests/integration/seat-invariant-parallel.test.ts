import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { decideFreeSeat } from "../../app/modules/bookings/bookings.server";
import { enrolSubscribers } from "../../app/modules/bookings/repo.server";
import { bookGroup } from "../../app/modules/groups/groups.server";
import { registerGroup } from "../../app/modules/payments/group-payments.server";
import { getDb } from "../../db/client.server";
import { createSession } from "../fixtures/sessions";
import { createUser, uniqueEmail } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { payTestDeps } from "./pay-fixtures";

// The seat invariant under parallel group bookings and subscription enrolment (decision record
// 073): the seats taken never pass the capacity, the counter matches what holds a seat, and one
// person holds at most one active seat per session.

useTestDatabase();

const now = new Date("2026-10-20T12:00:00Z");
const startsAt = new Date("2026-11-01T20:00:00Z");

async function requester(): Promise<Requester> {
  const u = await createUser();
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
    preferredLanguage: "es",
    timeZone: "UTC",
    loginSessionId: null,
  };
}

const guests = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Guest ${i + 1}`, email: uniqueEmail(`par${i}`) }));

/** What the invariant reads: capacity, the counter, the seats that count, and people with more than one active seat. */
async function seatState(sessionId: string) {
  const { rows } = await sql<{ capacity: number; counter: number; taken: number; doubled: number }>`select
      s.max_participants as capacity, s.booked_count as counter, session_seats_taken(s.id) as taken,
      (select count(*)::int from (select user_id from bookings where session_id = s.id and status in ('PENDING_PAYMENT', 'CONFIRMED')
                                   group by user_id having count(*) > 1) d) as doubled
    from sessions s where s.id = ${sessionId}`.execute(getDb());
  return rows[0]!;
}

function expectInvariant(state: Awaited<ReturnType<typeof seatState>>) {
  expect(state.counter).toBe(state.taken);
  expect(state.taken).toBeLessThanOrEqual(state.capacity);
  expect(state.doubled).toBe(0);
}

describe("the seat invariant under parallel seat paths", () => {
  it("free groups, single seats and one booker's repeated groups racing for one session (repeated rounds)", async () => {
    const { deps } = payTestDeps(now);
    for (let round = 0; round < 3; round += 1) {
      const { id } = await createSession({ maxParticipants: 7, startsAt });
      const bookers = await Promise.all(Array.from({ length: 4 }, () => requester()));
      const singles = await Promise.all(Array.from({ length: 4 }, () => requester()));
      const asks = [
        ...bookers.map((b, i) => () => bookGroup(deps, b, id, guests(1 + ((i + round) % 4)))),
        // The same booker twice at once: one group at most.
        () => bookGroup(deps, bookers[0]!, id, guests(2)),
        ...singles.map((p) => () => decideFreeSeat(deps, p, { sessionId: id })),
        // A single seat asked twice at once by one player: one seat at most.
        () => decideFreeSeat(deps, singles[0]!, { sessionId: id }),
      ];
      const results = await Promise.all(asks.map((ask) => ask()));
      expect(results.some((r) => r.ok)).toBe(true);
      expectInvariant(await seatState(id));
      const groups = await getDb()
        .selectFrom("group_seats")
        .select((eb) => ["booker_id", eb.fn.countAll<string>().as("n")])
        .where("session_id", "=", id)
        .where("status", "=", "HELD")
        .groupBy("booker_id")
        .execute();
      // Each booker's group is whole, of a size they asked for, or absent: never two groups, never a part of one.
      for (const g of groups) {
        const i = bookers.findIndex((b) => b.id === g.booker_id);
        const asked = [1 + ((i + round) % 4), ...(i === 0 ? [2] : [])];
        expect(asked).toContain(Number(g.n));
      }
    }
  });

  it("paid groups racing for the last seats: each is whole or absent, never past the capacity (repeated rounds)", async () => {
    const { deps } = payTestDeps(now);
    for (let round = 0; round < 3; round += 1) {
      const { id } = await createSession({ maxParticipants: 6, startsAt, priceCents: 25000, paymentMethods: ["CARD"] });
      const bookers = await Promise.all(Array.from({ length: 4 }, () => requester()));
      const results = await Promise.all(bookers.map((b) => registerGroup(deps, b, id, { guests: guests(2), lang: "es" })));
      expect(results.filter((r) => r.ok)).toHaveLength(2);
      expectInvariant(await seatState(id));
    }
  });

  it("enrolment of many subscribers at once, beside their own single bookings, keeps one seat each and the capacity (repeated rounds)", async () => {
    const { deps } = payTestDeps(now);
    for (let round = 0; round < 3; round += 1) {
      const host = await createUser({ role: "dm" });
      const { rows } = await sql<{ id: string }>`insert into series (dm_id, title, game, frequency, day_of_week, time_of_day, time_zone,
          duration_minutes, max_participants, min_participants, start_date, status, booking_lock_hours)
        values (${host.id}, 'Serie', 'D&D 5e', 'WEEKLY', 0, '19:00', 'UTC', 120, 4, 1, ${now}, 'ACTIVE', 1) returning id`.execute(getDb());
      const seriesId = rows[0]!.id;
      const { id } = await createSession({ host: host.id, maxParticipants: 4, startsAt, seriesId });
      const players = await Promise.all(Array.from({ length: 7 }, () => requester()));
      await getDb()
        .insertInto("series_subscriptions")
        .values(players.map((p) => ({ series_id: seriesId, user_id: p.id, status: "ACTIVE", subscribed_at: now, cancelled_at: null })))
        .execute();
      await Promise.all([
        enrolSubscribers(getDb(), id, now),
        enrolSubscribers(getDb(), id, now),
        ...players.map((p) => enrolSubscribers(getDb(), id, now, p.id)),
        ...players.slice(0, 3).map((p) => decideFreeSeat(deps, p, { sessionId: id, waitlistIfFull: true })),
      ]);
      const state = await seatState(id);
      expectInvariant(state);
      expect(state.taken).toBe(4);
      // Nobody both holds a seat and waits in the line, and everyone else waits once.
      const { rows: both } = await sql<{ n: number }>`select count(*)::int as n from waitlist_entries w
        where w.session_id = ${id} and exists (select 1 from bookings b where b.session_id = w.session_id and b.user_id = w.user_id
                                                and b.status in ('PENDING_PAYMENT', 'CONFIRMED'))`.execute(getDb());
      expect(both[0]!.n).toBe(0);
      const waiting = await getDb().selectFrom("waitlist_entries").select("user_id").where("session_id", "=", id).execute();
      expect(waiting).toHaveLength(3);
    }
  });
});
