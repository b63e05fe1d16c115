import { promises as fs } from "node:fs";
import path from "node:path";
import { FileMigrationProvider, Kysely, Migrator, PostgresDialect } from "kysely";
import pg from "pg";

// Beside this file's folder: migrations/ from db/, and build/migrations/ from the compiled server in
// build/server/, where the build copies them (server/bundle/options.ts).
const defaultFolder = path.resolve(import.meta.dirname, "..", "migrations");

/** Applies every pending migration; throws (after closing its pool) if one fails. */
export async function migrateToLatest(connectionString: string, migrationFolder = defaultFolder) {
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString, max: 1 }) }),
  });
  try {
    const migrator = new Migrator({ db, provider: new FileMigrationProvider({ fs, path, migrationFolder }) });
    const { error, results = [] } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return results.filter((r) => r.status === "Success").map((r) => r.migrationName);
  } finally {
    await db.destroy();
  }
}
