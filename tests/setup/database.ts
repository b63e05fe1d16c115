import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { closeDb, getDb } from "../../db/client.server";

/**
 * Gives the calling test file its own database cloned from the migrated template, wired to
 * getDb() through DATABASE_URL, and drops it afterwards.
 */
export function useTestDatabase() {
  const base = inject("pgServerUrl");
  const name = `test_${randomBytes(6).toString("hex")}`;
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    await admin.query(`create database ${name} template mesa_template`);
    await admin.end();
    process.env.DATABASE_URL = `${base}/${name}`;
  });
  afterAll(async () => {
    await closeDb();
    const admin = new pg.Client({ connectionString: `${base}/postgres` });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });
  return { db: () => getDb() };
}
