import { createHash } from "node:crypto";
import { type Compilable, CompiledQuery } from "kysely";
import type { Database } from "./client.server";

// The server process loads this module twice (its own copy and the app build's): one registry for both.
const registryKey = Symbol.for("mesa.namedStatements");
const registry = ((globalThis as unknown as { [registryKey]?: Map<string, string> })[registryKey] ??= new Map<string, string>());

/**
 * The server-side name of a prepared query's SQL, if it is one. The pool (db/client.server.ts)
 * sends such SQL as a named statement, which PostgreSQL parses and plans once per connection
 * instead of on every call: planning the header's counts took 0.84 ms of every signed-in page's
 * 1.0 ms for that statement (decision record 103).
 */
export function statementName(sqlText: string): string | undefined {
  return registry.get(sqlText);
}

const standIn = (name: string) => `\u0000${name}\u0000`;

/**
 * A statement whose SQL never changes, only its values: Kysely builds and compiles it once, and
 * each call sends that SQL with its own values. For the small lookups every page makes (who is
 * asking, the header's counts) building and compiling cost more than the driver's own work
 * (decision record 049); PostgreSQL prepares it once per connection (statementName). `build` receives stand-ins for the values; each must reach the SQL as a
 * parameter, never decide its shape or be written into its text: checked when first compiled.
 */
export function preparedQuery<Args extends Record<string, unknown>, Row>(
  names: readonly (keyof Args & string)[],
  build: (db: Database, args: Args) => Compilable<Row>,
): (db: Database, args: Args) => Promise<Row[]> {
  let compiled: { sql: string; slots: ({ arg: keyof Args & string } | { value: unknown })[] } | null = null;
  return async (db, args) => {
    if (!compiled) {
      const standIns = Object.fromEntries(names.map((name) => [name, standIn(name)])) as unknown as Args;
      const query = build(db, standIns).compile();
      if (query.sql.includes("\u0000")) throw new Error("a prepared query's value was written into its SQL text");
      const slots = query.parameters.map((value) => {
        const arg = names.find((name) => value === standIn(name));
        return arg ? { arg } : { value };
      });
      for (const name of names) if (!slots.some((slot) => "arg" in slot && slot.arg === name)) throw new Error(`${name} does not reach the SQL as a parameter`);
      compiled = { sql: query.sql, slots };
      // Named by its text, so two queries of the same SQL share a name and a name means one text.
      registry.set(query.sql, `mesa_${createHash("sha256").update(query.sql).digest("hex").slice(0, 24)}`);
    }
    const parameters = compiled.slots.map((slot) => ("arg" in slot ? args[slot.arg] : slot.value));
    return (await db.executeQuery<Row>(CompiledQuery.raw(compiled.sql, parameters))).rows;
  };
}
