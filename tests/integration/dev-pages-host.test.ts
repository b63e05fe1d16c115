import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { send, startAppServer } from "./app-server";

// APP_URL names a host of its own, so "APP_URL's host" and "a loopback name" are told apart.
let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  app = await startAppServer({ env: { APP_URL: "http://mesa.test:3000" } });
});
afterAll(() => app.close());

const get = (path: string, host: string, headers: Record<string, string> = {}) => send(app.origin, { path, headers: { Host: host, ...headers } });
const devPaths = [
  "/es/dev/mailbox",
  "/en/dev/mailbox/1764151200000-6f1c1b7e-8a61-4c47-9d32-3f0e2a1b9c4d",
  "/pt/dev/payments/pi_test_1",
  "/es/dev/mailbox.data",
  "/es/d%65v/mailbox",
];

describe("the local mailbox and the test payment page", () => {
  it("answer at APP_URL's host and at loopback names", async () => {
    for (const host of ["mesa.test:3000", "mesa.test", "localhost:3000", "LOCALHOST", "127.0.0.1:3000", "127.8.9.10", "[::1]:3000"])
      for (const path of devPaths) expect((await get(path, host)).status, `${host} ${path}`).not.toBe(403);
  });

  it("refuse any other host name, which a rebinding page would send", async () => {
    for (const host of ["attacker.example:3000", "mesa.test.attacker.example", "localhost.attacker.example", "192.168.1.20:3000", "10.0.0.5", "[::2]"])
      for (const path of devPaths) {
        const answer = await get(path, host);
        expect(answer.status, `${host} ${path}`).toBe(403);
        expect(answer.headers["cache-control"]).toBe("no-store");
      }
  });

  it("refuse a payment confirmed through another host name", async () => {
    const post = await send(app.origin, {
      path: "/es/dev/payments/pi_test_1",
      headers: { Host: "attacker.example:3000", "Content-Type": "application/x-www-form-urlencoded" },
      body: "action=succeed&method=card",
    });
    expect(post.status).toBe(403);
    expect(post.body).not.toContain("succeed");
  });

  it("do not believe an X-Forwarded-Host the client sent (no proxy is trusted)", async () => {
    expect((await get("/es/dev/mailbox", "attacker.example", { "X-Forwarded-Host": "localhost" })).status).toBe(403);
  });

  it("say so in the page's language and name the address that works", async () => {
    const es = await get("/es/dev/mailbox", "attacker.example");
    expect(es.body).toContain('lang="es"');
    expect(es.body).toContain("Esta página solo se abre en esta computadora");
    expect(es.body).toContain("http://mesa.test:3000");
    expect((await get("/en/dev/mailbox", "attacker.example")).body).toContain("This page opens only on this computer");
    expect((await get("/pt/dev/payments/x", "attacker.example")).body).toContain("Esta página só abre neste computador");
  });

  it("leave every other page to any host", async () => {
    for (const path of ["/es/sessions", "/es/developers", "/api/session/1"]) expect((await get(path, "attacker.example")).status, path).not.toBe(403);
  });
});
