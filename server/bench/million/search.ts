import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { Requester } from "../../../app/modules/auth/session.server";
import { parseSearchParams } from "../../../app/modules/sessions/search";
import { searchSessions } from "../../../app/modules/sessions/sessions.server";
import type { Database } from "../../../db/client.server";
import type { DB } from "../../../db/schema";
import { searchCombos } from "../search-shapes";
import { percentile } from "../stats";

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

/**
 * Every filter alone and in the combinations people use, on top of the bench's quick chips, rare
 * and non-matching terms: the shapes a million sessions must answer within the budget. The rare
 * ones matter most: a filter that matches almost nothing makes a walk of the date index read far.
 */
export const millionShapes: Record<string, string> = {
  ...searchCombos,
  game: q({ game: "Call of Cthulhu" }),
  genre: q({ genre: "Horror" }),
  level: q({ experienceLevel: "Beginner" }),
  nextWeek: q({ dateFrom: day(0), dateTo: day(7) }),
  inThreeMonths: q({ dateFrom: day(90), dateTo: day(97) }),
  rareTag: q({ tags: "streaming" }),
  safetyTool: q({ safetyTools: "x_card" }),
  seriesOnly: q({ type: "series" }),
  standaloneOnly: q({ type: "standalone" }),
  minSpots: q({ minSpots: "5" }),
  includePast: q({ includePast: "true" }),
  priceMin: q({ priceMin: "50000" }),
  priceMax: q({ priceMax: "6000" }),
  rareCurrency: q({ currency: "PEN" }),
  ungrouped: q({ groupBySeries: "false" }),
  page200: q({ page: "200" }),
  commonText: q({ searchTerm: "cripta" }),
  shortText: q({ searchTerm: "la" }),
  hostName: q({ searchTerm: "quetzal" }),
  gameGenreLevel: q({ game: "Call of Cthulhu", genre: "Horror", experienceLevel: "Advanced" }),
  rareCombo: q({ game: "Shadowrun", genre: "Superhero", experienceLevel: "Beginner", currency: "PEN" }),
  noMatchCombo: q({ game: "Starfinder", genre: "Historical", tags: "text-only", safetyTools: "open_door" }),
  textAndGame: q({ searchTerm: "faro", game: "Pathfinder" }),
  freeBeginner: q({ freeOnly: "true", tags: "beginner-friendly", experienceLevel: "Beginner" }),
  fortnightFewSeats: q({ dateFrom: day(0), dateTo: day(14), fewSpots: "true" }),
  brlPriceFewSeats: q({ currency: "BRL", priceMin: "20000", priceMax: "40000", fewSpots: "true" }),
  seriesGame: q({ type: "series", game: "D&D 5e" }),
  safetyAndTag: q({ safetyTools: "x_card", tags: "roleplay-heavy" }),
  bigTablesAdvanced: q({ minSpots: "8", experienceLevel: "Advanced" }),
  pastText: q({ includePast: "true", searchTerm: "cripta" }),
  pastRareText: q({ includePast: "true", searchTerm: "cripta #77772" }),
  pastNoMatch: q({ includePast: "true", searchTerm: "zzqxv" }),
  pastGameGenre: q({ includePast: "true", game: "Shadowrun", genre: "Horror" }),
  pastRareCombo: q({ includePast: "true", game: "Shadowrun", genre: "Superhero", experienceLevel: "Beginner", currency: "PEN" }),
};

/** Each shape RUNS times after one untimed run, through the app's own search as the page calls it. */
export async function timeSearches(db: Database, viewer: Requester, shapes: Record<string, string> = millionShapes) {
  const results: Record<string, { p50: number; p95: number; total: number }> = {};
  for (const [name, qs] of Object.entries(shapes)) {
    const params = parseSearchParams(new URLSearchParams(qs));
    const times: number[] = [];
    let total = 0;
    await searchSessions({ db, now: new Date() }, params, viewer, { timeZone: viewer.timeZone });
    for (let i = 0; i < RUNS; i += 1) {
      const started = performance.now();
      total = (await searchSessions({ db, now: new Date() }, params, viewer, { timeZone: viewer.timeZone })).total;
      times.push(performance.now() - started);
    }
    results[name] = { p50: +percentile(times, 50).toFixed(2), p95: +percentile(times, 95).toFixed(2), total };
  }
  return results;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements a shape's search sends, captured from Kysely's log,
 * so the plan shown is the plan used (`BENCH_EXPLAIN=rareCombo,pastNoMatch` prints them).
 */
export async function explainShapes(databaseUrl: string, viewer: Requester, names: string[]) {
  const captured: { sql: string; parameters: readonly unknown[] }[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: (event) => void (event.level === "query" && captured.push(event.query)) });
  const plans: Record<string, string[][]> = {};
  try {
    for (const name of names) {
      captured.length = 0;
      await searchSessions({ db, now: new Date() }, parseSearchParams(new URLSearchParams(millionShapes[name] ?? "")), viewer, { timeZone: viewer.timeZone });
      plans[name] = [];
      for (const query of [...captured]) {
        const { rows } = await pool.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${query.sql}`, [...query.parameters]);
        plans[name].push(rows.map((r) => r["QUERY PLAN"]));
      }
    }
  } finally {
    await db.destroy();
  }
  return plans;
}
