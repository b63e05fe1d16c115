import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { pino } from "pino";
import { parseEnv } from "../../app/env.server";
import { createApp } from "../../server/http";
import { fakeBuild } from "./fake-build";

export type Sent = { status: number; headers: http.IncomingHttpHeaders; body: string };
export type Sending = { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer };

/** One raw HTTP request, so the test controls the Host header and the body exactly. */
export function send(origin: string, req: Sending): Promise<Sent> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const body = req.body === undefined ? undefined : Buffer.from(req.body);
    const headers: Record<string, string> = { ...req.headers };
    if (body) headers["Content-Length"] = String(body.length);
    const out = http.request({ hostname, port, path: req.path, method: req.method ?? (body ? "POST" : "GET"), headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    out.on("error", reject);
    out.end(body);
  });
}

/**
 * The app's Express server (server/http.ts) on a free port of this machine, with a logger whose
 * lines the test reads. APP_URL is http://localhost:{port} unless the environment says otherwise.
 */
export async function startAppServer(options: { build?: ServerBuild; env?: Record<string, string>; draining?: () => boolean } = {}) {
  const dataDir = fs.mkdtempSync(path.join(process.env.DATA_DIR!, "app-"));
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const env = parseEnv({ SESSION_SECRET: "s".repeat(32), DATA_DIR: dataDir, NODE_ENV: "test", APP_URL: `http://localhost:${port}`, ...options.env });
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
  server.on("request", createApp({ build: options.build ?? fakeBuild(), env, logger, draining: options.draining }));
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    /** Every line logged so far, parsed. */
    lines,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
