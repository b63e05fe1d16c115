import { type ExpressionBuilder, type RawBuilder, sql, type SqlBool } from "kysely";
import type { Database } from "#db/client.server";
import { nameStatement, shapedQuery } from "#db/prepared";
import type { DB } from "#db/schema";
import { cardRows } from "./cards-repo.server";
import { activeBookingExists } from "./repo.server";

export type SearchFilters = {
  /** Accent- and case-folded, already trimmed. */
  term: string | null;
  game: string | null;
  genre: string | null;
  experienceLevel: string | null;
  from: Date | null;
  to: Date | null;
  tagIds: string[];
  safetyTools: string[];
  type: "series" | "standalone" | null;
  minSpots: number | null;
  fewSpots: boolean;
  includePast: boolean;
  priceMin: number | null;
  priceMax: number | null;
  currency: string | null;
  freeOnly: boolean;
  dmId: string | null;
  viewerId: string | null;
  groupBySeries: boolean;
};

/** Escapes LIKE's wildcards so a search for "50%" means the characters. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);
const likePattern = (term: string) => `%${escapeLike(term)}%`;

/**
 * The LIKE patterns for a term. A term of one or two characters holds no trigram, so "contains"
 * could only be answered by reading every row (800 ms at 100,000 sessions when nothing matches);
 * it means "a word starts with" instead, which the trigram index answers from the padded
 * start-of-word trigrams.
 */
function termPatterns(term: string | null) {
  if (!term) return { termLike: null, termStart: null, termWordStart: null };
  if (term.length >= 3) return { termLike: likePattern(term), termStart: null, termWordStart: null };
  const start = `${escapeLike(term)}%`;
  return { termLike: null, termStart: start, termWordStart: `% ${start}` };
}

type TermPatterns = ReturnType<typeof termPatterns>;

/** The text condition on a folded column (see termPatterns). */
function textMatches(column: RawBuilder<unknown>, p: TermPatterns): RawBuilder<SqlBool> {
  if (p.termLike) return sql<SqlBool>`${column} like ${p.termLike}`;
  return sql<SqlBool>`(${column} like ${p.termStart} or ${column} like ${p.termWordStart})`;
}

/**
 * A search's values as its SQL uses them: each is a parameter, and only whether it is there
 * decides the SQL (shapedQuery). The type is two flags, the term its LIKE patterns.
 */
type SearchArgs = TermPatterns &
  Omit<SearchFilters, "term" | "type"> & {
    series: boolean;
    standalone: boolean;
    now: Date;
    /** The hosts whose name matches the term (usersNamed). */
    termDmIds: string[];
  };

/**
 * The filters as one condition on the sessions row called `a`. The grouping check applies it to
 * a row's earlier siblings too, so both must be the very same condition.
 */
