import { describe, expect, it } from "vitest";
import { earningsDesk } from "../../app/modules/earnings/earnings.server";
import { loader as deskLoader } from "../../app/routes/$lang.earnings._index/route";
import { loader as csvLoader } from "../../app/routes/$lang.earnings.csv";
import { loader as apiLoader } from "../../app/routes/api.earnings";
import { getDb } from "../../db/client.server";
import { insertSeries } from "../fixtures/series";
import { bookSeat, createSession } from "../fixtures/sessions";
import { createUser, loginCookie, requesterOf } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
type Line = {
  dm: string;
  session: string;
  player?: string;
  amount: number;
  fee: number;
  status: string;
  at: Date;
  currency?: string;
  method?: "CARD" | "OXXO";
  declined?: boolean;
  dispute?: "open" | "won" | "lost";
};

/** A payment to the DM's account as the payment flows leave it (the flows have their own tests). */
async function line(l: Line) {
  const player = l.player ?? (await createUser({ displayName: "Mateo" })).id;
  const bookingId = await bookSeat(l.session, player, { status: "CANCELLED", cancelled: { by: "PLAYER", at: l.at } });
  const row = await getDb()
    .insertInto("payments")
    .values({
      booking_id: bookingId,
      session_id: l.session,
      user_id: player,
      provider: "offline",
      method: l.method ?? "CARD",
      amount_cents: l.amount,
      currency: l.currency ?? "MXN",
      status: l.status,
      transfer_destination: `acct_offline_${l.dm.replaceAll("-", "").slice(0, 24)}`,
      application_fee_cents: l.fee,
      declined_at: l.declined ? l.at : null,
      dispute_status: l.dispute ?? null,
      created_at: l.at,
      updated_at: l.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Mexico City is UTC-6 all year: October 2026 there runs from 06:00 UTC on the 1st to 06:00 UTC on 1 November. */
const oct = (day: number, hourUtc = 18) => new Date(Date.UTC(2026, 9, day, hourUtc));

async function octoberDesk() {
  const dm = await createUser({ role: "dm", displayName: "Ana" });
  const other = await createUser({ role: "dm" });
  const seriesId = (await insertSeries(dm.id, { title: "La Costa de la Espada", price_cents: 25_000 })).id;
  const campaign = await createSession({ host: dm.id, title: "Costa 1", priceCents: 25_000, startsAt: oct(20), seriesId });
  const oneShot = await createSession({ host: dm.id, title: "La cripta", priceCents: 30_000, startsAt: oct(25) });
  const brl = await createSession({ host: dm.id, title: "A masmorra", priceCents: 4_000, currency: "BRL", startsAt: oct(26) });
  const theirs = await createSession({ host: other.id, title: "Not hers", priceCents: 9_900, startsAt: oct(26) });
  const evil = await createUser({ displayName: '=HYPERLINK("http://x")' });
  const ids = {
    paid: await line({ dm: dm.id, session: campaign.id, amount: 25_000, fee: 2_500, status: "succeeded", at: oct(3) }),
    oxxo: await line({ dm: dm.id, session: oneShot.id, player: evil.id, amount: 30_000, fee: 3_000, status: "succeeded", at: oct(4), method: "OXXO" }),
    refunded: await line({ dm: dm.id, session: campaign.id, amount: 25_000, fee: 2_500, status: "refunded", at: oct(5) }),
    failed: await line({ dm: dm.id, session: oneShot.id, amount: 30_000, fee: 3_000, status: "failed", at: oct(6), method: "OXXO" }),
    held: await line({ dm: dm.id, session: oneShot.id, amount: 30_000, fee: 3_000, status: "processing", at: oct(7), method: "OXXO" }),
    declined: await line({ dm: dm.id, session: oneShot.id, amount: 30_000, fee: 3_000, status: "requires_payment_method", at: oct(8), declined: true }),
    disputed: await line({ dm: dm.id, session: campaign.id, amount: 25_000, fee: 2_500, status: "succeeded", at: oct(9), dispute: "open" }),
    brl: await line({ dm: dm.id, session: brl.id, amount: 4_000, fee: 400, status: "succeeded", at: oct(10), currency: "BRL" }),
    // 23:30 on 31 October in Mexico City is already November in UTC: it is October's.
    lastMinute: await line({ dm: dm.id, session: oneShot.id, amount: 30_001, fee: 3_000, status: "succeeded", at: new Date("2026-11-01T05:30:00Z") }),
    // 23:59 on 30 September in Mexico City: September's.
    september: await line({ dm: dm.id, session: oneShot.id, amount: 30_000, fee: 3_000, status: "succeeded", at: new Date("2026-10-01T05:59:00Z") }),
  };
  // Neither a page left unpaid nor another DM's money is a line of hers.
  await line({ dm: dm.id, session: oneShot.id, amount: 30_000, fee: 3_000, status: "requires_payment_method", at: oct(11) });
  await line({ dm: other.id, session: theirs.id, amount: 9_900, fee: 990, status: "succeeded", at: oct(12) });
  return { dm, other, ids, campaign, oneShot, seriesId };
}

const now = new Date("2026-11-15T12:00:00Z");
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe("the earnings desk (decision record 086)", () => {
  it("a month's totals, per currency, are the sums of its lines; failed and pending payments count for nothing; the month is the DM's", async () => {
    const { dm, ids, seriesId } = await octoberDesk();
    const desk = await earningsDesk({ db: getDb(), now }, requesterOf(dm), new URLSearchParams("month=2026-10"));
    // The campaign's own totals: its paid, refunded and disputed seats.
    expect(desk.campaigns).toEqual([
      { seriesId, title: "La Costa de la Espada", currency: "MXN", lines: 3, grossCents: 75_000, feeCents: 5_000, refundCents: 25_000, netCents: 45_000 },
    ]);
    const campaign = await earningsDesk({ db: getDb(), now }, requesterOf(dm), new URLSearchParams(`month=2026-10&series=${seriesId}`));
    expect(campaign.lines.map((l) => l.id).sort()).toEqual([ids.paid, ids.refunded, ids.disputed].sort());
    const byId = new Map(desk.lines.map((l) => [l.id, l]));
    expect(new Set(byId.keys())).toEqual(
      new Set([ids.paid, ids.oxxo, ids.refunded, ids.failed, ids.held, ids.declined, ids.disputed, ids.brl, ids.lastMinute]),
    );
    expect(byId.get(ids.paid)).toMatchObject({ state: "paid", grossCents: 25_000, feeCents: 2_500, refundCents: 0, netCents: 22_500 });
    expect(byId.get(ids.refunded)).toMatchObject({ state: "refunded", grossCents: 25_000, feeCents: 0, refundCents: 25_000, netCents: 0 });
    for (const id of [ids.failed, ids.declined]) expect(byId.get(id)).toMatchObject({ state: "failed", grossCents: 0, netCents: 0, amountCents: 30_000 });
    expect(byId.get(ids.held)).toMatchObject({ state: "held", grossCents: 0, netCents: 0 });
    expect(byId.get(ids.disputed)).toMatchObject({ state: "disputed", netCents: 22_500 });
    for (const currency of ["MXN", "BRL"]) {
      const mine = desk.lines.filter((l) => l.currency === currency);
      const total = desk.totals.find((t) => t.currency === currency)!;
      expect(total).toMatchObject({
        lines: mine.length,
        grossCents: sum(mine.map((l) => l.grossCents)),
        feeCents: sum(mine.map((l) => l.feeCents)),
        refundCents: sum(mine.map((l) => l.refundCents)),
        netCents: sum(mine.map((l) => l.netCents)),
      });
    }
    expect(desk.totals.find((t) => t.currency === "MXN")).toMatchObject({ grossCents: 135_001, feeCents: 11_000, refundCents: 25_000, netCents: 99_001 });
    expect(desk.totals.find((t) => t.currency === "BRL")).toMatchObject({ grossCents: 4_000, feeCents: 400, netCents: 3_600 });
    expect(desk.lines[0]!.id).toBe(ids.lastMinute);
  });

  it("filters by state, session and campaign; a malformed or repeated filter is named and dropped", async () => {
    const { dm, ids, oneShot } = await octoberDesk();
    const desk = (query: string) => earningsDesk({ db: getDb(), now }, requesterOf(dm), new URLSearchParams(query));
    const failed = await desk("month=2026-10&state=failed");
    expect(failed.lines.map((l) => l.id).sort()).toEqual([ids.failed, ids.declined].sort());
    expect(failed.totals.find((t) => t.currency === "MXN")).toMatchObject({ lines: 2, grossCents: 0, netCents: 0 });
    const session = await desk(`month=2026-10&session=${oneShot.id}`);
    expect(session.lines.every((l) => l.sessionId === oneShot.id)).toBe(true);
    expect(session.session).toEqual({ id: oneShot.id, title: "La cripta" });
    // Its totals are its lines': four of them count (the OXXO one, the late one, and two that count for nothing).
    expect(session.totals).toEqual([
      {
        currency: "MXN",
        lines: session.lines.length,
        grossCents: sum(session.lines.map((l) => l.grossCents)),
        feeCents: sum(session.lines.map((l) => l.feeCents)),
        refundCents: sum(session.lines.map((l) => l.refundCents)),
        netCents: sum(session.lines.map((l) => l.netCents)),
      },
    ]);
    // Another DM's session is nobody's to name here: no title, no lines.
    const theirs = await desk(`month=2026-10&session=${(await createSession({ host: (await createUser({ role: "dm" })).id })).id}`);
    expect(theirs).toMatchObject({ session: null, lines: [], totals: [] });
    const refused = await desk(`month=2026-13&state=lost&session=nope&page=0&series=${oneShot.id}&series=${oneShot.id}`);
    expect(refused.refused.sort()).toEqual(["month", "page", "series", "session", "state"]);
    expect(refused.month).toBe("2026-11");
  });

  it("the CSV holds exactly the lines of the filters, all pages, as decimals; its sums are the page's totals; a formula in a name stays text", async () => {
    const { dm, ids } = await octoberDesk();
    const cookie = await loginCookie(dm.id);
    const res = await run(csvLoader, new Request(`${base}/en/earnings/csv?month=2026-10&page=3`, { headers: { Cookie: cookie } }), { lang: "en" }, { now });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="mesa-earnings-2026-10.csv"');
    const rows = String(res.data).trimEnd().split("\r\n");
    expect(rows[0]).toBe("Date,Session,Player,Kind,Method,State,Amount,Gross,Fee,Refunds,Net,Currency,Payment id");
    expect(rows).toHaveLength(1 + 9);
    const oxxo = rows.find((r) => r.endsWith(ids.oxxo))!;
    expect(oxxo).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(oxxo).toContain(",300.00,300.00,30.00,0.00,270.00,MXN,");
    const mxn = rows.slice(1).filter((r) => r.includes(",MXN,"));
    const netOf = (r: string) => Math.round(Number(r.split(",").at(-3)) * 100);
    const desk = await earningsDesk({ db: getDb(), now }, requesterOf(dm), new URLSearchParams("month=2026-10"));
    expect(sum(mxn.map(netOf))).toBe(desk.totals.find((t) => t.currency === "MXN")!.netCents);
    const year = await run(csvLoader, new Request(`${base}/es/earnings/csv?year=2026`, { headers: { Cookie: cookie } }), { lang: "es" }, { now });
    expect(String(year.data).trimEnd().split("\r\n")).toHaveLength(1 + 10);
    expect(String(year.data).split("\r\n")[0]).toContain("Fecha,Sesión,Jugador");
  });

  it("a player, another DM and an anonymous visitor find no desk, no CSV and no API (404); another DM sees only their own", async () => {
    const { dm, other } = await octoberDesk();
    const player = await createUser();
    for (const who of [null, player.id]) {
      const headers: Record<string, string> = who ? { Cookie: await loginCookie(who) } : {};
      expect((await run(deskLoader, new Request(`${base}/es/earnings`, { headers }), { lang: "es" })).status).toBe(404);
      expect((await run(csvLoader, new Request(`${base}/es/earnings/csv`, { headers }), { lang: "es" })).status).toBe(404);
      expect((await run(apiLoader, new Request(`${base}/api/earnings`, { headers }))).status).toBe(404);
    }
    const theirs = await run(apiLoader, new Request(`${base}/api/earnings?month=2026-10`, { headers: { Cookie: await loginCookie(other.id) } }), {}, { now });
    expect(theirs.status).toBe(200);
    expect((theirs.data as { lines: { sessionTitle: string }[] }).lines.map((l) => l.sessionTitle)).toEqual(["Not hers"]);
    const hers = await run(apiLoader, new Request(`${base}/api/earnings?month=2026-10`, { headers: { Cookie: await loginCookie(dm.id) } }), {}, { now });
    expect((hers.data as { lineCount: number }).lineCount).toBe(9);
  });

  it("pending, available and paid out: money is available two business days after its charge, payouts take it away", async () => {
    const today = new Date();
    const dm = await createUser({ role: "dm" });
    const session = await createSession({ host: dm.id, priceCents: 10_000, startsAt: new Date(today.getTime() + 7 * 86_400_000) });
    const daysAgo = (n: number) => new Date(today.getTime() - n * 86_400_000);
    await line({ dm: dm.id, session: session.id, amount: 10_000, fee: 1_000, status: "succeeded", at: daysAgo(12) });
    await line({ dm: dm.id, session: session.id, amount: 10_000, fee: 1_000, status: "succeeded", at: daysAgo(40) });
    await line({ dm: dm.id, session: session.id, amount: 20_000, fee: 2_000, status: "succeeded", at: today });
    await line({ dm: dm.id, session: session.id, amount: 10_000, fee: 1_000, status: "refunded", at: daysAgo(20) });
    await line({ dm: dm.id, session: session.id, amount: 10_000, fee: 1_000, status: "failed", at: daysAgo(1) });
    const account = `acct_offline_${dm.id.replaceAll("-", "").slice(0, 24)}`;
    const payout = (id: string, amount: number, status: string) => ({
      id,
      account_ref: account,
      user_id: dm.id,
      amount_cents: amount,
      currency: "MXN",
      status,
      provider_created_at: daysAgo(5),
      state_event_at: daysAgo(5),
      updated_at: daysAgo(5),
    });
    await getDb()
      .insertInto("payouts")
      .values([payout("po_t1", 9_000, "paid"), payout("po_t2", 4_000, "in_transit"), payout("po_t3", 5_000, "failed")])
      .execute();
    const desk = await earningsDesk({ db: getDb(), now: today }, requesterOf(dm), new URLSearchParams());
    expect(desk.money).toEqual([{ currency: "MXN", pending: 18_000, available: 18_000 - 9_000 - 4_000, paidOut: 9_000, onTheWay: 4_000 }]);
    expect(desk.payouts.map((p) => p.id).sort()).toEqual(["po_t1", "po_t2", "po_t3"]);
  });
});
