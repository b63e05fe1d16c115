// npm run cluster: one PostgreSQL, three app instances (`npm run serve`), one `npm run worker` and
// HAProxy in front, all on this machine (decision record 101). Stays in the foreground; Ctrl-C or
// SIGTERM stops every part, in order. CLUSTER_INSTANCES (default 3) and CLUSTER_BASE_PORT (4300).
import path from "node:path";
import { startCluster } from "./cluster";
import { ClusterError } from "./haproxy";

const log = (line: string) => console.log(`[cluster] ${line}`);

async function main() {
  const instances = Number(process.env.CLUSTER_INSTANCES ?? 3);
  const cluster = await startCluster({
    basePort: Number(process.env.CLUSTER_BASE_PORT ?? 4300),
    instances,
    folder: path.join(process.env.DATA_DIR ?? ".data", "cluster"),
    logLevel: process.env.LOG_LEVEL ?? "info",
    log,
  });
  console.log(`
Mesa is up behind HAProxy:
  app          ${cluster.proxyUrl}/es   (sign in with the demo accounts of README.md)
  HAProxy      ${cluster.statsUrl}   (stats: which instances are up)
  instances    ${cluster.instances.map((i) => `${i.name} http://127.0.0.1:${i.port}`).join(", ")}
  PostgreSQL   ${cluster.databaseUrl}
  logs         ${cluster.logDir}/ (one file per process)
Break it: kill -9 an instance's process group (pids: ${cluster.instances.map((i) => `${i.name} ${i.process?.pid}`).join(", ")}) and watch the stats page.
Ctrl-C stops everything.
`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping HAProxy, draining the instances and the worker, then PostgreSQL`);
    await cluster.stop();
    log("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

void main().catch((error: unknown) => {
  console.error(error instanceof ClusterError ? `[cluster] ${error.message}` : error);
  process.exit(1);
});
