import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * A process of the cluster, started in a process group of its own: `npm run serve` is npm, a
 * shell, maybe tsx and then node, and a signal must reach all of them (a SIGKILL to npm alone
 * would leave the server running). Its own group also keeps a Ctrl-C in the terminal away from
 * it: the cluster stops its parts in order itself.
 */
export type GroupProcess = {
  name: string;
  /** The group's leader, and so the group's id. */
  pid: number;
  /** Sends `signal` to every process of the group. */
  signal: (signal: NodeJS.Signals) => void;
  /** Resolves once no process of the group is left. */
  gone: () => Promise<void>;
};

export function startGroup(name: string, command: string, args: string[], options: { env: Record<string, string>; logFile: string }): GroupProcess {
  fs.mkdirSync(path.dirname(options.logFile), { recursive: true });
  const log = fs.openSync(options.logFile, "a");
  const child: ChildProcess = spawn(command, args, {
    env: { ...process.env, ...options.env },
    stdio: ["ignore", log, log],
    detached: true,
  });
  fs.closeSync(log);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${name}: could not start ${command}`);
  // Reaped here so it never lingers as a zombie that /proc still lists in its group.
  child.on("exit", () => {});
  return {
    name,
    pid,
    signal: (signal) => {
      try {
        process.kill(-pid, signal);
      } catch {
        /* the group is already gone */
      }
    },
    gone: () => waitForGroupToEnd(pid),
  };
}

/** `npm run <script>` in a group of its own, so it runs whatever package.json names (tsx or a build). */
export const startNpmScript = (name: string, script: string, options: { env: Record<string, string>; logFile: string }) =>
  startGroup(name, "npm", ["run", script, "--silent"], options);

/** The pids of the processes whose process group is `pgid`, read from /proc (zombies excluded). */
export function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // Fields after the command name (which may hold spaces): state, ppid, pgrp, …
      const [state, , pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(pgrp) === pgid && state !== "Z") members.push(Number(entry));
    } catch {
      /* gone meanwhile */
    }
  }
  return members;
}

async function waitForGroupToEnd(pgid: number) {
  while (groupMembers(pgid).length > 0) await new Promise((r) => setTimeout(r, 50));
}

/** SIGTERM to the group, then SIGKILL to whatever is left after `graceMs`; resolves when all are gone. */
export async function stopGroup(group: GroupProcess, graceMs: number) {
  group.signal("SIGTERM");
  const timer = setTimeout(() => group.signal("SIGKILL"), graceMs);
  await group.gone();
  clearTimeout(timer);
}

/** Polls `url` until it answers 200, or throws after `timeoutMs`. */
export async function waitForHealthy(url: string, timeoutMs: number, what: string) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer ${url} within ${Math.round(timeoutMs / 1000)} s (see its log)`);
}
