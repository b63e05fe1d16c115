import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import { findPayoutAccount, payoutHistory } from "#app/modules/payouts/index.server";
import * as repo from "./repo.server";
import { EARNINGS_PAGE_SIZE, moneyFigures, monthOf, monthRange, neighbourMonths, pendingSince, yearRange } from "./rules";
import { type EarningsFilters, readEarningsFilters } from "./schema";

/** The span and the lines a desk's filters ask for, in the DM's zone: a month (this one by default) or a whole year. */
export function scopeOf(dm: Requester, filters: EarningsFilters, now: Date) {
  const zone = dm.timeZone || "America/Mexico_City";
  const month = filters.year === undefined ? (filters.month ?? monthOf(now, zone)) : null;
  const span = month ? monthRange(month, zone) : yearRange(filters.year!, zone);
  const scope: repo.LineScope = { dmId: dm.id, ...span, sessionId: filters.session, seriesId: filters.series, state: filters.state };
  return { zone, month, year: filters.year ?? null, scope };
}

/** Pending, available, paid out and on its way, per currency, for everything the DM ever earned. */
async function moneyByCurrency(deps: Pick<Deps, "db" | "now">, dmId: string) {
  const account = await findPayoutAccount(deps.db, dmId);
  const country = account?.country ?? "US";
  const [balances, pending, payouts] = await Promise.all([
    repo.balances(deps.db, dmId),
    repo.pendingNet(deps.db, dmId, pendingSince(deps.now, country)),
    repo.payoutSums(deps.db, dmId),
  ]);
  const currencies = [...new Set([...balances.map((b) => b.currency), ...payouts.map((p) => p.currency)])].sort();
  const figures = currencies.map((currency) => {
    const paid = payouts.find((p) => p.currency === currency);
    return {
      currency,
      ...moneyFigures({
        balance: Number(balances.find((b) => b.currency === currency)?.net_cents ?? 0),
        pending: pending.get(currency) ?? 0,
        paidOut: paid?.paidCents ?? 0,
        onTheWay: paid?.onTheWayCents ?? 0,
      }),
    };
  });
  return { figures, hasAccount: account !== undefined };
}

type Sums = { lines: number; grossCents: number; feeCents: number; refundCents: number; netCents: number };
const zero = (): Sums => ({ lines: 0, grossCents: 0, feeCents: 0, refundCents: 0, netCents: 0 });
const add = (into: Sums, row: Sums) => {
  into.lines += row.lines;
  into.grossCents += row.grossCents;
  into.feeCents += row.feeCents;
  into.refundCents += row.refundCents;
  into.netCents += row.netCents;
};

/**
 * The totals of the lines a desk's filters select, per currency and per campaign (series), added
 * from the span's per-session sums: the same rows, filtered the same way as the lines.
 */
export function totalsOf(summary: repo.SummaryRow[], scope: Pick<repo.LineScope, "sessionId" | "seriesId" | "state">) {
  const byCurrency = new Map<string, Sums>();
  const byCampaign = new Map<string, Sums & { seriesId: string; title: string; currency: string }>();
  for (const row of summary) {
    if (scope.sessionId !== undefined && row.sessionId !== scope.sessionId) continue;
    if (scope.seriesId !== undefined && row.seriesId !== scope.seriesId) continue;
    if (scope.state !== undefined && row.state !== scope.state) continue;
    add(byCurrency.get(row.currency) ?? byCurrency.set(row.currency, zero()).get(row.currency)!, row);
    if (row.seriesId) {
      const key = `${row.seriesId}|${row.currency}`;
      const campaign =
        byCampaign.get(key) ?? byCampaign.set(key, { ...zero(), seriesId: row.seriesId, title: row.seriesTitle ?? "", currency: row.currency }).get(key)!;
      add(campaign, row);
    }
  }
  return {
    totals: [...byCurrency].map(([currency, sums]) => ({ currency, ...sums })).sort((x, y) => x.currency.localeCompare(y.currency)),
    campaigns: [...byCampaign.values()].sort((x, y) => x.title.localeCompare(y.title) || x.currency.localeCompare(y.currency)),
  };
}

/**
 * The earnings desk of a DM (decision record 086): the chosen month's (or year's) totals per
 * currency and per campaign, one page of its lines, the money pending, available and paid out,
 * and the payout history. Filters come from the address; a refused one is named and dropped.
 */
export async function earningsDesk(deps: Pick<Deps, "db" | "now">, dm: Requester, query: URLSearchParams) {
  const { filters, refused } = readEarningsFilters(query);
  const { zone, month, year, scope } = scopeOf(dm, filters, deps.now);
  const page = filters.page ?? 1;
  const [summary, lines, money, payouts] = await Promise.all([
    repo.spanSummary(deps.db, scope),
    repo.earningsLines(deps.db, scope, { limit: EARNINGS_PAGE_SIZE, offset: (page - 1) * EARNINGS_PAGE_SIZE }),
    moneyByCurrency(deps, dm.id),
    payoutHistory(deps.db, dm.id, 24),
  ]);
  const { totals, campaigns } = totalsOf(summary, scope);
  const lineCount = totals.reduce((sum, t) => sum + t.lines, 0);
  const sessions = [...new Map(summary.map((r) => [r.sessionId, { id: r.sessionId, title: r.sessionTitle, startsAt: r.startsAt }])).values()].sort(
    (x, y) => y.startsAt.getTime() - x.startsAt.getTime(),
  );
  const series = [...new Map(summary.filter((r) => r.seriesId).map((r) => [r.seriesId!, { id: r.seriesId!, title: r.seriesTitle ?? "" }])).values()];
  return {
    zone,
    month,
    year,
    neighbours: month ? neighbourMonths(month) : null,
    filters,
    refused,
    totals,
    campaigns,
    lines,
    page,
    pages: Math.max(1, Math.ceil(lineCount / EARNINGS_PAGE_SIZE)),
    lineCount,
    money: money.figures,
    hasAccount: money.hasAccount,
    payouts,
    sessions,
    series,
  };
}
export type EarningsDesk = Awaited<ReturnType<typeof earningsDesk>>;

/**
 * Every line a desk's filters select (all its pages), in batches of a thousand read by keyset,
 * so a year of lines streams in constant memory.
 */
export async function* allLines(deps: Pick<Deps, "db" | "now">, dm: Requester, filters: EarningsFilters) {
  const { scope } = scopeOf(dm, filters, deps.now);
  let after: { occurredAt: Date; id: string } | undefined;
  const names = repo.nameCache();
  for (;;) {
    const batch = await repo.earningsLines(deps.db, scope, { limit: 1000, ...(after ? { after } : {}) }, names);
    yield* batch;
    if (batch.length < 1000) return;
    const last = batch.at(-1)!;
    after = { occurredAt: new Date(last.occurredAt), id: last.id };
  }
}