function matches(f: SearchArgs, a: "s" | "s2"): RawBuilder<SqlBool> {
  const c = (column: string) => sql.ref(`${a}.${column}`);
  const now = f.now;
  const all: RawBuilder<unknown>[] = [];
  const term = f.termLike || f.termStart;
  if (!f.includePast && (term || f.tagIds.length || f.safetyTools.length)) {
    // A search by text, tag or tool reads the GIN index of the sessions not over (decision record
    // 102): its predicate, named here word for word as in the index, lists the same sessions as
    // "not cancelled" among those still to come (only completeEnded marks one COMPLETED, once it
    // has ended). The date is written so that no index can take it: read through the date index
    // (its predicate is the same) PostgreSQL intersected 130,000 entries with the GIN bitmap for
    // nothing. A walk in date order uses that index's order instead, from the first not over.
    all.push(sql`${c("status")} in ('UPCOMING', 'CONFIRMED', 'ACTIVE', 'IN_PROGRESS')`);
    // The grouping's probe of a series' earlier sessions keeps the plain date: it bounds that index scan.
    all.push(a === "s" ? sql`nullif(${c("starts_at")} >= ${now}, false) is not null` : sql`${c("starts_at")} >= ${now}`);
  } else {
    all.push(sql`${c("status")} <> 'CANCELLED'`);
    if (!f.includePast) all.push(sql`${c("starts_at")} >= ${now}`);
  }
  if (term) {
    const text = textMatches(c("search_text"), f);
    // The DMs whose name matches come as literal ids, looked up first: as a subquery the planner
    // could not know it was empty, guessed many matches and walked every upcoming row by date
    // (twice: page and count) for a term that matches nothing, instead of using the trigram index.
    all.push(f.termDmIds.length ? sql`(${text} or ${c("dm_id")} = any(${sql.val(f.termDmIds)}::uuid[]))` : text);
  }
  if (f.game) all.push(sql`${c("game")} = ${f.game}`);
  if (f.genre) all.push(sql`${c("genre")} = ${f.genre}`);
  if (f.experienceLevel) all.push(sql`${c("experience_level")} = ${f.experienceLevel}`);
  if (f.from) all.push(sql`${c("starts_at")} >= ${f.from}`);
  if (f.to) all.push(sql`${c("starts_at")} < ${f.to}`);
  if (f.tagIds.length) all.push(sql`${c("tags")} @> ${sql.val(f.tagIds)}::text[]`);
  // Every tool asked for; the GIN index on (tags, safety_tools) answers @> for both in one scan.
  if (f.safetyTools.length) all.push(sql`${c("safety_tools")} @> ${sql.val(f.safetyTools)}::text[]`);
  if (f.series) all.push(sql`${c("series_id")} is not null`);
  if (f.standalone) all.push(sql`${c("series_id")} is null`);
  if (f.minSpots) all.push(sql`${c("max_participants")} - ${c("booked_count")} >= ${f.minSpots}`);
  if (f.fewSpots) all.push(sql`${c("max_participants")} - ${c("booked_count")} between 1 and 3`);
  if (f.freeOnly) all.push(sql`${c("price_cents")} = 0`);
  if (f.priceMin !== null) all.push(sql`${c("price_cents")} >= ${f.priceMin}`);
  if (f.priceMax !== null) all.push(sql`${c("price_cents")} <= ${f.priceMax}`);
  if (f.currency) all.push(sql`${c("currency")} = ${f.currency}`);
  if (f.dmId) all.push(sql`${c("dm_id")} = ${f.dmId}`);
  all.push(f.viewerId ? sql`(not ${c("is_private")} or ${c("dm_id")} = ${f.viewerId})` : sql`not ${c("is_private")}`);
  return sql<SqlBool>`(${sql.join(all, sql` and `)})`;
}

/**
 * With grouping each series shows once: its earliest matching session stands for it, that is a
 * session of a series shows only when no earlier session of the same series matches. Asked per
 * row, this lets PostgreSQL walk the date index and stop after one page, where ranking every
 * match first (a window function) read all of them.
 */
function listed(f: SearchArgs): RawBuilder<SqlBool> {
  if (!f.groupBySeries) return matches(f, "s");
  return sql<SqlBool>`(${matches(f, "s")} and (s.series_id is null or not exists (
    select 1 from sessions s2 where s2.series_id = s.series_id and (s2.starts_at, s2.id) < (s.starts_at, s.id) and ${matches(f, "s2")})))`;
}

/**
 * The hosts whose display name contains the (folded) term, through the trigram index of the names
 * of people who have hosted (`hosts_sessions`, kept by a trigger on sessions; decision record 102).
 * Only hosts: a common first name among 100,000 players matched thousands of ids that no session
 * could match, and checking each for a session cost more than the search itself.
 */
async function usersNamed(db: Database, term: string): Promise<string[]> {
  const rows = await db
    .selectFrom("users")
    .select("id")
    .where("hosts_sessions", "=", true)
    .where(textMatches(sql`immutable_unaccent(lower(display_name))`, termPatterns(term)))
    .execute();
  return rows.map((r) => r.id);
}

/** How many first pages of the listing without filters PostgreSQL keeps a plan for. */
const KEPT_PAGES = 10;

