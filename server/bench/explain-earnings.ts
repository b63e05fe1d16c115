// Prints EXPLAIN ANALYZE of the earnings desk's queries for a DM with 50,000 lines (the earnings bench's data).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
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
const pg = await startEmbeddedPostgres({ dataDir: path.join(parent, "data"), port: await freePort(), database: "bench", persistent: false, fast: true });
try {
  await migrateToLatest(pg.url);
  process.env.DATABASE_URL = pg.url;
  process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-00";
  await seedDemo();
  await seedCatalogue(createDiskStorage(path.join(parent, "uploads"), "http://127.0.0.1/uploads"));
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
  const { start, end } = { start: new Date(Date.now() - 30 * 86_400_000), end: new Date() };
  const plan = await sql<{
    "QUERY PLAN": string;
  }>`explain (analyze, buffers) with g as (select p.session_id, p.currency, p.line_state, count(*), sum(p.line_net) from payments p
      where p.payee_id = ${ana.id} and p.transfer_destination is not null and p.line_state is not null and p.occurred_at >= ${start} and p.occurred_at < ${end}
      group by 1, 2, 3) select * from g join sessions s on s.id = g.session_id left join series r on r.id = s.series_id`.execute(db);
  console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
} finally {
  await closeDb();
  await pg.stop();
  fs.rmSync(parent, { recursive: true, force: true });
}
