import fs from "node:fs";

/** What HAProxy's config needs to know about the cluster it fronts. */
export type ProxyLayout = {
  host: string;
  /** Where clients connect (the app's APP_URL). */
  port: number;
  /** HAProxy's own stats page. */
  statsPort: number;
  instances: readonly { name: string; port: number }[];
  /** The live layer's heartbeat (app/modules/live/rules.ts HEARTBEAT_MS): idle streams must outlive it. */
  heartbeatMs: number;
};

export const TEMPLATE_PATH = new URL("./haproxy.cfg.template", import.meta.url);

/**
 * How long HAProxy lets a connection sit idle: three heartbeats, at least a minute. One missed
 * heartbeat (a GC pause, a busy machine) must not cut a stream; a dead instance is found by the
 * health checks long before this.
 */
export const streamIdleSeconds = (heartbeatMs: number) => Math.max(60, Math.ceil((3 * heartbeatMs) / 1000));

/** The config file for `layout`: the template's {{names}} filled in; a name left without a value is an error. */
export function renderHaproxyConfig(template: string, layout: ProxyLayout): string {
  if (layout.instances.length === 0) throw new Error("HAProxy needs at least one instance behind it");
  const values: Record<string, string> = {
    host: layout.host,
    port: String(layout.port),
    statsPort: String(layout.statsPort),
    heartbeatSeconds: String(Math.round(layout.heartbeatMs / 1000)),
    streamIdleSeconds: String(streamIdleSeconds(layout.heartbeatMs)),
    servers: layout.instances.map((i) => `    server ${i.name} ${layout.host}:${i.port} check`).join("\n"),
  };
  return template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`haproxy.cfg.template names {{${name}}}, which the cluster does not fill`);
    return value;
  });
}

export const readTemplate = () => fs.readFileSync(TEMPLATE_PATH, "utf8");
