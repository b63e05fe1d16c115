// npm run bench:phone (after npm run build): the pages a player uses, as a phone gets them, against
// the production server on a throwaway PostgreSQL with the demo data (decision record 097). Each page
// signed in as a player with an upcoming seat and an open OXXO voucher, and signed out where it
// answers visitors: Lighthouse's mobile run (simulated slow 4G, 4× CPU; the median of
// PHONE_LIGHTHOUSE_RUNS, 3 by default), then a cold load on an applied "Regular 3G" and "Regular 2G"
// timing when it is readable. Prints the table with each budget's verdict and writes
// bench-results/phone.json. PHONE_PAGES="voucher,search" measures only those pages.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { getDb } from "../../../db/client.server";
import { seedCatalogue } from "../../seed/catalogue";
import { seedDemo } from "../../seed/demo";
import { benchDeps, withBenchDatabase } from "../database";
import { signIn, startBenchServer } from "../server";
import { BUDGETS, failures, type Measured, median, type PhoneRow, phoneRow, phoneTable } from "./budgets";
import { openLighthouse } from "./lighthouse";
import { NETWORKS, openThrottledBrowser } from "./throttled";
import { phoneVisits, PLAYER, type Visit } from "./visits";

const RUNS = Number(process.env.PHONE_LIGHTHOUSE_RUNS ?? 3);
const ONLY = process.env.PHONE_PAGES?.split(",").map((p) => p.trim());
const began = Date.now();
const log = (line: string) => process.stderr.write(`${((Date.now() - began) / 1000).toFixed(0).padStart(4)} s  ${line}\n`);

const packageVersion = (name: string) => (JSON.parse(fs.readFileSync(path.join("node_modules", name, "package.json"), "utf8")) as { version: string }).version;

/** The server under test, started again if it has gone away (on a shared machine other work has stopped it). */
type Target = { base: () => string; ensureUp: () => Promise<void> };

async function measureAll(target: Target, visits: Visit[], cookie: string): Promise<Measured[]> {
  const measured: Measured[] = visits.map((v) => ({
    page: v.page,
    signedIn: v.signedIn,
    lighthouse: [],
    scripts: [],
    lcp: null,
    throttled: { "3g": { fcpMs: null, lcpMs: null, referenceMs: null }, "2g": { fcpMs: null, lcpMs: null, referenceMs: null } },
  }));
  let lighthouse = await openLighthouse();
  // Chromium has now and then gone away in the middle of a run on a busy machine: a new one, and the run again.
  const runOnce = async (visit: Visit) => {
    await target.ensureUp();
    try {
      return await lighthouse.run(`${target.base()}${visit.path}`, visit.signedIn ? cookie : null);
    } catch (error) {
      log(`lighthouse ${visit.page}: ${String(error)}; again in a new Chromium`);
      await lighthouse.close().catch(() => {});
      lighthouse = await openLighthouse();
      await target.ensureUp();
      return lighthouse.run(`${target.base()}${visit.path}`, visit.signedIn ? cookie : null);
    }
  };
  try {
    // Round by round rather than page by page, so a burst of other work on the machine spreads over pages instead of landing on one.
    for (let round = 1; round <= RUNS; round += 1) {
      for (const [i, visit] of visits.entries()) {
        const { figures: run, scripts, lcp } = await runOnce(visit);
        measured[i]!.lighthouse.push(run);
        measured[i]!.lcp = lcp;
        for (const script of scripts) if (!measured[i]!.scripts.some((s) => s.url === script.url)) measured[i]!.scripts.push(script);
        log(`lighthouse ${round}/${RUNS} ${visit.page} (${visit.signedIn ? "in" : "out"}): ${run.score}, LCP ${run.lcpMs} ms`);
      }
    }
  } finally {
    await lighthouse.close();
  }
  const browser = await openThrottledBrowser();
  try {
    for (const [i, visit] of visits.entries()) {
      for (const network of ["3g", "2g"] as const) {
        await target.ensureUp();
        const run = await browser.load(`${target.base()}${visit.path}`, network, { cookie: visit.signedIn ? cookie : null, reference: visit.reference });
        measured[i]!.throttled[network] = run;
        log(
          `${network} ${visit.page} (${visit.signedIn ? "in" : "out"}): FCP ${run.fcpMs} ms, LCP ${run.lcpMs} ms${visit.reference ? `, reference ${run.referenceMs} ms` : ""}`,
        );
      }
    }
  } finally {
    await browser.close();
  }
  return measured;
}