/** A limit or offset written into the SQL: only ever a whole number the server computed. */
function count(n: number) {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a count: ${n}`);
  return sql.lit(n);
}

/** No filter but those every listing has (the time, the viewer's private sessions, the grouping). */
function unfiltered(f: SearchFilters) {
  return (
    !f.term &&
    !f.game &&
    !f.genre &&
    !f.experienceLevel &&
    !f.from &&
    !f.to &&
    !f.tagIds.length &&
    !f.safetyTools.length &&
    !f.type &&
    !f.minSpots &&
    !f.fewSpots &&
    !f.includePast &&
    f.priceMin === null &&
    f.priceMax === null &&
    !f.currency &&
    !f.freeOnly &&
    !f.dmId
  );
}

/**
 * A page of results and the number of matches, counted only up to `countCap` + 1: counting all of
 * 100,000 upcoming sessions would cost many times the page itself, so the caller asks for a few
 * pages past the current one and shows "more than" above that. Both in one statement: each
 * statement is a round trip that costs the page CPU of its own (decision record 049).
 *
 * The matches are found once: the walk that counts them (ordered like the page, so PostgreSQL
 * walks the date index and stops at the cap rather than collecting every match into a bitmap)
 * keeps their ids, and the page is the slice of those it shows, read by primary key. Matching
 * twice, once for the count and once for the page, doubled the cost of every filter that reads
 * far (a text term's trigram index, tags over a million rows). The count is the outer row, so an
 * empty page still brings it.
 */
export async function searchSessionRows(db: Database, f: SearchFilters, now: Date, limit: number, offset: number, countCap: number) {
  const { term, type, ...rest } = f;
  const args: SearchArgs = {
    ...rest,
    ...termPatterns(term),
    series: type === "series",
    standalone: type === "standalone",
    now,
    termDmIds: term ? await usersNamed(db, term) : [],
  };
  // Never fewer than the page needs, so the slice below is the same as a page read on its own.
  const kept = Math.max(countCap + 1, offset + limit);
  const query = searchQuery(db, { limit, offset, kept }, args);
  // The listing without filters has one best plan whatever its values (the time and the viewer):
  // PostgreSQL may keep it. Its first pages only, so the texts stay few (ten pages, grouped or
  // not, signed in or not: 40); any filter's plan depends on its value and is planned each time.
  if (unfiltered(f) && offset < KEPT_PAGES * limit) nameStatement(query.sql);
  const { rows } = await db.executeQuery(query);
  const n = rows[0]?.matches_counted ?? 0;
  const found = rows[0]?.id == null ? [] : rows.map(({ matches_counted: _, ...row }) => row as PageRow);
  return { rows: found, total: Math.min(n, countCap), more: n > countCap };
}

/** The page and count statement of searchSessionRows, compiled once per shape of filters and page (shapedQuery). */
const searchQuery = shapedQuery((db, page: { limit: number; offset: number; kept: number }, f: SearchArgs) => {
  // Written into the SQL, not sent as values: with a LIMIT it cannot see, PostgreSQL plans for a
  // tenth of the table and a kept plan would sort every match (decision record 103).
  const slice = sql<string>`(select m.id from m order by m.starts_at, m.id limit ${count(page.limit)} offset ${count(page.offset)})`;
  const rows = cardRows(db, f.viewerId).where("s.id", "in", slice).orderBy("s.starts_at").orderBy("s.id");
  const query = sql<PageRow & { matches_counted: number }>`with m as materialized (
        select s.id, s.starts_at from sessions s where ${listed(f)} order by s.starts_at, s.id limit ${count(page.kept)})
    select p.*, c.n as matches_counted
      from (select count(*)::int as n from m) c left join lateral (${rows}) p on true
     order by p.starts_at, p.id`;
  return { compile: () => query.compile(db) };
});

type PageRow = Awaited<ReturnType<ReturnType<typeof cardRows>["execute"]>>[number];

export type SearchRow = Awaited<ReturnType<typeof searchSessionRows>>["rows"][number];

type UserListOptions = { past: boolean; joinedOnly: boolean };

/** The condition for "sessions a user hosts (unless joinedOnly) or holds an active seat in", upcoming or past. */
function userSessionFilter(userId: string, now: Date, opts: UserListOptions) {
  return (eb: ExpressionBuilder<DB & { s: DB["sessions"] }, "s">) => {
    const booked = activeBookingExists(userId);
    const mine = opts.joinedOnly ? booked : eb.or([eb("s.dm_id", "=", userId), booked]);
    return eb.and([mine, opts.past ? eb("s.starts_at", "<", now) : eb("s.starts_at", ">=", now), eb("s.status", "!=", "CANCELLED")]);
  };
}

/** Sessions a user hosts or has an active booking in, upcoming (soonest first) or past (latest first). */
export function listUserSessions(db: Database, userId: string, now: Date, opts: UserListOptions & { limit: number; offset?: number }) {
  return cardRows(db, userId)
    .where(userSessionFilter(userId, now, opts))
    .orderBy("s.starts_at", opts.past ? "desc" : "asc")
    .orderBy("s.id")
    .limit(opts.limit)
    .offset(opts.offset ?? 0)
    .execute();
}

export async function countUserSessions(db: Database, userId: string, now: Date, opts: UserListOptions) {
  const row = await db
    .selectFrom("sessions as s")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .where(userSessionFilter(userId, now, opts))
    .executeTakeFirstOrThrow();
  return Number(row.total);
}
