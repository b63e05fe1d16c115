import { sql } from "kysely";
import type { Database } from "#db/client.server";
import { type LineState, splitAtUtcDays } from "./rules";

// The earnings desk's reads (decision record 086). A line's state and amounts are stored columns
// of payments, computed by the SQL functions of migration create_earnings_ledger; lines and
// totals read the same columns, through the covering index payments_earnings.

/** Which lines: a DM's, in a span of time, optionally of one session or series and in one state. */
export type LineScope = { dmId: string; start: Date; end: Date; sessionId?: string; seriesId?: string; state?: LineState };

/** A line as the desk and its CSV show it. */
export type EarningsLineRow = {
  id: string;
  kind: string;
  method: string;
  methodType: string | null;
  currency: string;
  amountCents: number;
  occurredAt: Date;
  paidAt: Date | null;
  sessionId: string;
  seriesId: string | null;
  state: LineState;
  grossCents: number;
  feeCents: number;
  refundCents: number;
  netCents: number;
  sessionTitle: string;
  playerName: string;
};

type LinePage = { limit: number; offset?: number; after?: { occurredAt: Date; id: string } };

/**
 * One page of lines, newest first. The page's ids are found in the index alone (an offset there
 * is cheap), then only those rows are read, each with its session's title and its player's name
 * by a lookup per row (joined as sets, the planner may read every session of the table). `after`
 * continues from a line instead (the CSV's batches). Written as SQL text: the desk sends it on
 * every request, and a query builder's tree costs more to compile than the text does.
 */
function linesQuery(scope: LineScope, page: LinePage) {
  const where = [
    sql`payee_id = ${scope.dmId} and transfer_destination is not null and line_state is not null`,
    sql`occurred_at >= ${scope.start} and occurred_at < ${scope.end}`,
    ...(scope.sessionId !== undefined ? [sql`session_id = ${scope.sessionId}::uuid`] : []),
    ...(scope.seriesId !== undefined ? [sql`series_id = ${scope.seriesId}::uuid`] : []),
    ...(scope.state !== undefined ? [sql`line_state = ${scope.state}`] : []),
    ...(page.after !== undefined ? [sql`(occurred_at, id) < (${page.after.occurredAt}, ${page.after.id}::uuid)`] : []),
  ];
  return sql<EarningsLineRow>`select p.id, p.kind, p.method, p.payment_method_type as "methodType", p.currency, p.amount_cents as "amountCents",
      p.occurred_at as "occurredAt", p.paid_at as "paidAt", p.session_id as "sessionId", p.series_id as "seriesId", p.line_state as state,
      p.line_gross as "grossCents", p.line_fee as "feeCents", p.line_refund as "refundCents", p.line_net as "netCents",
      s.title as "sessionTitle", u.display_name as "playerName"
    from payments as p
    cross join lateral (select title from sessions where id = p.session_id) as s
    cross join lateral (select display_name from users where id = p.user_id) as u
    where p.id in (select id from payments where ${sql.join(where, sql` and `)}
                   order by occurred_at desc, id desc limit ${page.limit}${page.offset ? sql` offset ${page.offset}` : sql``})
    order by p.occurred_at desc, p.id desc`;
}

/** One page (or a CSV's batch) of lines, newest first, in one statement. */
export async function earningsLines(db: Database, scope: LineScope, page: LinePage) {
  return (await linesQuery(scope, page).execute(db)).rows;
}

/** When a DM's charges stop being pending, by the country of their payout account (none: "other"). */
export type PendingCutoffs = { MX: Date; BR: Date; other: Date };

/**
 * A span's lines as rows of (campaign, currency, state, lines, gross, fee, refund, net). Summed,
 * they are the span's lines summed. Its whole UTC days come from the per-day sums (migration
 * create_earnings_days), its partial edge days line by line from the index; the lines of one
 * session all come from the index (a session has few).
 */
function spanSums(scope: LineScope) {
  const fromLines = (start: Date, end: Date) =>
    sql`select series_id, currency, line_state, 1 as lines, line_gross as gross, line_fee as fee, line_refund as refund, line_net as net
        from payments
       where payee_id = ${scope.dmId} and transfer_destination is not null and line_state is not null
         and occurred_at >= ${start} and occurred_at < ${end}`;
  if (scope.sessionId !== undefined) return sql`${fromLines(scope.start, scope.end)} and session_id = ${scope.sessionId}::uuid`;
  const { days, edges } = splitAtUtcDays(scope.start, scope.end);
  const parts = edges.map((e) => fromLines(e.start, e.end));
  if (days)
    parts.push(sql`select series_id, currency, line_state, lines, gross, fee, refund, net
        from earnings_days
       where payee_id = ${scope.dmId} and day >= ${days.from}::date and day < ${days.until}::date`);
  return sql.join(parts, sql` union all `);
}

