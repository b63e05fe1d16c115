import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Deps } from "../../app/modules/deps.server";
import { createDiskStorage } from "../../app/services/storage/disk.server";
import { closeDb, type Database } from "../../db/client.server";
import { freePort, type RunningPostgres, startEmbeddedPostgres } from "../../db/embedded";
import { migrateToLatest } from "../../db/migrate";

/**
 * A bench's own throwaway PostgreSQL: started in a new temporary folder on a free port, migrated
 * to the latest, and named by DATABASE_URL while `run` runs (which also gets the folder, for
 * uploads and the like). The pool, the server and the folder are gone after, even when `run` fails.
 */
export async function withBenchDatabase<T>(name: string, run: (pg: RunningPostgres, folder: string) => Promise<T>): Promise<T> {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), `mesa-bench-${name}-`));
  fs.chmodSync(folder, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(folder, "data"), port: await freePort(), database: "bench", persistent: false, fast: true });
  try {
    await migrateToLatest(pg.url);
    process.env.DATABASE_URL = pg.url;
    return await run(pg, folder);
  } finally {
    await closeDb();
    // pg's pool.end() resolves before its sockets have closed: stopping at once would kill those
    // backends and print "terminating connection" noise (as tests/setup/database.ts notes).
    await new Promise((resolve) => setTimeout(resolve, 500));
    await pg.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/** How long `work` took, in seconds, with what it returned. */
export async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = Date.now();
  const result = await work();
  return [result, (Date.now() - started) / 1000];
}

/** What a bench table may differ in; by default a free table of 20 seats a week ahead, two hours, in UTC. */
export type BenchTableOptions = { seats?: number; priceCents?: number; currency?: string; daysAhead?: number; timeZone?: string; minutes?: number };

/** A table hosted by `hostId` that one player is enough to hold; returns its id. */
export async function insertBenchTable(db: Database, hostId: string, title: string, options: BenchTableOptions = {}) {
  const row = await db
    .insertInto("sessions")
    .values({
      dm_id: hostId,
      title,
      game: "D&D 5e",
      starts_at: new Date(Date.now() + (options.daysAhead ?? 7) * 86_400_000),
      time_zone: options.timeZone ?? "UTC",
      duration_minutes: options.minutes ?? 120,
      max_participants: options.seats ?? 20,
      min_participants: 1,
      ...(options.priceCents === undefined ? {} : { price_cents: options.priceCents, currency: options.currency ?? "MXN" }),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What the app's use cases need, for a bench: a mailer that sends nothing, uploads in the bench's folder, the clock at `now`. */
export const benchDeps = (db: Database, folder: string, now = new Date()): Deps => ({
  db,
  mailer: { send: () => Promise.resolve() },
  storage: createDiskStorage(path.join(folder, "uploads"), "http://127.0.0.1/uploads"),
  files: createDiskStorage(path.join(folder, "private"), "/private-files-are-not-served"),
  now,
  appUrl: "http://127.0.0.1",
});

/** The bench's host, a DM account; returns its id. */
export async function insertBenchHost(db: Database) {
  const host = await db
    .insertInto("users")
    .values({ email: "host@bench.test", display_name: "Host", roles: ["user", "dm"] })
    .returning("id")
    .executeTakeFirstOrThrow();
  return host.id;
}
