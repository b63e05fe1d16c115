/**
 * Whether PostgreSQL can be reached, as this process last saw it. The pool reports every error it
 * meets here (db/client.server.ts); the server answers 503 "back in a moment" while the database is
 * down (server/outage.ts) and the outage is logged once when it starts and once when it ends,
 * however many requests fail in between. While down, a probe asks the database every second, so
 * the app is back within a second of PostgreSQL's return without a restart.
 */

/** Node's network errors for a server that cannot be reached, or a socket that died. */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN"]);

/**
 * PostgreSQL's SQLSTATEs for a server that is going or not there: the connection_exception
 * class (08xxx), admin_shutdown (57P01, a stop or a restart), crash_shutdown (57P02) and
 * cannot_connect_now (57P03, starting up or shutting down).
 */
const SERVER_GONE = /^(?:08[0-9A-Z]{3}|57P0[123])$/;

/** pg's and pg-pool's own words for a lost connection or a pool that could not get one in time. */
const DRIVER_MESSAGES = [
  /^Connection terminated/i, // "…unexpectedly", "…due to connection timeout"
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error and is not queryable/i,
  /^terminating connection due to administrator command/i,
];

/**
 * True when an error says the database cannot be reached (as opposed to a query it refused). The
 * one place that decides it: causes and the attempts of an AggregateError (localhost is tried as
 * ::1 and as 127.0.0.1) are looked through.
 */
export function isDatabaseUnreachable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== "object" || depth > 4) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === "string" && (NETWORK_CODES.has(code) || SERVER_GONE.test(code))) return true;
  if (typeof message === "string" && DRIVER_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnreachable(inner, depth + 1))) return true;
  return isDatabaseUnreachable(cause, depth + 1);
}

export type AvailabilityLog = {
  error: (fields: Record<string, unknown>, message: string) => void;
  info: (fields: Record<string, unknown>, message: string) => void;
};

/** How often the probe asks a database that is down, and what clients are told to wait. */
export const PROBE_INTERVAL_MS = 250;
export const RETRY_AFTER_SECONDS = 5;

type State = {
  downSince: number | null;
  lastError: string;
  probe: ReturnType<typeof setInterval> | null;
  log: AvailabilityLog;
};

const stderrLog: AvailabilityLog = {
  error: (fields, message) => process.stderr.write(`[db] ${message} ${JSON.stringify(fields)}\n`),
  info: (fields, message) => process.stderr.write(`[db] ${message} ${JSON.stringify(fields)}\n`),
};

// The server loads this module twice (its own copy and the app build's): one state per process.
const key = Symbol.for("mesa.db.availability");
const holder = globalThis as unknown as { [key]?: State };
const state = (): State => (holder[key] ??= { downSince: null, lastError: "", probe: null, log: stderrLog });

/** Where the outage's two lines go (the server's logger); stderr until someone sets it. */
export function setAvailabilityLog(log: AvailabilityLog) {
  state().log = log;
}

/** When the current outage began (epoch ms), or null while the database answers. */
export function databaseDownSince(): number | null {
  return state().downSince;
}

/**
 * Reports an error met while talking to the database. Returns true when it means the database is
 * unreachable: the first such error of an outage is logged and starts the probe (`ask` runs one
 * trivial query), later ones are not logged again.
 */
export function reportDatabaseError(error: unknown, ask: () => Promise<unknown>): boolean {
  if (!isDatabaseUnreachable(error)) return false;
  const s = state();
  if (s.downSince !== null) return true;
  s.downSince = Date.now();
  s.lastError = describe(error);
  s.log.error({ database: "unreachable", error: s.lastError }, "database unreachable: answering 503 until it is back");
  let asking = false;
  s.probe = setInterval(() => {
    if (asking) return;
    asking = true;
    ask()
      .then(() => reportDatabaseUp())
      .catch(() => undefined)
      .finally(() => (asking = false));
  }, PROBE_INTERVAL_MS);
  s.probe.unref();
  return true;
}

/** The database answered: ends the outage, if there was one, with one line saying how long it lasted. */
export function reportDatabaseUp() {
  const s = state();
  if (s.downSince === null) return;
  const downMs = Date.now() - s.downSince;
  stopProbe(s);
  s.downSince = null;
  s.log.info({ database: "ok", downMs }, `database reachable again after ${Math.round(downMs / 100) / 10} s`);
}

/** Forgets an outage without logging (the pool it was probing is closing). */
export function forgetDatabaseOutage() {
  const s = state();
  stopProbe(s);
  s.downSince = null;
}

function stopProbe(s: State) {
  if (s.probe) clearInterval(s.probe);
  s.probe = null;
}

function describe(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length) return describe(error.errors[0]);
  if (error instanceof Error) {
    const code = (error as { code?: unknown }).code;
    return typeof code === "string" ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