async function main() {
  if (!fs.existsSync("build/index.js") || !fs.existsSync("public/build")) {
    console.error("bench:phone measures the production build: run npm run build first.");
    process.exit(1);
  }
  const loadBefore = os.loadavg();
  const rows: PhoneRow[] = await withBenchDatabase("phone", async (pg, folder) => {
    process.env.SESSION_SECRET ??= "bench-secret-bench-secret-bench-secret-00";
    await seedDemo();
    const { storage, files } = benchDeps(getDb(), folder);
    await seedCatalogue(storage, files);
    const start = () => startBenchServer(pg.url, { workers: 1, extraEnv: { JOBS_IN_SERVER: "false" } });
    let server = await start();
    const target: Target = {
      base: () => server.base,
      ensureUp: async () => {
        if (
          await fetch(`${server.base}/healthz`).then(
            (r) => r.ok,
            () => false,
          )
        )
          return;
        log(`the server on ${server.base} has stopped: starting another`);
        // A process killed by a signal has no exit code, and stop() would wait for an exit already past.
        await Promise.race([server.stop(), new Promise((resolve) => setTimeout(resolve, 5_000))]);
        server = await start();
      },
    };
    try {
      // The session lives in the database, so the cookie outlives a server started again.
      const cookie = await signIn(server.base, PLAYER.email, PLAYER.password);
      const visits = (await phoneVisits(getDb(), server.base, cookie)).filter((v) => !ONLY || ONLY.includes(v.page));
      log(`phone bench: ${visits.length} page loads on ${server.base}, ${RUNS} Lighthouse runs each, then 3G and 2G`);
      return (await measureAll(target, visits, cookie)).map(phoneRow);
    } finally {
      await server.stop();
    }
  });
  const table = phoneTable(rows);
  const failed = failures(rows);
  console.log(`\nOn a phone: Lighthouse mobile (simulated slow 4G, 4× CPU), median of ${RUNS}; readable on applied Regular 3G and 2G, cold cache\n`);
  console.log(table);
  const hostIndex = median(rows.flatMap((row) => row.lighthouseRuns.map((run) => run.benchmarkIndex)));
  console.log(
    `\nThe host's CPU by Lighthouse's BenchmarkIndex: median ${hostIndex} over the runs (its 4× slowdown stands for a mid-range phone on a host near 1,500; below 1,000 it warns the host is too slow and the simulated times come out longer).`,
  );
  console.log(failed.length === 0 ? "\nEvery budget is met." : `\n${failed.length} budgets fail:\n${failed.map((f) => `- ${f}`).join("\n")}`);
  const result = {
    date: new Date().toISOString(),
    minutes: +((Date.now() - began) / 60_000).toFixed(1),
    machine: {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model ?? "unknown",
      memoryGiB: +(os.totalmem() / 2 ** 30).toFixed(1),
      // Other work on the machine slows Lighthouse's observed load, which its simulation scales up: compare runs on a quiet machine.
      loadAverage: { before: loadBefore, after: os.loadavg() },
      lighthouseBenchmarkIndex: hostIndex,
    },
    versions: { node: process.version, lighthouse: packageVersion("lighthouse"), playwright: packageVersion("@playwright/test"), chromium: chromiumVersion() },
    method: { lighthouseRuns: RUNS, networks: NETWORKS, viewport: "360×640 at DPR 2" },
    budgets: BUDGETS,
    rows,
    failures: failed,
    table,
  };
  fs.mkdirSync("bench-results", { recursive: true });
  fs.writeFileSync("bench-results/phone.json", JSON.stringify(result, null, 2));
  log(`bench-results/phone.json written after ${result.minutes} min`);
}

function chromiumVersion() {
  const output = execFileSync(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  return output.trim();
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
