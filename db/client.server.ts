import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { forgetDatabaseOutage, reportDatabaseError } from "./availability";
import { statementName } from "./prepared";
import type { DB } from "./schema";

export type Database = Kysely<DB>;

// timestamptz and date come back as JS Dates (pg's default); bigint counts as numbers
// because every count we read fits comfortably in 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** How long a query waits for a connection before it fails (and counts as the database being away). */
export const CONNECT_TIMEOUT_MS = 5000;

export function createDatabase(connectionString: string, max = 10): Database {
  // Without a timeout a request would wait forever for a server that no longer answers.
  const pool = new pg.Pool({ connectionString, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  const ask = () => pool.query("select 1");
  // An idle client can lose its server (restart, failover); pg then emits 'error' on the pool,
  // which would crash the process if nobody listened. The pool replaces the client by itself.
  pool.on("error", (error) => {
    if (!reportDatabaseError(error, ask)) process.stderr.write(`[db] idle client error: ${error.message}\n`);
  });
  // Every way a query can fail to reach the server passes here: getting a connection (refused,
  // timed out) and running a query on one (terminated), so db/availability.ts sees them all.
  const watched = {
    connect: () =>
      pool.connect().then(namePreparedStatements, (error: unknown) => {
        reportDatabaseError(error, ask);
        throw error;
      }),
    end: () => pool.end(),
  };
  return new Kysely<DB>({
    dialect: new PostgresDialect({ pool: watched }),
    log: (event) => {
      if (event.level === "error") reportDatabaseError(event.error, ask);
    },
  });
}

const named = new WeakSet<pg.PoolClient>();

/**
 * Sends a prepared query's SQL (db/prepared.ts) as a named statement on this connection: PostgreSQL
 * keeps its parse and, after five calls, a generic plan, where it planned each call anew. Only
 * those statements: their shape is fixed and their values are ids, for which one plan suits every
 * call; a search's plan depends on its values. Kysely calls `query(sql, values)`; every other form
 * (pg-pool's own, with a callback) passes through untouched.
 */
function namePreparedStatements(client: pg.PoolClient): pg.PoolClient {
  if (named.has(client)) return client;
  named.add(client);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const name = args.length === 2 && typeof args[0] === "string" && Array.isArray(args[1]) ? statementName(args[0]) : undefined;
    return name ? query({ name, text: args[0], values: args[1] }) : query(...args);
  }) as typeof client.query;
  return client;
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
  forgetDatabaseOutage();
  await db?.destroy();
}
