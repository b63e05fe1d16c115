import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

export type SeenRequest = { method: string; path: string; body: URLSearchParams; idempotencyKey: string | undefined; auth: string | undefined };

/**
 * A stand-in for Stripe's API on this machine, started around the calling test file: records each
 * request and answers from `reply`. Stripe's network is never called.
 */
export function useFakeStripeApi() {
  const fake = {
    seen: [] as SeenRequest[],
    reply: ((_path: string) => ({ status: 500, body: {} })) as (path: string) => { status: number; body: unknown },
    port: 0,
  };
  let server: http.Server;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = "";
      req.on("data", (c) => (raw += c));
      req.on("end", () => {
        fake.seen.push({
          method: req.method!,
          path: req.url!,
          body: new URLSearchParams(raw),
          idempotencyKey: req.headers["idempotency-key"] as string | undefined,
          auth: req.headers.authorization,
        });
        const answer = fake.reply(req.url!);
        res.writeHead(answer.status, { "Content-Type": "application/json", "Request-Id": "req_test" });
        res.end(JSON.stringify(answer.body));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    fake.port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return fake;
}
