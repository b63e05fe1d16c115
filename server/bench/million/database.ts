import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { createDiskStorage } from "../../../app/services/storage/disk.server";
import { closeDb } from "../../../db/client.server";
import { type RunningPostgres, startEmbeddedPostgres } from "../../../db/embedded";
import { migrateToLatest } from "../../../db/migrate";
import { seedCatalogue } from "../../seed/catalogue";
import { seedDemo } from "../../seed/demo";
import { MILLION, seedMillion } from "../../seed/million";
import { PG_SETTINGS } from "../pages";

/** Where the seeded cluster is kept between runs (about 8 GB on disk), and its port. */
export const MILLION_DIR = path.resolve(process.env.BENCH_MILLION_DIR ?? ".data/bench-million");
const PORT = Number(process.env.BENCH_MILLION_PORT ?? 4242);

/**
 * A database server of a size a production one would have for this data (a fixed gigabyte of
 * shared buffers, so runs compare), with the page table's statement statistics.
 */
const SETTINGS = { ...PG_SETTINGS, shared_buffers: "1GB", max_wal_size: "8GB", checkpoint_timeout: "30min", effective_cache_size: "8GB" };

export type SeedRecord = { seededAt: string; seconds: number; steps: Record<string, number>; counts: Record<string, number>; load: number[] };
export type MillionDatabase = { server: RunningPostgres; dataDir: string; folder: string; seed: SeedRecord; seededNow: boolean };

/**
 * The kept million-session database, seeded on the first run only. A marker file written after the
 * seeding finished says the cluster is whole; a cluster without one (a seeding cut short) is
 * removed and seeded again. Migrations still run each time, so an index added later is built on
 * the kept data.
 */
export async function openMillionDatabase(log: (message: string) => void): Promise<MillionDatabase> {
  const dataDir = path.join(MILLION_DIR, "data");
  const marker = path.join(MILLION_DIR, "seeded.json");
  if (!fs.existsSync(marker)) fs.rmSync(MILLION_DIR, { recursive: true, force: true });
  fs.mkdirSync(MILLION_DIR, { recursive: true });
  fs.chmodSync(MILLION_DIR, 0o755);
  // fsync off: a bench's data can be seeded again; an interrupted seeding leaves no marker.
  const server = await startEmbeddedPostgres({ dataDir, port: PORT, database: "bench", persistent: true, fast: true, settings: SETTINGS });
  try {
    await migrateToLatest(server.url);
    process.env.DATABASE_URL = server.url;
    process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-00";
    if (fs.existsSync(marker))
      return { server, dataDir, folder: MILLION_DIR, seed: JSON.parse(fs.readFileSync(marker, "utf8")) as SeedRecord, seededNow: false };
    const load = os.loadavg().map((l) => +l.toFixed(2));
    const started = Date.now();
    await seedDemo();
    await seedCatalogue(
      createDiskStorage(path.join(MILLION_DIR, "uploads"), "http://127.0.0.1/uploads"),
      createDiskStorage(path.join(MILLION_DIR, "private"), "/private-files-are-not-served"),
    );
    await closeDb();
    const steps = await seedMillion(server.url, log);
    const seed: SeedRecord = { seededAt: new Date().toISOString(), seconds: (Date.now() - started) / 1000, steps, counts: await countRows(server.url), load };
    fs.writeFileSync(marker, JSON.stringify(seed, null, 2));
    return { server, dataDir, folder: MILLION_DIR, seed, seededNow: true };
  } catch (error) {
    await closeDb();
    await server.stop();
    throw error;
  }
}

async function countRows(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<Record<string, string>>(`select (select count(*) from users) as users, (select count(*) from sessions) as sessions,
      (select count(*) from sessions where starts_at >= now()) as upcoming, (select count(*) from bookings) as bookings,
      (select count(*) from bookings where status in ('PENDING_PAYMENT','CONFIRMED')) as "activeBookings",
      (select count(distinct dm_id) from sessions) as hosts, (select count(*) from series) as series, (select count(*) from reviews) as reviews,
      (select pg_database_size(current_database())) as bytes`);
    return Object.fromEntries(Object.entries(rows[0]!).map(([k, v]) => [k, Number(v)]));
  } finally {
    await client.end();
  }
}

export { MILLION };
