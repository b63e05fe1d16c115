// Prints EXPLAIN ANALYZE of the statement the earnings desk sends, for a DM with 50,000 lines (the
// earnings bench's data): this month's page by default, EXPLAIN_QUERY="year=2025&page=200" for another.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type CompiledQuery, Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import type { Requester } from "../../app/modules/auth/session.server";
import { earningsDesk } from "../../app/modules/earnings/earnings.server";
import { createDiskStorage } from "../../app/services/storage/disk.server";
import { closeDb, getDb } from "../../db/client.server";
import { freePort, startEmbeddedPostgres } from "../../db/embedded";
import { migrateToLatest } from "../../db/migrate";
import { seedCatalogue } from "../seed/catalogue";
import { seedDemo } from "../seed/demo";
import { seedEarnings } from "./earnings";

const parent = fs.mkdtempSync(path.join(os.tmpdir(), "mesa-explain-"));
fs.chmodSync(parent, 0o755);
const pg_ = await startEmbeddedPostgres({ dataDir: path.join(parent, "data"), port: await freePort(), database: "bench", persistent: false, fast: true });
try {
  await migrateToLatest(pg_.url);
  process.env.DATABASE_URL = pg_.url;
  process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-00";
  await seedDemo();
  await seedCatalogue(
    createDiskStorage(path.join(parent, "uploads"), "http://127.0.0.1/uploads"),
    createDiskStorage(path.join(parent, "private"), "/private-files-are-not-served"),
  );
  await seedEarnings(new Date());
  const db = getDb();
  const ana = await db.selectFrom("users").select(["id", "roles"]).where("email", "=", "ana.dm@mesa.test").executeTakeFirstOrThrow();
  const dm = { id: ana.id, roles: ana.roles, isDm: true, isAdmin: false, timeZone: "America/Mexico_City" } as Requester;
  await sql`select pg_stat_reset()`.execute(db);
  await sql`load 'auto_explain'`.execute(db).catch(() => undefined);
  for (let i = 0; i < 30; i += 1) await earningsDesk({ db, now: new Date() }, dm, new URLSearchParams());
  const t0 = performance.now();
  for (let i = 0; i < 100; i += 1) await earningsDesk({ db, now: new Date() }, dm, new URLSearchParams());
  console.log("desk loader ms/call (in-process, wall):", ((performance.now() - t0) / 100).toFixed(2));
  // The desk's own statement, caught as it is sent, then explained with its parameters.
  let caught: CompiledQuery | undefined;
  const pool = new pg.Pool({ connectionString: pg_.url, max: 1 });
  const spy = new Kysely<never>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => {
      if (event.query.sql.trimStart().startsWith("with sums")) caught = event.query;
    },
  });
  await earningsDesk({ db: spy as never, now: new Date() }, dm, new URLSearchParams(process.env.EXPLAIN_QUERY ?? ""));
  await spy.destroy();
  const client = new pg.Client({ connectionString: pg_.url });
  await client.connect();
  const plan = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${caught!.sql}`, caught!.parameters as unknown[]);
  await client.end();
  console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  await closeDb();
  await pg_.stop();
  fs.rmSync(parent, { recursive: true, force: true });
}
