import { describe, expect, it } from "vitest";
import { HEARTBEAT_MS } from "../../app/modules/live/rules";
import { readTemplate, renderHaproxyConfig, streamIdleSeconds } from "./haproxy-config";
import { clusterPorts, instanceName } from "./layout";

const ports = clusterPorts(4300, 3);
const layout = {
  host: "127.0.0.1",
  port: ports.proxy,
  statsPort: ports.stats,
  instances: ports.instances.map((port, i) => ({ name: instanceName(i), port })),
  heartbeatMs: HEARTBEAT_MS,
};

describe("the HAProxy config of a local cluster", () => {
  const config = renderHaproxyConfig(readTemplate(), layout);
  const lines = config.split("\n").map((l) => l.trim());

  it("lists every instance with health checks, round robin and no stickiness", () => {
    expect(lines.filter((l) => l.startsWith("server "))).toEqual([
      "server app1 127.0.0.1:4310 check",
      "server app2 127.0.0.1:4311 check",
      "server app3 127.0.0.1:4312 check",
    ]);
    expect(lines).toContain("balance roundrobin");
    expect(lines).toContain("option httpchk GET /healthz");
    expect(config).not.toMatch(/\bcookie\b|stick-table|stick on/);
    expect(lines).toContain("bind 127.0.0.1:4301");
    expect(lines).toContain("bind 127.0.0.1:4302");
    expect(config).not.toContain("{{");
  });

  it("lets an event stream sit idle for several heartbeats, and never less than a minute", () => {
    const idle = (name: string) =>
      Number(
        lines
          .find((l) => l.startsWith(`timeout ${name} `))
          ?.split(" ")[2]
          ?.replace("s", ""),
      );
    expect(idle("server")).toBeGreaterThanOrEqual((3 * HEARTBEAT_MS) / 1000);
    expect(idle("client")).toBeGreaterThanOrEqual((3 * HEARTBEAT_MS) / 1000);
    expect(streamIdleSeconds(5_000)).toBe(60);
    expect(streamIdleSeconds(40_000)).toBe(120);
  });

  it("marks a draining instance down before the instance closes its port", () => {
    const check = lines.find((l) => l.startsWith("default-server "))!;
    const ms = (key: string) => {
      const [, amount, unit] = new RegExp(`\\b${key} (\\d+)(ms|s)\\b`).exec(check)!;
      return Number(amount) * (unit === "s" ? 1000 : 1);
    };
    const fall = Number(check.split("fall ")[1]!.split(" ")[0]);
    // The first failure waits up to `inter`, each further one `fastinter`; DRAIN_DELAY_MS is 3000 (layout.ts).
    expect(ms("inter") + (fall - 1) * ms("fastinter")).toBeLessThan(3000);
  });

  it("retries on another instance, but never replays a POST", () => {
    expect(lines).toContain("option redispatch 1");
    expect(lines.some((l) => l.startsWith("retry-on ") && l.includes("conn-failure"))).toBe(true);
    expect(lines).toContain("http-request disable-l7-retry unless METH_GET");
  });

  it("refuses a template place it does not know, and an empty cluster", () => {
    expect(() => renderHaproxyConfig("bind {{nowhere}}", layout)).toThrow(/nowhere/);
    expect(() => renderHaproxyConfig(readTemplate(), { ...layout, instances: [] })).toThrow(/at least one/);
  });
});
