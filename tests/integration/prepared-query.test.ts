import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { getDb } from "../../db/client.server";
import { preparedQuery } from "../../db/prepared";
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
});