type Sums = { lines: number; grossCents: number; feeCents: number; refundCents: number; netCents: number };
type Money = { currency: string; cents: number };
/** Dates arrive as JSON text: ISO strings. */
type JsonLine = Omit<EarningsLineRow, "occurredAt" | "paidAt"> & { occurredAt: string; paidAt: string | null };

const SUMS = sql`sum(lines)::int as lines, sum(gross)::int8 as "grossCents", sum(fee)::int8 as "feeCents", sum(refund)::int8 as "refundCents", sum(net)::int8 as "netCents"`;

/**
 * Everything the desk shows, in one statement (a statement costs a page more than its rows: stack
 * notes G33, decision record 049), each part as JSON:
 * - the span's sums per campaign, currency and state (whole days from the per-day sums, the edges
 *   from the index); from them the totals per currency and per campaign of the lines the filters
 *   select and their count, and the span's campaigns to choose from (titles by a lookup each);
 *   the chosen session's title;
 * - one page of those lines;
 * - the money: the payout account's country (null without one), per currency the running balance
 *   and the payouts paid and on their way (kept by the triggers of the ledger and of payouts), and
 *   the net of lines paid since the country's cutoff that still count (paid or disputed: not
 *   available yet);
 * - the latest payouts.
 */
export async function deskFacts(db: Database, scope: LineScope, page: { limit: number; offset: number }, cutoffs: PendingCutoffs, payouts: number) {
  const picked = sql.join(
    [
      sql`true`,
      ...(scope.seriesId !== undefined ? [sql`series_id = ${scope.seriesId}::uuid`] : []),
      ...(scope.state !== undefined ? [sql`line_state = ${scope.state}`] : []),
    ],
    sql` and `,
  );
  const { rows } = await sql<{
    totals: (Sums & { currency: string })[];
    campaigns: (Sums & { seriesId: string; title: string; currency: string })[];
    series: { id: string; title: string }[];
    session: { id: string; title: string } | null;
    lines: JsonLine[];
    country: string | null;
    balances: (Money & { paidOut: number; onTheWay: number })[];
    pending: Money[];
    payouts: {
      id: string;
      amount_cents: number;
      currency: string;
      status: string;
      arrival_date: string | null;
      failure_code: string | null;
      failure_message: string | null;
      provider_created_at: string;
    }[];
  }>`
    with sums as (
      select series_id, currency, line_state, sum(lines) as lines, sum(gross) as gross, sum(fee) as fee, sum(refund) as refund, sum(net) as net
        from (${spanSums(scope)}) as l
       group by series_id, currency, line_state
    ),
    span_series as (
      select r.id, r.title
        from (select distinct series_id from sums where series_id is not null) as d
        cross join lateral (select id, title from series where id = d.series_id) as r
    ),
    picked as (select * from sums where ${picked}),
    account as (
      select c.country,
             case c.country when 'MX' then ${cutoffs.MX}::timestamptz when 'BR' then ${cutoffs.BR}::timestamptz else ${cutoffs.other}::timestamptz end as since
        from (select (select country from payout_accounts where user_id = ${scope.dmId}) as country) as c
    )
    select
      (select coalesce(json_agg(t order by t.currency), '[]') from (select currency, ${SUMS} from picked group by currency) as t) as totals,
      (select coalesce(json_agg(t order by t.title, t.currency), '[]')
         from (select p.series_id as "seriesId", x.title, p.currency, ${SUMS} from picked as p join span_series as x on x.id = p.series_id group by p.series_id, x.title, p.currency) as t) as campaigns,
      (select coalesce(json_agg(x order by x.title, x.id), '[]') from span_series as x) as series,
      ${
        scope.sessionId !== undefined
          ? sql`(select json_build_object('id', id, 'title', title) from sessions where id = ${scope.sessionId}::uuid and dm_id = ${scope.dmId})`
          : sql`null::json`
      } as session,
      (select coalesce(json_agg(l order by l."occurredAt" desc, l.id desc), '[]') from (${linesQuery(scope, page)}) as l) as lines,
      a.country,
      (select coalesce(json_agg(json_build_object('currency', currency, 'cents', net_cents, 'paidOut', paid_out_cents, 'onTheWay', on_the_way_cents)), '[]')
         from dm_balances where user_id = ${scope.dmId}) as balances,
      (select coalesce(json_agg(json_build_object('currency', currency, 'cents', net)), '[]')
         from (select currency, sum(line_net) as net from payments
                where payee_id = ${scope.dmId} and transfer_destination is not null and line_state in ('paid', 'disputed')
                  and occurred_at >= a.since and paid_at >= a.since
                group by currency) as p) as pending,
      (select coalesce(json_agg(o order by o.provider_created_at desc, o.id desc), '[]')
         from (select id, amount_cents, currency, status, arrival_date, failure_code, failure_message, provider_created_at
                 from payouts where user_id = ${scope.dmId} order by provider_created_at desc, id desc limit ${payouts}) as o) as payouts
    from account as a`.execute(db);
  return rows[0]!;
}
export type DeskFacts = Awaited<ReturnType<typeof deskFacts>>;
