import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSearchParams } from "../../app/modules/sessions/search";
import { searchSessions } from "../../app/modules/sessions/sessions.server";
import { createDatabase, type Database } from "../../db/client.server";
import { seedBulkSessions } from "../../server/seed/bulk";
import { createUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const now = new Date();
let db: Database;

beforeAll(async () => {
  await createUser({ role: "dm", displayName: "Ana Narradora" });
  await seedBulkSessions(300, () => {});
  // One connection, so every search below meets the same server session and its statements.
  db = createDatabase(process.env.DATABASE_URL!, 1);
}, 120_000);
afterAll(async () => {
  await db.destroy();
});

const search = (query: string) => searchSessions({ db, now }, parseSearchParams(new URLSearchParams(query)), null, { timeZone: "UTC" });

const named = async () =>
  (await sql<{ statement: string; calls: number }>`select statement, generic_plans + custom_plans as calls from pg_prepared_statements`.execute(db)).rows;

describe("the listing without filters as a named statement (decision record 103)", () => {
  it("keeps one statement per page of the listing, and plans every filtered search anew", async () => {
    const first = await search("");
    for (let i = 0; i < 6; i += 1) expect((await search("")).rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    expect(first.rows).toHaveLength(12);
    expect(await named()).toEqual([expect.objectContaining({ calls: 7 })]);
    // Its limits are in its text: a second page is a second statement.
    const second = await search("page=2");
    expect(second.rows.map((r) => r.id)).not.toContain(first.rows[0]!.id);
    expect(await named()).toHaveLength(2);
    // A filter's value decides its plan: never kept.
    await search("game=D%26D+5e");
    await search("searchTerm=cripta");
    expect(await named()).toHaveLength(2);
  });

  it("writes only whole numbers the server computed into the SQL", async () => {
    expect((await search("page=abc")).rows).toHaveLength(12);
    // A page past the first ten is planned each time, not kept.
    await search("page=11");
    expect(await named()).toHaveLength(2);
  });
});
