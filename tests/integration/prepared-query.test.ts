import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createDatabase, getDb } from "../../db/client.server";
import { inlineFixedValues, preparedQuery, shapedQuery } from "../../db/prepared";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

describe("preparedQuery", () => {
  it("compiles once and sends each call's values in their places", async () => {
    let builds = 0;
    const pick = preparedQuery(["a", "b"], (db, args: { a: number; b: string }) => {
      builds += 1;
      return db.selectNoFrom([sql<number>`${args.a}::int + 1`.as("n"), sql<string>`${args.b}::text || '!'`.as("s"), sql<string>`${"fijo"}::text`.as("k")]);
    });
    expect(await pick(getDb(), { a: 1, b: "hola" })).toEqual([{ n: 2, s: "hola!", k: "fijo" }]);
    expect(await pick(getDb(), { a: 41, b: "adiós" })).toEqual([{ n: 42, s: "adiós!", k: "fijo" }]);
    expect(builds).toBe(1);
  });

  it("refuses a value that never reaches the SQL as a parameter, or is written into its text", async () => {
    const unused = preparedQuery(["limit"], (db, _args: { limit: number }) => db.selectFrom("users").select("id"));
    await expect(unused(getDb(), { limit: 3 })).rejects.toThrow(/limit does not reach/);
    const written = preparedQuery(["column"], (db, args: { column: string }) => db.selectNoFrom([sql.raw<string>(`'${args.column}'`).as("c")]));
    await expect(written(getDb(), { column: "x" })).rejects.toThrow(/SQL text/);
  });

  it("is prepared once per connection under its name and planned generically after five calls; other statements are not", async () => {
    // One connection, so every call below meets the same server session.
    const db = createDatabase(process.env.DATABASE_URL!, 1);
    try {
      const count = preparedQuery(["email"], (db, args: { email: string }) =>
        db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("email", "=", args.email),
      );
      for (let i = 0; i < 7; i += 1) expect(await count(db, { email: `nobody-${i}@mesa.test` })).toEqual([{ n: 0 }]);
      await sql`select 1`.execute(db);
      const { rows } = await sql<{ name: string; statement: string; calls: number }>`
        select name, statement, generic_plans + custom_plans as calls from pg_prepared_statements`.execute(db);
      expect(rows).toHaveLength(1);
      expect(rows[0]!.name).toMatch(/^mesa_[0-9a-f]{24}$/);
      expect(rows[0]!.statement).toContain('from "users"');
      expect(Number(rows[0]!.calls)).toBe(7);
    } finally {
      await db.destroy();
    }
  });

  it("writes the code's own values into the SQL, quoted, and keeps the callers' as renumbered parameters", () => {
    const slots = [{ value: "it's" }, { arg: "id" }, { value: -2 }, { value: true }, { value: null }, { value: new Date(0) }, { arg: "n" }, { value: 10 }];
    const sqlText = "select $1, $2, x - $3, $4, $5, $6, $7 limit $8 -- $10";
    const { sql: written, slots: kept } = inlineFixedValues(sqlText, slots);
    expect(written).toBe("select 'it''s', $1, x - (-2), true, null, $2, $3 limit 10 -- $10");
    expect(kept).toEqual([{ arg: "id" }, { value: new Date(0) }, { arg: "n" }]);
  });

  it("answers the same with the fixed values written in", async () => {
    const statuses = preparedQuery(["email"], (db, args: { email: string }) =>
      db
        .selectFrom("users")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("email", "=", args.email)
        .where("email", "<>", "o'brien@mesa.test")
        .where("banned_at", "is", null)
        .limit(5),
    );
    expect(await statuses(getDb(), { email: "nadie@mesa.test" })).toEqual([{ n: 0 }]);
  });
});

describe("shapedQuery", () => {
  type Args = { min: number | null; name: string | null; tags: string[]; wide: boolean };
  let builds = 0;
  const query = shapedQuery((db, page: { limit: number }, args: Args) => {
    builds += 1;
    const all = [sql`true`];
    if (args.min !== null) all.push(sql`n >= ${args.min}`);
    if (args.name) all.push(sql`name = ${args.name}`);
    if (args.tags.length) all.push(sql`tags @> ${sql.val(args.tags)}::text[]`);
    if (args.wide) all.push(sql`n < ${"100"}::int`);
    const rows = sql<{
      n: number;
      name: string;
    }>`select n, name from (values (1, 'uno', array['a']), (5, 'cinco', array['a','b']), (0, 'cero', array[]::text[])) t(n, name, tags)
      where ${sql.join(all, sql` and `)} order by n limit ${sql.lit(page.limit)}`;
    return { compile: () => rows.compile(db) };
  });
  const names = async (page: { limit: number }, args: Args) => (await getDb().executeQuery(query(getDb(), page, args))).rows.map((r) => r.name);

  it("builds each shape twice on its first call (stand-ins, then the real values to compare) and once per later call under test, answering each call's values", async () => {
    builds = 0;
    expect(await names({ limit: 9 }, { min: 1, name: null, tags: [], wide: false })).toEqual(["uno", "cinco"]);
    expect(builds).toBe(2);
    expect(await names({ limit: 9 }, { min: 5, name: null, tags: [], wide: false })).toEqual(["cinco"]);
    // Same shape: no new stand-in build, only the check that runs on every call under test.
    expect(builds).toBe(3);
    expect(await names({ limit: 9 }, { min: null, name: "cero", tags: [], wide: true })).toEqual(["cero"]);
    expect(await names({ limit: 9 }, { min: null, name: null, tags: ["b"], wide: false })).toEqual(["cinco"]);
    expect(await names({ limit: 1 }, { min: null, name: null, tags: ["a"], wide: false })).toEqual(["uno"]);
  });

  it("keeps zero apart from other numbers and from absent: a zero is written in, not sent", async () => {
    expect(await names({ limit: 9 }, { min: 0, name: null, tags: [], wide: false })).toEqual(["cero", "uno", "cinco"]);
    const compiled = query(getDb(), { limit: 9 }, { min: 0, name: null, tags: [], wide: false });
    expect(compiled.sql).toContain("n >= 0");
    expect(compiled.parameters).toEqual([]);
    expect(query(getDb(), { limit: 9 }, { min: 3, name: null, tags: [], wide: false }).parameters).toEqual([3]);
  });

  it("refuses a build whose SQL depends on what a value is, not only on whether it is there", () => {
    const byContent = shapedQuery((db, _fixed: null, args: { kind: string }) =>
      db.selectNoFrom(args.kind === "a" ? sql<number>`1`.as("n") : sql<number>`${args.kind}::int`.as("n")),
    );
    expect(() => byContent(getDb(), null, { kind: "7" })).not.toThrow();
    expect(() => byContent(getDb(), null, { kind: "a" })).toThrow(/depends on more than the presence/);
  });
});
