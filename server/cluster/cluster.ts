import { execFileSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { HEARTBEAT_MS } from "../../app/modules/live/rules";
import { closeDb } from "../../db/client.server";
import { migrateToLatest } from "../../db/migrate";
import { localSessionSecret } from "../secret";
import { seedDemoIfEmpty } from "../seed/demo";
import { ClusterError, ensureHaproxy, startHaproxy } from "./haproxy";
import { readTemplate, renderHaproxyConfig } from "./haproxy-config";
import { type ClusterPorts, clusterPorts, HOST, instanceName, sharedEnv } from "./layout";
import { type GroupProcess, startGroup, startNpmScript, stopGroup, waitForHealthy } from "./processes";

export type ClusterOptions = {
  /** First port of the cluster's block (layout.ts). */
  basePort: number;
  instances: number;
  /** The cluster keeps its database, logs, outbox and uploads here. */
  folder: string;
  logLevel: string;
  log: (line: string) => void;
};

export type Instance = { name: string; port: number; process: GroupProcess | null };

export type Cluster = {
  ports: ClusterPorts;
  proxyUrl: string;
  statsUrl: string;
  databaseUrl: string;
  postgresDataDir: string;
  sessionSecret: string;
  logDir: string;
  instances: Instance[];
  worker: () => GroupProcess | null;
  postgres: GroupProcess;
  haproxy: GroupProcess;
  /** Starts instance `index` (again) and waits until it answers its health check directly. */
  startInstance: (index: number) => Promise<void>;
  startWorker: () => Promise<void>;
  /** Stops everything: HAProxy, then the instances and the worker (they drain), then PostgreSQL. */
  stop: () => Promise<void>;
};

const START_TIMEOUT_MS = 120_000;

/** Fails early, with the port's name, when something already listens on a port the cluster needs. */
async function assertPortsFree(ports: ClusterPorts) {
  const named: [string, number][] = [
    ["PostgreSQL", ports.postgres],
    ["HAProxy", ports.proxy],
    ["HAProxy's stats", ports.stats],
    ...ports.instances.map((p, i): [string, number] => [instanceName(i), p]),
  ];
  for (const [what, port] of named) {
    const taken = await new Promise<boolean>((resolve) => {
      const socket = net.connect({ host: HOST, port }, () => {
        socket.destroy();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (taken) throw new ClusterError(`port ${port} (${what}) is already in use: is another cluster running? Set CLUSTER_BASE_PORT to move the block.`);
  }
}

async function waitForPostgres(url: string, group: GroupProcess, logFile: string) {
  for (const until = Date.now() + START_TIMEOUT_MS; Date.now() < until;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
    const ok = await client.connect().then(
      () => true,
      () => false,
    );
    await client.end().catch(() => {});
    if (ok) return;
    if ((await Promise.race([group.gone().then(() => true), new Promise((r) => setTimeout(() => r(false), 300))])) === true)
      throw new ClusterError(`PostgreSQL stopped while starting; see ${logFile}`);
  }
  throw new ClusterError(`PostgreSQL did not start; see ${logFile}`);
}

/** Waits until `text` appears in `file` after byte `from` (the worker has no port to ask). */
async function waitForLogLine(file: string, from: number, text: string, timeoutMs: number) {
  for (const until = Date.now() + timeoutMs; Date.now() < until;) {
    const content = fs.existsSync(file) ? fs.readFileSync(file).subarray(from).toString() : "";
    if (content.includes(text)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new ClusterError(`the worker did not start; see ${file}`);
}

/** Migrates and seeds the demo data once (an empty database only), from this process. */
async function prepareData(databaseUrl: string, folder: string, sessionSecret: string, log: (line: string) => void) {
  const applied = await migrateToLatest(databaseUrl);
  if (applied.length) log(`applied ${applied.length} migrations`);
  // The seed's paid seats and pictures go through the app's adapters, which read the environment.
  Object.assign(process.env, { DATABASE_URL: databaseUrl, DATA_DIR: folder, SESSION_SECRET: sessionSecret, APP_ENV: process.env.APP_ENV ?? "development" });
  await seedDemoIfEmpty(log);
  await closeDb();
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const { log } = options;
  const ports = clusterPorts(options.basePort, options.instances);
  const folder = path.resolve(options.folder);
  const logDir = path.join(folder, "logs");
  fs.mkdirSync(logDir, { recursive: true });
  await assertPortsFree(ports);
  ensureHaproxy(log);
  if (!fs.existsSync("build")) {
    log("build/ is missing: npm run build");
    execFileSync("npm", ["run", "build"], { stdio: "inherit" });
  }

  const postgresDataDir = path.join(folder, "postgres");
  const postgresLog = path.join(logDir, "postgres.log");
  const postgres = startGroup("postgres", process.execPath, ["--import", "tsx", "server/cluster/postgres.ts"], {
    env: { CLUSTER_PG_DIR: postgresDataDir, CLUSTER_PG_PORT: String(ports.postgres) },
    logFile: postgresLog,
  });
  const databaseUrl = `postgres://postgres:postgres@${HOST}:${ports.postgres}/mesa`;
  const instances: Instance[] = ports.instances.map((port, i) => ({ name: instanceName(i), port, process: null }));
  let worker: GroupProcess | null = null;
  let haproxy: GroupProcess | null = null;

  const stopAll = async () => {
    if (haproxy) await stopGroup(haproxy, 5_000);
    // Each instance fails /healthz for DRAIN_DELAY_MS, finishes its requests and exits; in parallel.
    await Promise.all([...instances.map((i) => i.process && stopGroup(i.process, 20_000)), worker && stopGroup(worker, 20_000)]);
    await stopGroup(postgres, 20_000);
  };

  try {
    await waitForPostgres(databaseUrl, postgres, postgresLog);
    log(`PostgreSQL on ${HOST}:${ports.postgres} (data in ${postgresDataDir})`);
    // One secret for all: a cookie signed by one instance is read by every other.
    const sessionSecret = localSessionSecret(folder);
    await prepareData(databaseUrl, folder, sessionSecret, log);
    const env = sharedEnv({ databaseUrl, proxyPort: ports.proxy, dataDir: folder, sessionSecret, logLevel: options.logLevel });

    const startInstance = async (index: number) => {
      const instance = instances[index]!;
      const logFile = path.join(logDir, `${instance.name}.log`);
      instance.process = startNpmScript(instance.name, "serve", { env: { ...env, PORT: String(instance.port), HOST }, logFile });
      await waitForHealthy(`http://${HOST}:${instance.port}/healthz`, START_TIMEOUT_MS, `${instance.name} (log: ${logFile})`);
    };
    const startWorker = async () => {
      const logFile = path.join(logDir, "worker.log");
      const from = fs.existsSync(logFile) ? fs.statSync(logFile).size : 0;
      // Its few lines (one per job run) are what shows the jobs running: always at info.
      worker = startNpmScript("worker", "worker", { env: { ...env, LOG_LEVEL: "info" }, logFile });
      await waitForLogLine(logFile, from, "job runner started", START_TIMEOUT_MS);
    };

    await Promise.all(instances.map((_, i) => startInstance(i)));
    log(`${instances.length} app instances: ${instances.map((i) => `${i.name} on ${i.port}`).join(", ")}`);
    await startWorker();
    const config = renderHaproxyConfig(readTemplate(), {
      host: HOST,
      port: ports.proxy,
      statsPort: ports.stats,
      instances: instances.map((i) => ({ name: i.name, port: i.port })),
      heartbeatMs: HEARTBEAT_MS,
    });
    haproxy = startHaproxy(config, path.join(folder, "haproxy.cfg"), path.join(logDir, "haproxy.log"));
    const proxyUrl = `http://${HOST}:${ports.proxy}`;
    await waitForHealthy(`${proxyUrl}/healthz`, 30_000, "HAProxy");

    return {
      ports,
      proxyUrl,
      statsUrl: `http://${HOST}:${ports.stats}/`,
      databaseUrl,
      postgresDataDir,
      sessionSecret,
      logDir,
      instances,
      worker: () => worker,
      postgres,
      haproxy,
      startInstance,
      startWorker,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
