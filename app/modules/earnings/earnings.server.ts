import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
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

/** How many payouts the desk lists, newest first. */
export const PAYOUTS_LISTED = 12;

/** Pending, available, paid out and on its way, per currency, for everything the DM ever earned. */
function moneyByCurrency(facts: repo.DeskFacts) {
  return [...facts.balances]
    .sort((x, y) => x.currency.localeCompare(y.currency))
    .map((b) => ({
      currency: b.currency,
      ...moneyFigures({
        balance: Number(b.cents),
        pending: Number(facts.pending.find((p) => p.currency === b.currency)?.cents ?? 0),
        paidOut: Number(b.paidOut),
        onTheWay: Number(b.onTheWay),
      }),
    }));
}

/**
 * The earnings desk of a DM (decision record 086): the chosen month's (or year's) totals per
 * currency and per campaign, one page of its lines, the money pending, available and paid out,
 * and the latest payouts, read in one statement. Filters come from the address; a refused one is
 * named and dropped.
 */
export async function earningsDesk(deps: Pick<Deps, "db" | "now">, dm: Requester, query: URLSearchParams) {
  const { filters, refused } = readEarningsFilters(query);
  const { zone, month, year, scope } = scopeOf(dm, filters, deps.now);
  const page = filters.page ?? 1;
  // The account's country sets when money stops pending; it is read in the same statement, so each country's cutoff goes with it.
  const cutoffs = { MX: pendingSince(deps.now, "MX"), BR: pendingSince(deps.now, "BR"), other: pendingSince(deps.now, "US") };
  const facts = await repo.deskFacts(deps.db, scope, { limit: EARNINGS_PAGE_SIZE, offset: (page - 1) * EARNINGS_PAGE_SIZE }, cutoffs, PAYOUTS_LISTED);
  const lineCount = facts.totals.reduce((sum, t) => sum + t.lines, 0);
  return {
    zone,
    month,
    year,
    neighbours: month ? neighbourMonths(month) : null,
    filters,
    refused,
    totals: facts.totals,
    campaigns: facts.campaigns,
    lines: facts.lines,
    page,
    pages: Math.max(1, Math.ceil(lineCount / EARNINGS_PAGE_SIZE)),
    lineCount,
    money: moneyByCurrency(facts),
    hasAccount: facts.country !== null,
    payouts: facts.payouts,
    session: facts.session,
    series: facts.series,
  };
}
export type EarningsDesk = Awaited<ReturnType<typeof earningsDesk>>;

/** Lines per statement of a CSV: few round trips for a year, a bounded batch in memory. */
const BATCH = 2500;

/**
 * Every line a desk's filters select (all its pages), in batches read by keyset, so a year of
 * lines streams in constant memory.
 */
export async function* allLines(deps: Pick<Deps, "db" | "now">, dm: Requester, filters: EarningsFilters) {
  const { scope } = scopeOf(dm, filters, deps.now);
  let after: { occurredAt: Date; id: string } | undefined;
  for (;;) {
    const batch = await repo.earningsLines(deps.db, scope, { limit: BATCH, ...(after ? { after } : {}) });
    yield* batch;
    if (batch.length < BATCH) return;
    const last = batch.at(-1)!;
    after = { occurredAt: new Date(last.occurredAt), id: last.id };
  }
}
