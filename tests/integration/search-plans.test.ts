import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { signUp } from "../../app/modules/auth/sign-up.server";
import { parseSearchParams } from "../../app/modules/sessions/search";
import { searchSessions } from "../../app/modules/sessions/sessions.server";
import type { DB } from "../../db/schema";
import { seedBulkSessions } from "../../server/seed/bulk";
import { useTestDatabase } from "../setup/database";
import { markVerified, newMeta, requesterOf, signupInput, testDeps, uniqueEmail } from "./helpers";

useTestDatabase();

const now = new Date();
let viewer: Requester;
let pool: pg.Pool;
let db: Kysely<DB>;
const captured: { sql: string; parameters: readonly unknown[] }[] = [];

beforeAll(async () => {
  const { deps } = testDeps(now);
  const created = await signUp(deps, { ...signupInput(uniqueEmail("dm")), role: "dm", displayName: "Ana Narradora" }, newMeta());
  if (created.status === "created") await markVerified(created.userId);
  if (created.status !== "created") throw new Error("sign-up failed");
  viewer = requesterOf({ id: created.userId, email: "", displayName: "Ana", roles: ["user", "dm"] }, { firstName: "", lastName: "", timeZone: "UTC" });
  // Enough rows that walking the date index costs thousands of buffer reads.
  await seedBulkSessions(6000, () => {});
  pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 });
  // Moves the bulk insert out of the trigram index's pending list, as autovacuum does on a live site.
  await pool.query("vacuum analyze sessions");
  db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), log: (event) => void (event.level === "query" && captured.push(event.query)) });
}, 120_000);
afterAll(async () => {
  await db.destroy();
});

/** Total buffers every query of one search reads, from EXPLAIN (ANALYZE, BUFFERS) of the very SQL sent. */
async function buffersRead(query: string) {
  captured.length = 0;
  const result = await searchSessions({ db, now }, parseSearchParams(new URLSearchParams(query)), viewer, { timeZone: "UTC" });
  let buffers = 0;
  for (const q of captured) {
    const { rows } = await pool.query<{ "QUERY PLAN": [{ Plan: { "Shared Hit Blocks": number; "Shared Read Blocks": number } }] }>(
      `explain (analyze, buffers, format json) ${q.sql}`,
      [...q.parameters],
    );
    const plan = rows[0]!["QUERY PLAN"][0].Plan;
    if (process.env.SHOW_PLANS) console.log(JSON.stringify(plan, null, 1));
    buffers += plan["Shared Hit Blocks"] + plan["Shared Read Blocks"];
  }
  return { buffers, total: result.total };
}

describe("search terms at scale", () => {
  it("answers a term that matches nothing from the trigram index, not by reading every upcoming row", async () => {
    const { buffers, total } = await buffersRead("searchTerm=zzqxv");
    expect(total).toBe(0);
    // Walking the date index read over 6,000 buffers here (page and count).
    expect(buffers).toBeLessThan(200);
  });

  it("answers a rare term from the index too", async () => {
    const { buffers, total } = await buffersRead(`searchTerm=${encodeURIComponent("cripta #1236")}`);
    expect(total).toBe(1);
    expect(buffers).toBeLessThan(200);
  });

  it("reads one or two characters as the start of a word, from the index", async () => {
    const none = await buffersRead("searchTerm=zq");
    expect(none.total).toBe(0);
    expect(none.buffers).toBeLessThan(200);
    // 'Night City', 'El faro maldito': 'ni' and 'fa' start words; 'ig' and 'ar' are inside words only.
    expect((await buffersRead("searchTerm=ni")).total).toBeGreaterThan(0);
    expect((await buffersRead("searchTerm=fa")).total).toBeGreaterThan(0);
    expect((await buffersRead("searchTerm=ig&type=standalone")).total).toBe(0);
  });

  it("still finds sessions by their DM's name", async () => {
    expect((await buffersRead("searchTerm=narradora")).total).toBeGreaterThan(100);
  });
});
