// npm run bench:million (after npm run build): the budgets at a million sessions (decision record
// 099). Seeds, once, 100,000 users, 1,000,000 sessions and 10,000,000 bookings into a PostgreSQL
// kept in BENCH_MILLION_DIR (default .data/bench-million, about 8 GB on disk; delete it to seed again),
// then measures against their budgets: the search for every filter shape, the page table (Node CPU,
// PostgreSQL and p95 per page), booking at the database, and the award-badges and payment-reminders
// jobs. Prints one table of measured against budget and writes it to bench-results/latest.json
// under "million". `BENCH_ONLY=search|pages|jobs` runs one part (the others keep their last results);
// `BENCH_EXPLAIN=rareCombo,pastNoMatch` prints those shapes' plans. CI never runs it.
import fs from "node:fs";
import os from "node:os";
import type { Requester } from "../../../app/modules/auth/session.server";
import { closeDb, getDb } from "../../../db/client.server";
import { readLatest, saveLatest } from "../latest";
import { pageTable } from "../pages";
import { budgetRows } from "./budgets";
import { openMillionDatabase } from "./database";
import { benchBadgesAtScale, benchBookingAtScale, benchRemindersAtScale } from "./jobs";
import { explainShapes, timeSearches } from "./search";

const log = (message: string) => process.stderr.write(`${message}\n`);
const load = () => os.loadavg().map((l) => +l.toFixed(2));

async function main() {
  const only = process.env.BENCH_ONLY;
  if (only && !["search", "pages", "jobs"].includes(only)) throw new Error(`BENCH_ONLY=${only}: search, pages or jobs`);
  if ((!only || only === "pages") && !fs.existsSync("build/index.js")) throw new Error("run npm run build first: the page table serves the production build");
  const opened = await openMillionDatabase(log);
  const previous = (readLatest().million ?? {}) as Record<string, unknown>;
  const results: Record<string, unknown> = { ...previous, seed: opened.seed, date: new Date().toISOString(), cores: os.cpus().length };
  try {
    const db = getDb();
    const lucia = await db.selectFrom("users").select(["id", "roles"]).where("email", "=", "lucia@mesa.test").executeTakeFirstOrThrow();
    const viewer = { id: lucia.id, roles: lucia.roles, isDm: false, isAdmin: false, timeZone: "America/Mexico_City" } as Requester;
    if (!only || only === "search") {
      const loadBefore = load();
      results.search = { ms: await timeSearches(db, viewer), load: { before: loadBefore, after: load() } };
    }
    if (process.env.BENCH_EXPLAIN) {
      const plans = await explainShapes(opened.server.url, viewer, process.env.BENCH_EXPLAIN.split(","));
      for (const [name, statements] of Object.entries(plans)) for (const plan of statements) console.log(`\n-- ${name}\n${plan.join("\n")}`);
    }
    if (!only || only === "pages") results.pages = { rows: await pageTable(opened.server.url, opened.dataDir), load: load() };
    if (!only || only === "jobs") {
      const loadBefore = load();
      results.booking = await benchBookingAtScale(db, opened.server.socketUrl, opened.folder);
      results.badges = await benchBadgesAtScale(db, opened.folder);
      results.paymentReminders = await benchRemindersAtScale(db, opened.folder);
      results.jobsLoad = { before: loadBefore, after: load() };
    }
  } finally {
    await closeDb();
    await opened.server.stop();
  }
  const rows = budgetRows(results);
  results.budgets = rows;
  console.log(
    `\nA million sessions: seeded in ${opened.seed.seconds.toFixed(0)} s (${opened.seededNow ? "this run" : `kept from ${opened.seed.seededAt}`}); load average now ${load().join(" ")}`,
  );
  console.table(rows.map((r) => ({ ...r, pass: r.pass ? "pass" : "FAIL" })));
  saveLatest("million", results);
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
