import type { Cluster } from "../cluster";
import { stopGroup } from "../processes";
import type { Kill, Window } from "./accounting";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether HAProxy counts `server` as up, from its stats page's CSV. */
async function proxySeesUp(statsUrl: string, server: string) {
  const csv = await fetch(`${statsUrl};csv`).then(
    (r) => r.text(),
    () => "",
  );
  const [header, ...rows] = csv.split("\n");
  const columns = (header ?? "").replace(/^# /, "").split(",");
  const status = columns.indexOf("status");
  return rows.some((row) => {
    const cells = row.split(",");
    return cells[0] === "instances" && cells[1] === server && (cells[status] ?? "").startsWith("UP");
  });
}

async function waitUntilProxySeesUp(cluster: Cluster, server: string) {
  for (const until = Date.now() + 30_000; Date.now() < until; await sleep(100)) if (await proxySeesUp(cluster.statsUrl, server)) return;
  throw new Error(`HAProxy did not see ${server} come back within 30 s`);
}

/** SIGKILL to one instance's processes (a crash), a few seconds down, then started again. */
export async function crashInstance(cluster: Cluster, index: number, log: (line: string) => void): Promise<Kill> {
  const instance = cluster.instances[index]!;
  const kill = { instance: instance.name, at: Date.now() };
  instance.process!.signal("SIGKILL");
  await instance.process!.gone();
  log(`${instance.name} killed (SIGKILL); starting it again in 5 s`);
  await sleep(5_000);
  await cluster.startInstance(index);
  await waitUntilProxySeesUp(cluster, instance.name);
  log(`${instance.name} is back and HAProxy sends to it again`);
  return kill;
}

/**
 * SIGKILL to the worker shortly before a minute's tick, started again after it: the tick's jobs
 * are due while no worker runs. Waits at most a minute for the right moment.
 */
export async function crashWorker(cluster: Cluster, log: (line: string) => void) {
  const nextTick = Math.ceil((Date.now() + 5_000) / 60_000) * 60_000;
  await sleep(Math.max(0, nextTick - 3_000 - Date.now()));
  const killedAt = Date.now();
  cluster.worker()!.signal("SIGKILL");
  await cluster.worker()!.gone();
  log(`worker killed (SIGKILL) 3 s before the ${new Date(nextTick).toISOString().slice(11, 16)} tick; starting it again 5 s after it`);
  await sleep(Math.max(0, nextTick + 5_000 - Date.now()));
  await cluster.startWorker();
  log("worker is back");
  return { killedAt, tick: nextTick, restartedAt: Date.now() };
}

/** SIGTERM to each instance in turn; the next only once HAProxy sends to the restarted one again. */
export async function rollingRestart(cluster: Cluster, log: (line: string) => void): Promise<Window & { forced: string[] }> {
  const from = Date.now();
  const forced: string[] = [];
  for (const [index, instance] of cluster.instances.entries()) {
    const group = instance.process!;
    let killed = false;
    // The drain (DRAIN_DELAY_MS, then the open requests) takes a few seconds; SIGKILL only if it hangs.
    const hung = setTimeout(() => (killed = true), 19_000);
    await stopGroup(group, 20_000);
    clearTimeout(hung);
    if (killed) forced.push(instance.name);
    await cluster.startInstance(index);
    await waitUntilProxySeesUp(cluster, instance.name);
    log(`${instance.name} restarted (SIGTERM, drained, started, up in HAProxy)`);
  }
  return { from, to: Date.now(), forced };
}
