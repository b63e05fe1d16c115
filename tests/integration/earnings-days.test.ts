import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { deskFacts } from "../../app/modules/earnings/repo.server";
import { LINE_STATES } from "../../app/modules/earnings/rules";
import { getDb } from "../../db/client.server";
import { insertSeries } from "../fixtures/series";
import { bookSeat, createSession } from "../fixtures/sessions";
import { createUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";

// The per-day sums of migration create_earnings_days (per DM, UTC day, campaign, currency and
// state), kept by a trigger on payments, against the lines they sum: after payments are made, paid later, refunded, disputed and deleted, in any order
// and at once, and for spans that start and end mid-day in any time zone.

useTestDatabase();

const HOUR = 3_600_000;
const db = () => getDb();

/** A generator of the same numbers on every run: the test explores many shapes, never a different one each day. */
function seeded(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function desk() {
  const dm = await createUser({ role: "dm" });
  const players = [await createUser(), await createUser(), await createUser()];
  const at = new Date("2026-10-01T00:00:00Z");
  const seriesId = (await insertSeries(dm.id, { title: "A campanha", price_cents: 4_000 })).id;
  const sessions = [
    await createSession({ host: dm.id, priceCents: 25_000, startsAt: new Date(at.getTime() + 40 * 24 * HOUR) }),
    await createSession({ host: dm.id, priceCents: 4_000, currency: "BRL", startsAt: new Date(at.getTime() + 41 * 24 * HOUR), seriesId }),
  ];
  return { dm, players, sessions, at, seriesId };
}

async function pay(dmId: string, sessionId: string, playerId: string, currency: string, at: Date, status: string) {
  const bookingId = await bookSeat(sessionId, playerId, { status: "CANCELLED", cancelled: { by: "PLAYER", at } });
  return (
    await db()
      .insertInto("payments")
      .values({
        booking_id: bookingId,
        session_id: sessionId,
        user_id: playerId,
        provider: "offline",
        method: "CARD",
        amount_cents: currency === "MXN" ? 25_000 : 4_000,
        currency,
        status,
        transfer_destination: `acct_offline_${dmId.replaceAll("-", "").slice(0, 24)}`,
        application_fee_cents: currency === "MXN" ? 2_500 : 400,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

/** The per-day sums as kept, and as they would be summed from the lines now. */
async function keptAndCounted(dmId: string) {
  const kept = await sql<Record<string, unknown>>`select day::text, series_id, currency, line_state, lines, gross::int8, fee::int8, refund::int8, net::int8
    from earnings_days where payee_id = ${dmId} order by 1, 2, 3, 4`.execute(db());
  const counted = await sql<Record<string, unknown>>`select (occurred_at at time zone 'UTC')::date::text as day, series_id, currency, line_state,
      count(*)::int as lines, sum(line_gross)::int8 as gross, sum(line_fee)::int8 as fee, sum(line_refund)::int8 as refund, sum(line_net)::int8 as net
    from payments where payee_id = ${dmId} and transfer_destination is not null and line_state is not null
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(db());
  return { kept: kept.rows, counted: counted.rows };
}

describe("the earnings desk's per-day sums", () => {
  it("follow every change of a line: made, paid a day later, refunded, disputed, declined, deleted", async () => {
    const { dm, players, sessions, at } = await desk();
    const random = seeded(7);
    const ids: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const session = sessions[i % 2]!;
      const made = new Date(at.getTime() + Math.floor(random() * 30 * 24) * HOUR);
      ids.push(await pay(dm.id, session.id, players[i % 3]!.id, i % 2 === 0 ? "MXN" : "BRL", made, i % 5 === 0 ? "processing" : "requires_payment_method"));
    }
    const steps: ((id: string) => Promise<unknown>)[] = [
      // Paid up to two days after it was made: the line moves to another day.
      (id) =>
        db()
          .updateTable("payments")
          .set({ status: "succeeded", updated_at: sql`created_at + interval '37 hours'` })
          .where("id", "=", id)
          .where("status", "in", ["processing", "requires_payment_method"])
          .execute(),
      (id) =>
        db()
          .updateTable("payments")
          .set({ status: "refunded", updated_at: sql`updated_at + interval '1 hour'` })
          .where("id", "=", id)
          .execute(),
      (id) => db().updateTable("payments").set({ dispute_status: "open" }).where("id", "=", id).where("status", "=", "succeeded").execute(),
      (id) => db().updateTable("payments").set({ dispute_status: "lost" }).where("id", "=", id).where("dispute_status", "=", "open").execute(),
      (id) =>
        db()
          .updateTable("payments")
          .set({ declined_at: sql`updated_at` })
          .where("id", "=", id)
          .where("status", "=", "requires_payment_method")
          .execute(),
      (id) => db().updateTable("payments").set({ application_fee_cents: 0 }).where("id", "=", id).execute(),
      (id) => db().deleteFrom("payments").where("id", "=", id).execute(),
    ];
    for (let round = 0; round < 120; round += 1) {
      await steps[Math.floor(random() * steps.length)]!(ids[Math.floor(random() * ids.length)]!);
    }
    const { kept, counted } = await keptAndCounted(dm.id);
    expect(counted.length).toBeGreaterThan(5);
    expect(counted.some((r) => r.series_id !== null) && counted.some((r) => r.series_id === null)).toBe(true);
    expect(kept).toEqual(counted);
  });

  it("stay exact when twenty lines of one day and campaign are paid and refunded at the same moment", async () => {
    const { dm, sessions, at } = await desk();
    const players = await Promise.all(Array.from({ length: 20 }, () => createUser()));
    const ids = [];
    for (const p of players) ids.push(await pay(dm.id, sessions[1]!.id, p.id, "BRL", at, "processing"));
    await Promise.all(ids.map((id) => db().updateTable("payments").set({ status: "succeeded" }).where("id", "=", id).execute()));
    await Promise.all(
      ids.map((id, i) =>
        db()
          .updateTable("payments")
          .set({ status: i % 2 ? "refunded" : "succeeded", dispute_status: i % 3 ? null : "open" })
          .where("id", "=", id)
          .execute(),
      ),
    );
    const { kept, counted } = await keptAndCounted(dm.id);
    expect(kept).toEqual(counted);
    expect(kept.reduce((n, r) => n + Number(r.lines), 0)).toBe(20);
  });

  it("sum any span, cut mid-day in any time zone, as its lines do", async () => {
    const { dm, players, sessions, at, seriesId } = await desk();
    const random = seeded(11);
    for (let i = 0; i < 60; i += 1) {
      const made = new Date(at.getTime() + Math.floor(random() * 20 * 24 * 60) * 60_000);
      await pay(dm.id, sessions[i % 2]!.id, players[i % 3]!.id, i % 2 === 0 ? "MXN" : "BRL", made, i % 4 === 0 ? "refunded" : "succeeded");
    }
    const spans: [Date, Date][] = [
      // A month in Mexico City, São Paulo and Kathmandu (+05:45), a day, an hour, a span inside one UTC day, and nothing.
      [new Date("2026-10-01T06:00:00Z"), new Date("2026-10-15T06:00:00Z")],
      [new Date("2026-10-03T03:00:00Z"), new Date("2026-10-17T03:00:00Z")],
      [new Date("2026-10-04T18:15:00Z"), new Date("2026-10-12T18:15:00Z")],
      [new Date("2026-10-05T06:00:00Z"), new Date("2026-10-06T06:00:00Z")],
      [new Date("2026-10-07T10:00:00Z"), new Date("2026-10-07T11:00:00Z")],
      [new Date("2026-10-08T00:00:00Z"), new Date("2026-10-10T00:00:00Z")],
      [new Date("2026-11-01T00:00:00Z"), new Date("2026-12-01T00:00:00Z")],
    ];
    const cutoffs = { MX: new Date(), BR: new Date(), other: new Date() };
    for (const [start, end] of spans) {
      const { rows } = await sql<{
        currency: string;
        line_state: string;
        lines: number;
        net: number;
      }>`select currency, line_state, count(*)::int as lines, sum(line_net)::int as net
        from payments where payee_id = ${dm.id} and transfer_destination is not null and line_state is not null and occurred_at >= ${start} and occurred_at < ${end}
        group by 1, 2`.execute(db());
      for (const state of LINE_STATES) {
        const facts = await deskFacts(db(), { dmId: dm.id, start, end, state }, { limit: 100, offset: 0 }, cutoffs, 1);
        const expected = rows.filter((r) => r.line_state === state).map((r) => ({ currency: r.currency, lines: r.lines, netCents: r.net }));
        expect(
          facts.totals.map((t) => ({ currency: t.currency, lines: t.lines, netCents: t.netCents })),
          `${state}, ${start.toISOString()}–${end.toISOString()}`,
        ).toEqual(expected.sort((a, b) => a.currency.localeCompare(b.currency)));
        expect(facts.lines.length).toBe(expected.reduce((n, r) => n + r.lines, 0));
      }
      // The campaign's (its sessions are the BRL ones): the same sums, under its title.
      const campaign = await deskFacts(db(), { dmId: dm.id, start, end, seriesId }, { limit: 100, offset: 0 }, cutoffs, 1);
      const brl = rows.filter((r) => r.currency === "BRL");
      const brlLines = brl.reduce((n, r) => n + r.lines, 0);
      expect(campaign.campaigns).toEqual(
        brlLines === 0
          ? []
          : [expect.objectContaining({ seriesId, title: "A campanha", currency: "BRL", lines: brlLines, netCents: brl.reduce((n, r) => n + r.net, 0) })],
      );
    }
  });
});
