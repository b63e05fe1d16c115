import { randomBytes } from "node:crypto";
import { setTimeout as delay } from "node:timers/promises";
import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";
import { closeDb, getDb } from "../../db/client.server";

async function withAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Gives the calling test file its own database cloned from the migrated template (a few ms,
 * versus seconds to migrate), wired to getDb() through DATABASE_URL, and drops it afterwards.
 * Call it once at the top of an integration test file.
 */
export function useTestDatabase() {
  const serverUrl = inject("pgServerUrl");
  const name = `test_${randomBytes(6).toString("hex")}`; // only [a-z0-9_], so safe to inline
  beforeAll(async () => {
    await withAdmin(serverUrl, (admin) => admin.query(`create database ${name} template mesa_template`));
    process.env.DATABASE_URL = `${serverUrl}/${name}`;
  });
  afterAll(async () => {
    await closeDb();
    delete process.env.DATABASE_URL;
    await withAdmin(serverUrl, async (admin) => {
      // pg's pool.end() resolves before its sockets have closed; dropping at once would kill
      // those backends and print "terminating connection" noise. Wait for them (briefly).
      for (let i = 0; i < 100; i += 1) {
        const { rows } = await admin.query<{ n: number }>("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
        if (rows[0]?.n === 0) break;
        await delay(10);
      }
      await admin.query(`drop database if exists ${name} with (force)`);
    });
  });
  return { db: () => getDb() };
}
