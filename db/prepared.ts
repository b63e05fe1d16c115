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

/** Never more: each name is a statement kept on every connection, and a bug must not grow that without bound. */
const MOST_NAMES = 500;

/**
 * Names SQL outside `preparedQuery` whose best plan does not depend on its values, so that
 * PostgreSQL may keep one plan for it (the search listing without filters, decision record 103).
 * The caller keeps the set of such texts small; past MOST_NAMES nothing more is named.
 */
export function nameStatement(sqlText: string): void {
  if (registry.has(sqlText) || registry.size >= MOST_NAMES) return;
  registry.set(sqlText, `mesa_${createHash("sha256").update(sqlText).digest("hex").slice(0, 24)}`);
}

const standIn = (name: string) => `\u0000${name}\u0000`;

/**
 * A statement whose SQL never changes, only its values: Kysely builds and compiles it once, and
 * each call sends that SQL with its own values. For the small lookups every page makes (who is
 * asking, the header's counts) building and compiling cost more than the driver's own work
 * (decision record 049); PostgreSQL prepares it once per connection (statementName). `build`
 * receives stand-ins for the values; each must reach the SQL as a parameter, never decide its
 * shape or be written into its text: checked when first compiled.
 */
export function preparedQuery<Args extends Record<string, unknown>, Row>(
  names: readonly (keyof Args & string)[],
  build: (db: Database, args: Args) => Compilable<Row>,
): (db: Database, args: Args) => Promise<Row[]> {
  let compiled: Template<Args> | null = null;
  return async (db, args) => {
    if (!compiled) {
      const standIns = Object.fromEntries(names.map((name) => [name, standIn(name)])) as unknown as Args;
      compiled = compileTemplate(build(db, standIns), names, true);
      // Named by its text, so two queries of the same SQL share a name and a name means one text.
      nameStatement(compiled.sql);
    }
    return (await db.executeQuery<Row>(fill(compiled, args))).rows;
  };
}

/** A query's SQL with its fixed values written in, and where each caller's value goes. */
type Template<Args> = { sql: string; slots: ({ arg: keyof Args & string } | { value: unknown })[] };

/**
 * Compiles a query built from stand-ins, checking that no stand-in was written into its text and
 * (when `everyOne`) that each reached it as a parameter.
 */
function compileTemplate<Args>(query: Compilable<unknown>, names: readonly (keyof Args & string)[], everyOne: boolean): Template<Args> {
  const compiled = query.compile();
  if (compiled.sql.includes("\u0000")) throw new Error("a prepared query's value was written into its SQL text");
  const slots = compiled.parameters.map((value) => {
    const arg = names.find((name) => value === standIn(name));
    return arg ? { arg } : { value };
  });
  if (everyOne)
    for (const name of names) if (!slots.some((slot) => "arg" in slot && slot.arg === name)) throw new Error(`${name} does not reach the SQL as a parameter`);
  return inlineFixedValues(compiled.sql, slots);
}

const fill = <Args>(template: Template<Args>, args: Args) =>
  CompiledQuery.raw(
    template.sql,
    template.slots.map((slot) => ("arg" in slot ? args[slot.arg] : slot.value)),
  );

/** How a value decides a shaped query's SQL: absent, false, true, zero, or present (then a parameter). */
function shapeOf(value: unknown): string {
  if (value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0)) return "-";
  if (typeof value === "boolean") return value ? "t" : "f";
  if (value === 0) return "0";
  return "+";
}

/** Shapes kept per query: the filters' combinations in use are few, but LIMIT and OFFSET are in the key. */
const MOST_SHAPES = 200;

/**
 * For a query whose SQL depends on which of its values are there (a search's filters) but never
 * on what they are: built and compiled once per shape instead of on every call (Kysely's build
 * and compile took 18 % of a search page's CPU). The shape is `fixed` (what else decides the SQL,
 * such as a limit written into it, passed as it is) and, for each of `args`, whether it is absent
 * (null, empty), false, true, zero or present. `build` gets stand-ins for the present values and
 * must use each only as a parameter; it may test a value's presence, never its content. Every call
 * under test, and the first of each shape anywhere, also builds the query from the real values
 * and checks that both give the same SQL and parameters.
 */
export function shapedQuery<Fixed, Args extends Record<string, unknown>, Row>(build: (db: Database, fixed: Fixed, args: Args) => Compilable<Row>) {
  const shapes = new Map<string, Template<Args>>();
  const checkEveryCall = process.env.NODE_ENV === "test";
  return (db: Database, fixed: Fixed, args: Args): CompiledQuery<Row> => {
    const names = Object.keys(args) as (keyof Args & string)[];
    const valueShapes = names.map((name) => shapeOf(args[name]));
    const present = names.filter((_, i) => valueShapes[i] === "+");
    const shape = `${JSON.stringify(fixed)}|${names.map((name, i) => `${name}:${valueShapes[i]}`).join(",")}`;
    let template = shapes.get(shape);
    const first = !template;
    if (!template) {
      const standIns = { ...args, ...Object.fromEntries(present.map((name) => [name, standIn(name)])) } as Args;
      // A value may go unused in some shapes (the time, when past sessions are asked for too).
      template = compileTemplate(build(db, fixed, standIns), present, false);
      if (shapes.size >= MOST_SHAPES) shapes.delete(shapes.keys().next().value!);
      shapes.set(shape, template);
    }
    const query = fill(template, args) as CompiledQuery<Row>;
    if (first || checkEveryCall) {
      const direct = build(db, fixed, args).compile();
      if (written(direct.sql, direct.parameters) !== written(query.sql, query.parameters))
        throw new Error(`a shaped query's SQL depends on more than the presence of its values:\n${direct.sql}`);
    }
    return query;
  };
}

/** The SQL with every parameter written in, to compare two compilations of one query. */
const written = (sqlText: string, parameters: readonly unknown[]) =>
  sqlText.replace(/\$(\d+)/g, (_, n: string) => {
    const value = parameters[Number(n) - 1];
    return literal(value) ?? JSON.stringify(value);
  });

/** A value of the code's own, written as an SQL literal; undefined for a kind it does not write. */
function literal(value: unknown): string | undefined {
  if (value === null) return "null";
  if (typeof value === "boolean") return value ? "true" : "false";
  // In parentheses when negative: after a minus, `-1` would start an SQL comment (`x --1`).
  if (typeof value === "number" && Number.isFinite(value)) return value < 0 ? `(${value})` : String(value);
  if (typeof value === "string" && !value.includes("\u0000")) return `'${value.replace(/'/g, "''")}'`;
  return undefined;
}

/**
 * Writes the values the code fixed (a status, a kind, a LIMIT) into the SQL and renumbers the
 * rest: only the callers' values stay parameters. A kept plan then knows them, as a plan made for
 * each call did: with `limit $16` and `kind = $5` PostgreSQL costed its generic plan too high to
 * keep it, and planned the header's counts anew on every page (0.9 ms; decision record 103).
 */
export function inlineFixedValues<Slot extends { arg: string } | { value: unknown }>(sqlText: string, slots: readonly Slot[]) {
  const kept: Slot[] = [];
  const renumbered = new Map<number, string>();
  slots.forEach((slot, i) => {
    const written = "value" in slot ? literal(slot.value) : undefined;
    if (written !== undefined) renumbered.set(i + 1, written);
    else {
      kept.push(slot);
      renumbered.set(i + 1, `$${kept.length}`);
    }
  });
  return { sql: sqlText.replace(/\$(\d+)/g, (token, n: string) => renumbered.get(Number(n)) ?? token), slots: kept };
}
