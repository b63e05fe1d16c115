import fs from "node:fs";

/** CPU seconds (user + system) a process and its direct children (cluster workers) have used so far, from /proc. */
export function cpuSeconds(pid: number): number {
  const { primary, workers } = cpuSplit(pid);
  return primary + workers;
}

/** The same, apart: the primary (which hands connections to the workers) and its workers. */
export function cpuSplit(pid: number): { primary: number; workers: number } {
  const ticks = 100; // USER_HZ on Linux
  let primary = 0;
  let workers = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ppid = Number(fields[1]);
    const seconds = (Number(fields[11]) + Number(fields[12])) / ticks;
    if (Number(entry) === pid) primary += seconds;
    else if (ppid === pid) workers += seconds;
  }
  return { primary, workers };
}
