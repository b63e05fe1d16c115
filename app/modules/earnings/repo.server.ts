import { sql } from "kysely";
import type { Database } from "#db/client.server";
import type { LineState } from "./rules";

// The earnings desk's reads (decision record 086). A line's state and amounts are stored columns
// of payments, computed by the SQL functions of migration create_earnings_ledger; lines and
// totals read the same columns, through the covering index payments_earnings.

/** Which lines: a DM's, in a span of time, optionally of one session or series and in one state. */
export type LineScope = { dmId: string; start: Date; end: Date; sessionId?: string; seriesId?: string; state?: LineState };

/** A DM's lines in a span (the index's rows), before the session, series and state filters. */
function lines(db: Database, scope: Pick<LineScope, "dmId" | "start" | "end">) {
  return db
    .selectFrom("payments as p")
    .where("p.payee_id", "=", scope.dmId)
    .where("p.transfer_destination", "is not", null)
    .where("p.line_state", "is not", null)
    .where("p.occurred_at", ">=", scope.start)
    .where("p.occurred_at", "<", scope.end);
}

function scoped(db: Database, scope: LineScope) {
  return lines(db, scope)
    .$if(scope.sessionId !== undefined, (q) => q.where("p.session_id", "=", scope.sessionId!))
    .$if(scope.seriesId !== undefined, (q) =>
      q.where("p.session_id", "in", (eb) => eb.selectFrom("sessions").select("id").where("series_id", "=", scope.seriesId!)),
    )
    .$if(scope.state !== undefined, (q) => q.where("p.line_state", "=", scope.state!));
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
  "p.session_id as sessionId",
  "p.user_id as playerId",
  sql<LineState>`p.line_state`.as("state"),
  sql<number>`p.line_gross`.as("grossCents"),
  sql<number>`p.line_fee`.as("feeCents"),
  sql<number>`p.line_refund`.as("refundCents"),
  sql<number>`p.line_net`.as("netCents"),
] as const;

/** Names already read for a page or a file: a CSV's batches ask only for the sessions and players they have not met. */
export type NameCache = { sessions: Map<string, { title: string; seriesId: string | null }>; players: Map<string, string> };
export const nameCache = (): NameCache => ({ sessions: new Map(), players: new Map() });

/**
 * One page of lines, newest first. The page's ids are found in the index alone (an offset there
 * is cheap), then only those rows are read; their sessions' titles and players' names by their
 * ids, apart (joined in one statement, the planner may read every session of the table). `after`
 * continues from a line instead (the CSV's batches).
 */
export async function earningsLines(
  db: Database,
  scope: LineScope,
  page: { limit: number; offset?: number; after?: { occurredAt: Date; id: string } },
  names: NameCache = nameCache(),
) {
  const ids = scoped(db, scope)
    .select("p.id")
    .$if(page.after !== undefined, (q) => q.where(sql<boolean>`(p.occurred_at, p.id) < (${page.after!.occurredAt}, ${page.after!.id}::uuid)`))
    .orderBy("p.occurred_at", "desc")
    .orderBy("p.id", "desc")
    .limit(page.limit)
    .$if(page.offset !== undefined, (q) => q.offset(page.offset!));
  const rows = await db
    .selectFrom("payments as p")
    .select(lineColumns)
    .where("p.id", "in", ids)
    .orderBy("p.occurred_at", "desc")
    .orderBy("p.id", "desc")
    .execute();
  const newSessions = [...new Set(rows.map((r) => r.sessionId))].filter((id) => !names.sessions.has(id));
  const newPlayers = [...new Set(rows.map((r) => r.playerId))].filter((id) => !names.players.has(id));
  const [sessions, players] = await Promise.all([
    newSessions.length ? db.selectFrom("sessions").select(["id", "title", "series_id"]).where("id", "in", newSessions).execute() : [],
    newPlayers.length ? db.selectFrom("users").select(["id", "display_name"]).where("id", "in", newPlayers).execute() : [],
  ]);
  for (const s of sessions) names.sessions.set(s.id, { title: s.title, seriesId: s.series_id });
  for (const u of players) names.players.set(u.id, u.display_name);
  return rows.map(({ playerId, ...r }) => {
    const session = names.sessions.get(r.sessionId);
    return { ...r, sessionTitle: session?.title ?? "", seriesId: session?.seriesId ?? null, playerName: names.players.get(playerId) ?? "" };
  });
}

export type EarningsLineRow = Awaited<ReturnType<typeof earningsLines>>[number];

/**
 * A span's lines summed per session, currency and state (from the index alone), with each
 * session's title, start and series: the desk's totals, campaigns, filter choices and line count
 * all come from these few rows, filtered and added in the use case.
 */
export async function spanSummary(db: Database, scope: Pick<LineScope, "dmId" | "start" | "end">) {
  const grouped = await lines(db, scope)
    .select([
      "p.session_id",
      "p.currency",
      "p.line_state",
      sql<string>`count(*)`.as("lines"),
      sql<string>`sum(p.line_gross)`.as("gross"),
      sql<string>`sum(p.line_fee)`.as("fee"),
      sql<string>`sum(p.line_refund)`.as("refund"),
      sql<string>`sum(p.line_net)`.as("net"),
    ])
    .groupBy(["p.session_id", "p.currency", "p.line_state"])
    .execute();
  // The sessions by their ids, apart: joined in one statement the planner may read every session of the table.
  const ids = [...new Set(grouped.map((g) => g.session_id))];
  const sessions =
    ids.length === 0
      ? []
      : await db
          .selectFrom("sessions as s")
          .leftJoin("series as r", "r.id", "s.series_id")
          .select(["s.id", "s.title", "s.starts_at", "s.series_id", "r.title as series_title"])
          .where("s.id", "in", ids)
          .execute();
  const byId = new Map(sessions.map((s) => [s.id, s]));
  return grouped.flatMap((r) => {
    const s = byId.get(r.session_id);
    if (!s) return [];
    return [
      {
        sessionId: r.session_id,
        sessionTitle: s.title,
        startsAt: new Date(s.starts_at),
        seriesId: s.series_id,
        seriesTitle: s.series_title,
        currency: r.currency,
        state: r.line_state as LineState,
        lines: Number(r.lines),
        grossCents: Number(r.gross),
        feeCents: Number(r.fee),
        refundCents: Number(r.refund),
        netCents: Number(r.net),
      },
    ];
  });
}
export type SummaryRow = Awaited<ReturnType<typeof spanSummary>>[number];

/** The running balance per currency: the sum of every line's net, kept by the ledger's trigger. */
export function balances(db: Database, dmId: string) {
  return db.selectFrom("dm_balances").select(["currency", "net_cents"]).where("user_id", "=", dmId).execute();
}

/** Per currency, the net of lines paid since `since` that still count (paid or disputed): the money not available yet. */
export async function pendingNet(db: Database, dmId: string, since: Date) {
  const rows = await lines(db, { dmId, start: since, end: new Date(8.64e15) })
    .select(["p.currency", sql<string>`sum(p.line_net)`.as("net")])
    .where("p.paid_at", ">=", since)
    .where("p.line_state", "in", ["paid", "disputed"])
    .groupBy("p.currency")
    .execute();
  return new Map(rows.map((r) => [r.currency, Number(r.net)]));
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
