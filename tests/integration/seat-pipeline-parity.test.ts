import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { decideFreeSeat } from "../../app/modules/bookings/bookings.server";
import { enrolSubscribers } from "../../app/modules/bookings/repo.server";
import { OFFER_HOURS } from "../../app/modules/bookings/rules";
import { offerOpenSeats } from "../../app/modules/bookings/waitlist.server";
import { asGroupRefusal, bookGroup } from "../../app/modules/groups/groups.server";
import { answerInvitation, asInvitationRefusal } from "../../app/modules/groups/invitations.server";
import { insertHeldSeats } from "../../app/modules/groups/repo.server";
import { registerGroup } from "../../app/modules/payments/group-payments.server";
import { holdPaidSeat } from "../../app/modules/payments/holds.server";
import { oxxoAvailability } from "../../app/modules/payments/rules";
import { getDb } from "../../db/client.server";
import { joinLine } from "../fixtures/sessions";
import { createUser, uniqueEmail } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { payTestDeps } from "./pay-fixtures";
import { arrange, BEFORE_THE_OXXO_WINDOW, CAPACITY, CASES, disagreements, HOUR, now, payable, ruled } from "./seat-parity-cases";

// One table of cases (decision record 073): seekers × sessions, asked of the seat rule and of every
// seat path (single free or paid seat, an OXXO hold, group, a guest's claim, a waitlist offer, a
// subscription's enrolment), the SQL functions included. Every path must answer as seatRefusal does.

useTestDatabase();

describe("one seat rule for every path (decision record 073)", () => {
  it("a single seat (free: take_free_seat; paid: the paid hold) answers as seatRefusal", async () => {
    const { deps } = payTestDeps(now);
    const cases = disagreements();
    let discounted = 0;
    for (const c of CASES) {
      const a = await arrange(c.kind, c.sc);
      // A free code makes the seat free: the player takes it the free way.
      const paid = payable(c.sc) > 0;
      const result = paid
        ? await holdPaidSeat(deps, a.seeker, { sessionId: a.sessionId, method: "CARD", provider: deps.payments.provider, ...a.typed })
        : await decideFreeSeat(deps, a.seeker, { sessionId: a.sessionId, ...a.typed });
      const expected = ruled(paid ? "paidSeat" : "freeSeat", c.kind, c.sc, a);
      cases.check(c, result.ok ? null : result.refusal, expected);
      // A discount lowers the price and keeps the seat a paid one (50% of the session's price).
      if (result.ok && c.sc.codeType === "discount") {
        const held = await getDb()
          .selectFrom("bookings")
          .select("amount_cents")
          .where("session_id", "=", a.sessionId)
          .where("user_id", "=", a.seeker.id)
          .executeTakeFirstOrThrow();
        cases.check({ ...c, sc: { ...c.sc, name: `${c.sc.name} (amount)` } }, held.amount_cents, c.sc.priceCents / 2);
        discounted += 1;
      }
    }
    expect(cases.found).toEqual([]);
    expect(discounted).toBeGreaterThan(0);
  });

  it("a paid seat held for an OXXO voucher answers as the card hold, after the session's own gate and the OXXO window", async () => {
    const { deps } = payTestDeps(now);
    const cases = disagreements();
    const windows = ["offered", "notOffered", "tooClose"] as const;
    const answered = new Set<string>();
    for (const c of CASES.filter((x) => payable(x.sc) > 0))
      for (const window of windows) {
        const arranged = await arrange(c.kind, c.sc, { oxxo: window !== "notOffered" });
        // Too close: a day and a bit ahead, inside the session's notice for vouchers (48 hours at least).
        const moved = window === "tooClose" && !c.sc.started && c.sc.lockHours === undefined;
        const a = moved ? { ...arranged, startsAt: new Date(now.getTime() + 30 * HOUR) } : arranged;
        if (moved) await getDb().updateTable("sessions").set({ starts_at: a.startsAt }).where("id", "=", a.sessionId).execute();
        const terms = await getDb()
          .selectFrom("sessions")
          .select(["currency", "allowed_payment_methods", "starts_at", "min_advance_booking_hours"])
          .where("id", "=", a.sessionId)
          .executeTakeFirstOrThrow();
        const oxxo = oxxoAvailability(terms, now);
        const result = await holdPaidSeat(deps, a.seeker, { sessionId: a.sessionId, method: "OXXO", provider: deps.payments.provider, ...a.typed });
        const rule = ruled("paidSeat", c.kind, c.sc, a);
        // Before the window: a typed code is screened, the session's own gate, and a seat the player already holds.
        const first = rule !== null && BEFORE_THE_OXXO_WINDOW.includes(rule);
        const expected = first ? rule : oxxo === "hidden" ? "oxxoNotOffered" : oxxo === "tooClose" ? "oxxoTooClose" : rule;
        cases.check({ ...c, sc: { ...c.sc, name: `${c.sc.name} (OXXO ${window})` } }, result.ok ? null : result.refusal, expected);
        answered.add(result.ok ? "held" : result.refusal);
      }
    expect(cases.found).toEqual([]);
    // The table reaches both of the OXXO window's own refusals and a voucher that is held.
    expect([...answered]).toEqual(expect.arrayContaining(["oxxoNotOffered", "oxxoTooClose", "held"]));
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
        values (${host.id}, 'Serie', 'D&D 5e', 'WEEKLY', 0, '19:00', 'UTC', 120, ${CAPACITY}, 1, ${now}, ${c.sc.priceCents}, 'ACTIVE', ${c.sc.lockHours ?? 1})
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
      // A subscriber's paid seat is due one offer before bookings close (decision record 051): enrolment stops there.
      const lockHours = c.sc.lockHours === undefined ? undefined : c.sc.lockHours + (c.sc.priceCents > 0 ? OFFER_HOURS : 0);
      const rule = ruled(
        c.sc.priceCents > 0 ? "paidSeat" : "freeSeat",
        c.kind === "atHoldCap" ? "verified" : c.kind,
        c.sc,
        { ...a, hostId },
        { waiting: true, code: false, lockHours },
      );
      cases.check(c, observed, rule === null ? "seated" : rule === "sessionFull" ? "waiting" : "nothing");
    }
    expect(cases.found).toEqual([]);
  });
});
