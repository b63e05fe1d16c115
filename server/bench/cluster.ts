// BENCH_ONLY=cluster npm run bench (decision record 101): the signed-in search page (/es/sessions)
// through HAProxy with 1, 2 and 3 app instances of the local cluster (server/cluster): for each,
// the highest evenly paced rate whose p95 stays within 50 ms, found by stepping the rate up. Each
// instance is pinned to its share of the CPUs. Prints the scaling factor; results go under
// "cluster" in bench-results/latest.json.
import { execFileSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { HEARTBEAT_MS } from "../../app/modules/live/rules";
import { startCluster } from "../cluster/cluster";
import { startHaproxy } from "../cluster/haproxy";
import { readTemplate, renderHaproxyConfig } from "../cluster/haproxy-config";
import { HOST } from "../cluster/layout";
import { groupMembers, type GroupProcess, stopGroup, waitForHealthy } from "../cluster/processes";
import { pacedLoad, type PacedResult } from "./paced";
import { CORES } from "./pin";
import { signIn } from "./server";

const BUDGET_P95_MS = 50;
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 8);
const FIRST_RATE = Number(process.env.BENCH_CLUSTER_FIRST_RATE ?? 15);
const STEP = 1.2;
const MAX_STEPS = 14;

/** Pins every process of a group (npm, node) to `cpus`. */
function pinGroup(group: GroupProcess, cpus: string) {
  for (const pid of groupMembers(group.pid)) execFileSync("taskset", ["-a", "-p", "-c", cpus, String(pid)], { stdio: "ignore" });
}

/**
 * Instance i on CPU i mod cores: one instance has one CPU, two have one each, a third shares the
 * first's. PostgreSQL, HAProxy, the worker and the load generator may run on any CPU.
 */
export function cpuShare(index: number, cores: number) {
  return String(index % cores);
}

type Step = Pick<PacedResult, "rate" | "achievedPerSecond" | "non2xx" | "errors" | "latencyMs">;

/**
 * Starts at FIRST_RATE; while p95 is over the budget (or requests fail) steps the rate down by
 * 40 %, then up by a fifth while it holds. The highest rate that held wins (0 when none did, down
 * to 2 requests/s).
 */
async function highestRateWithinBudget(url: string, cookie: string) {
  const headers = { Cookie: cookie, "Accept-Encoding": "br, gzip" };
  const steps: Step[] = [];
  let best: Step | null = null;
  let rate = FIRST_RATE;
  // Warm: the JIT, the pool's connections and PostgreSQL's cache, before anything is measured.
  await pacedLoad(url, headers, rate, 5);
  for (let i = 0; i < MAX_STEPS && rate >= 2; i += 1) {
    await pacedLoad(url, headers, rate, 2);
    const result = await pacedLoad(url, headers, rate, SECONDS);
    const step = { rate, achievedPerSecond: result.achievedPerSecond, non2xx: result.non2xx, errors: result.errors, latencyMs: result.latencyMs };
    steps.push(step);
    const held = step.latencyMs.p95 <= BUDGET_P95_MS && step.non2xx + step.errors === 0;
    console.error(`  ${rate} requests/s: p95 ${step.latencyMs.p95} ms, ${step.non2xx + step.errors} failed${held ? "" : " (over)"}`);
    if (held) {
      best = step;
      rate = Math.round(rate * STEP);
    } else if (best) {
      break;
    } else {
      rate = Math.floor(rate * 0.6);
    }
  }
  return { bestRate: best?.rate ?? 0, best, steps };
}

export async function benchCluster() {
  const cluster = await startCluster({
    basePort: Number(process.env.BENCH_CLUSTER_BASE_PORT ?? 4360),
    instances: 3,
    folder: path.join(process.env.DATA_DIR ?? ".data", "bench-cluster"),
    logLevel: "warn",
    log: (line) => console.error(`[bench cluster] ${line}`),
  });
  // Interrupted, the bench still stops the cluster it started: its parts run in process groups of their own.
  let proxy: GroupProcess | null = null;
  const interrupted = () =>
    void Promise.resolve(proxy && stopGroup(proxy, 5_000))
      .then(() => cluster.stop())
      .finally(() => process.exit(130));
  process.once("SIGINT", interrupted);
  process.once("SIGTERM", interrupted);
  const benchPort = cluster.ports.proxy + 4;
  const results: Record<string, unknown> = {};
  try {
    const pinning: Record<string, string> = {};
    cluster.instances.forEach((instance, i) => {
      pinGroup(instance.process!, cpuShare(i, CORES));
      pinning[instance.name] = `CPU ${cpuShare(i, CORES)}`;
    });
    pinning.others = `PostgreSQL, HAProxy, the worker and the load generator unpinned (CPUs 0-${CORES - 1})`;
    const cookie = await signIn(cluster.proxyUrl, "lucia@mesa.test", "Jugadora-2026!");
    const perCount: Record<string, unknown> = {};
    const best: number[] = [];
    for (let n = 1; n <= cluster.instances.length; n += 1) {
      const behind = cluster.instances.slice(0, n);
      const config = renderHaproxyConfig(readTemplate(), {
        host: HOST,
        port: benchPort,
        statsPort: benchPort + 1,
        instances: behind.map((i) => ({ name: i.name, port: i.port })),
        heartbeatMs: HEARTBEAT_MS,
      });
      // A proxy of its own per count; the cluster's (all three) stays up but idle.
      proxy = startHaproxy(config, path.join(cluster.logDir, `..`, `haproxy-bench-${n}.cfg`), path.join(cluster.logDir, `haproxy-bench-${n}.log`));
      try {
        await waitForHealthy(`http://${HOST}:${benchPort}/healthz`, 30_000, `HAProxy with ${n} instances`);
        console.error(`${n} instance(s) behind HAProxy (${behind.map((i) => `${i.name} on ${pinning[i.name]}`).join(", ")}):`);
        const found = await highestRateWithinBudget(`http://${HOST}:${benchPort}/es/sessions`, cookie);
        best.push(found.bestRate);
        perCount[String(n)] = { ...found, loadAfter: +os.loadavg()[0]!.toFixed(2) };
      } finally {
        await stopGroup(proxy, 5_000);
        proxy = null;
      }
    }
    const scaling = Object.fromEntries(best.map((rate, i) => [`${i + 1}`, best[0] ? +(rate / best[0]).toFixed(2) : null]));
    Object.assign(results, {
      page: "/es/sessions (signed in)",
      budgetP95Ms: BUDGET_P95_MS,
      stepSeconds: SECONDS,
      cores: CORES,
      pinning,
      requestsPerSecondWithinBudget: Object.fromEntries(best.map((rate, i) => [`${i + 1}`, rate])),
      scaling,
      instances: perCount,
      machineLoad: os.loadavg().map((l) => +l.toFixed(2)),
    });
    console.log(
      `cluster: ${best.map((rate, i) => `${i + 1} instance(s) ${rate} requests/s`).join(", ")} at p95 ≤ ${BUDGET_P95_MS} ms; scaling ${Object.values(scaling).join(" : ")}`,
    );
  } finally {
    process.off("SIGINT", interrupted);
    process.off("SIGTERM", interrupted);
    await cluster.stop();
  }
  return { date: new Date().toISOString(), ...results };
}
