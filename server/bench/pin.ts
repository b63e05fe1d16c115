import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

/** The CPUs this machine has, read before any pinning (afterwards Node counts only the pinned ones). */
export const CORES = os.availableParallelism();

/**
 * Puts the server under test on the last CPU and everything else of the benchmark (this process,
 * which runs the load generator, and PostgreSQL) on the others. On a machine of two hyperthreads,
 * a load generator sharing the server's core slowed the server's own instructions and inflated its
 * CPU time per request by up to half; kept apart, the figure measures the server's work.
 * Returns what was done, for the results file; nothing when `taskset` is missing or there is one CPU.
 */
/**
 * The bench's own PostgreSQL: the postmaster named in its data directory and the backends it
 * started. Only these are moved; other PostgreSQL servers on the machine are none of the bench's business.
 */
function ownPostgres(dataDir: string): string[] {
  let postmaster: string;
  try {
    postmaster = fs.readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]!.trim();
  } catch {
    return [];
  }
  const pids = [postmaster];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      if (stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1] === postmaster) pids.push(entry);
    } catch {
      /* gone meanwhile */
    }
  }
  return pids;
}

export function pinServerApart(serverPid: number, postgresDataDir: string): string | null {
  if (CORES < 2) return null;
  const last = CORES - 1;
  const others = last === 1 ? "0" : `0-${last - 1}`;
  try {
    execFileSync("taskset", ["-a", "-p", "-c", String(last), String(serverPid)], { stdio: "ignore" });
    execFileSync("taskset", ["-a", "-p", "-c", others, String(process.pid)], { stdio: "ignore" });
    for (const pid of ownPostgres(postgresDataDir)) execFileSync("taskset", ["-a", "-p", "-c", others, pid], { stdio: "ignore" });
    return `server on CPU ${last}; load generator and PostgreSQL on CPU ${others}`;
  } catch {
    return null;
  }
}

/** Lets this process and PostgreSQL run anywhere again (the all-cores run needs every CPU). */
export function unpin(postgresDataDir: string) {
  const all = `0-${CORES - 1}`;
  try {
    execFileSync("taskset", ["-a", "-p", "-c", all, String(process.pid)], { stdio: "ignore" });
    for (const pid of ownPostgres(postgresDataDir)) execFileSync("taskset", ["-a", "-p", "-c", all, pid], { stdio: "ignore" });
  } catch {
    /* nothing was pinned */
  }
}
