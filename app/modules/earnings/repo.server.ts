import { sql } from "kysely";
import type { Database } from "#db/client.server";
import type { LineState } from "./rules";

// The earnings desk's reads (decision record 086). What a line counts is decided by the SQL
// functions of migration create_earnings_ledger, read here the same way by lines and totals.

/** Which lines: a DM's, in a span of time, optionally of one session or series and in one state. */
export type LineScope = { dmId: string; start: Date; end: Date; sessionId?: string; seriesId?: string; state?: LineState };

const stateOf = sql<LineState | null>`payment_line_state(p.status, p.declined_at, p.dispute_status)`;
const counted = {
  gross: sql<number>`payment_line_gross(payment_line_state(p.status, p.declined_at, p.dispute_status), p.amount_cents)`,
  fee: sql<number>`payment_line_fee(payment_line_state(p.status, p.declined_at, p.dispute_status), p.application_fee_cents)`,
  refund: sql<number>`payment_line_refund(payment_line_state(p.status, p.declined_at, p.dispute_status), p.amount_cents)`,
  net: sql<number>`payment_line_net(payment_line_state(p.status, p.declined_at, p.dispute_status), p.amount_cents, p.application_fee_cents)`,
};

function scoped(db: Database, scope: LineScope) {
  return db
    .selectFrom("payments as p")
    .innerJoin("sessions as s", "s.id", "p.session_id")
    .where("p.payee_id", "=", scope.dmId)
    .where("p.transfer_destination", "is not", null)
    .where("p.occurred_at", ">=", scope.start)
    .where("p.occurred_at", "<", scope.end)
    .where(stateOf, "is not", null)
    .$if(scope.sessionId !== undefined, (q) => q.where("p.session_id", "=", scope.sessionId!))
    .$if(scope.seriesId !== undefined, (q) => q.where("s.series_id", "=", scope.seriesId!))
    .$if(scope.state !== undefined, (q) => q.where(stateOf, "=", scope.state!));
}

const lineColumns = [
  "p.id as id",
  "p.kind as kind",
  "p.method as method",
  "p.payment_method_type as methodType",
  "p.currency as currency",
  "p.amount_cents as amountCents",
  sql<Date>`p.occurred_at`.as("occurredAt"),
  "p.paid_at as paidAt",
  "s.id as sessionId",
  "s.title as sessionTitle",
  "s.series_id as seriesId",
  "u.display_name as playerName",
  // Never null here: the scope keeps only lines that have a state.
  sql<LineState>`payment_line_state(p.status, p.declined_at, p.dispute_status)`.as("state"),
  counted.gross.as("grossCents"),
  counted.fee.as("feeCents"),
  counted.refund.as("refundCents"),
  counted.net.as("netCents"),
] as const;

/** One page of lines, newest first; `after` continues from a line (the CSV's batches) instead of an offset. */
export function earningsLines(db: Database, scope: LineScope, page: { limit: number; offset?: number; after?: { occurredAt: Date; id: string } }) {
  return scoped(db, scope)
    .innerJoin("users as u", "u.id", "p.user_id")
    .select(lineColumns)
    .$if(page.after !== undefined, (q) => q.where(sql<boolean>`(p.occurred_at, p.id) < (${page.after!.occurredAt}, ${page.after!.id}::uuid)`))
    .orderBy("p.occurred_at", "desc")
    .orderBy("p.id", "desc")
    .limit(page.limit)
    .$if(page.offset !== undefined, (q) => q.offset(page.offset!))
    .execute();
}

export type EarningsLineRow = Awaited<ReturnType<typeof earningsLines>>[number];

/**
 * The scope's totals in one pass: per currency (series null), and per currency and series (the
 * campaign totals). Each is the sum of the very expressions the lines show.
 */
export async function earningsTotals(db: Database, scope: LineScope) {
  const rows = await scoped(db, scope)
    .select([
      "p.currency as currency",
      "s.series_id as seriesId",
      sql<number>`grouping(s.series_id)`.as("allSeries"),
      sql<string>`count(*)`.as("lines"),
      sql<string>`sum(${counted.gross})`.as("gross"),
      sql<string>`sum(${counted.fee})`.as("fee"),
      sql<string>`sum(${counted.refund})`.as("refund"),
      sql<string>`sum(${counted.net})`.as("net"),
    ])
    .groupBy(sql`grouping sets ((p.currency), (p.currency, s.series_id))`)
    .execute();
  return rows.map((r) => ({
    currency: r.currency,
    seriesId: Number(r.allSeries) === 1 ? undefined : r.seriesId,
    lines: Number(r.lines),
    grossCents: Number(r.gross),
    feeCents: Number(r.fee),
    refundCents: Number(r.refund),
    netCents: Number(r.net),
  }));
}

/** The sessions and series a DM has lines for in a span (the filters' choices), newest first. */
export function scopeChoices(db: Database, scope: Pick<LineScope, "dmId" | "start" | "end">) {
  return scoped(db, scope)
    .leftJoin("series as r", "r.id", "s.series_id")
    .select(["s.id as sessionId", "s.title as sessionTitle", "s.starts_at as startsAt", "r.id as seriesId", "r.title as seriesTitle"])
    .distinct()
    .orderBy("s.starts_at", "desc")
    .limit(300)
    .execute();
}

/** The running balance per currency: the sum of every line's net, kept by the ledger's trigger. */
export function balances(db: Database, dmId: string) {
  return db.selectFrom("dm_balances").select(["currency", "net_cents"]).where("user_id", "=", dmId).execute();
}

/** Lines paid since `since` that still count (paid or disputed), with when: the ones that may not be available yet. */
export function recentlyPaid(db: Database, dmId: string, since: Date) {
  return db
    .selectFrom("payments as p")
    .select(["p.currency", "p.paid_at", counted.net.as("netCents")])
    .where("p.payee_id", "=", dmId)
    .where("p.transfer_destination", "is not", null)
    .where("p.occurred_at", ">=", since)
    .where(stateOf, "in", ["paid", "disputed"])
    .execute();
}

/** Payouts per currency: paid, and on their way (pending or in transit). Failed and cancelled ones gave the money back. */
export async function payoutSums(db: Database, dmId: string) {
  const rows = await db
    .selectFrom("payouts")
    .select([
      "currency",
      sql<string>`coalesce(sum(amount_cents) filter (where status = 'paid'), 0)`.as("paid"),
      sql<string>`coalesce(sum(amount_cents) filter (where status in ('pending', 'in_transit')), 0)`.as("onTheWay"),
    ])
    .where("user_id", "=", dmId)
    .groupBy("currency")
    .execute();
  return rows.map((r) => ({ currency: r.currency, paidCents: Number(r.paid), onTheWayCents: Number(r.onTheWay) }));
}

/** Titles of series, for the campaign totals. */
export function seriesTitles(db: Database, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("series").select(["id", "title"]).where("id", "in", ids).execute();
}
