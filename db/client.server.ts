import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import type { DB } from "./schema";

export type Database = Kysely<DB>;

// timestamptz and date come back as JS Dates (pg's default); bigint counts as numbers
// because every count we read fits comfortably in 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

export function createDatabase(connectionString: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString, max });
  // An idle client can lose its server (restart, failover); pg then emits 'error' on the pool,
  // which would crash the process if nobody listened. The pool replaces the client by itself.
  pool.on("error", (error) => process.stderr.write(`[db] idle client error: ${error.message}\n`));
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

// The server process loads this module twice (its own copy and the app build's), so the one
// pool lives on globalThis; graceful shutdown then closes the pool the app really uses.
const key = Symbol.for("mesa.db");
const holder = globalThis as unknown as { [key]?: Database };

/** The process-wide pool, created on first use from DATABASE_URL (set by the server before the app loads). */
export function getDb(): Database {
  if (!holder[key]) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("DATABASE_URL is not set: start the app through server/index.ts or set it");
    holder[key] = createDatabase(url);
  }
  return holder[key];
}

export async function closeDb() {
  const db = holder[key];
  holder[key] = undefined;
  await db?.destroy();
}
