/**
 * Where each part of a local cluster listens: a block of ports from `base` (PostgreSQL, HAProxy,
 * its stats page, then one port per app instance), all on 127.0.0.1.
 */
export type ClusterPorts = { postgres: number; proxy: number; stats: number; instances: number[] };

export const HOST = "127.0.0.1";

export function clusterPorts(base: number, instances: number): ClusterPorts {
  if (instances < 1 || instances > 80) throw new Error(`a local cluster runs 1 to 80 instances, not ${instances}`);
  return { postgres: base, proxy: base + 1, stats: base + 2, instances: Array.from({ length: instances }, (_, i) => base + 10 + i) };
}

/** The name HAProxy gives instance `index` (0-based), and the X-Mesa-Instance header carries. */
export const instanceName = (index: number) => `app${index + 1}`;

/**
 * The environment every app instance and the worker share: one database, one session secret
 * (a cookie signed by one instance is read by the others), one data folder (mail outbox, uploads),
 * and the public URL is HAProxy's. The instance's own port is added per instance.
 */
export function sharedEnv(options: { databaseUrl: string; proxyPort: number; dataDir: string; sessionSecret: string; logLevel: string }) {
  return {
    // The local cluster is a development deployment (offline payments, the mail outbox, cookies over
    // http) on React's production build, as `npm start` is; `npm run serve` sets NODE_ENV itself.
    APP_ENV: process.env.APP_ENV ?? "development",
    DATABASE_URL: options.databaseUrl,
    APP_URL: `http://${HOST}:${options.proxyPort}`,
    DATA_DIR: options.dataDir,
    SESSION_SECRET: options.sessionSecret,
    LOG_LEVEL: options.logLevel,
    // Jobs run in the worker alone; the instances are one process each, so HAProxy sees each one.
    JOBS_IN_SERVER: "false",
    WEB_CONCURRENCY: "1",
    // The database was seeded once by the cluster; an instance never seeds.
    SEED_DEMO: "0",
    // HAProxy on this machine is the one proxy in front: its X-Forwarded-For names the client.
    TRUST_PROXY: "loopback",
    // Longer than HAProxy takes to mark an instance down (three failed checks: 1 s, then 0.25 s apart).
    DRAIN_DELAY_MS: "3000",
  };
}
