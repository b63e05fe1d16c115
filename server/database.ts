import path from "node:path";
import { type RunningPostgres, startEmbeddedPostgres } from "../db/embedded";
import { migrateToLatest } from "../db/migrate";

/**
 * With DATABASE_URL, use that server and never start one. Without it, run the embedded PostgreSQL
 * with its data under DATA_DIR/postgres, so a second start finds everything where it was left.
 */
export async function prepareDatabase(options: { databaseUrl?: string; dataDir: string; port: number; log: (msg: string) => void }) {
  let embedded: RunningPostgres | null = null;
  let url = options.databaseUrl;
  if (!url) {
    const started = Date.now();
    embedded = await startEmbeddedPostgres({
      dataDir: path.resolve(options.dataDir, "postgres"),
      port: options.port,
      database: "mesa",
      persistent: true,
    });
    url = embedded.url;
    options.log(`embedded PostgreSQL ready on 127.0.0.1:${options.port} in ${Date.now() - started} ms`);
  }
  const applied = await migrateToLatest(url);
  if (applied.length) options.log(`applied migrations: ${applied.join(", ")}`);
  return { url, stop: async () => embedded?.stop() };
}
