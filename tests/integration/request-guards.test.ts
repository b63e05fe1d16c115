import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "../../app/env.server";
import { openScopeCount, REQUEST_SCOPE_HEADER } from "../../app/lib/request-scope.server";
import { authSessionStorage } from "../../app/modules/auth/session.server";
import { createApp } from "../../server/http";
import { BODY_LIMITS, LOGIN_COOKIE } from "../../server/request-guards";
import { fakeBuild } from "./fake-build";

type Sent = { status: number; headers: http.IncomingHttpHeaders; body: string };
type Request = { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean };

/** One raw HTTP request, so the test controls Host, Origin, Content-Length and chunking exactly. */
function send(origin: string, req: Request): Promise<Sent> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const body = req.body === undefined ? undefined : Buffer.from(req.body);
    const headers: Record<string, string> = { ...req.headers };
    if (body && !req.chunked) headers["Content-Length"] = String(body.length);
    let answered = false;
    const out = http.request({ hostname, port, path: req.path, method: req.method ?? (body ? "POST" : "GET"), headers, agent: false }, (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
    });
    // A refused upload closes the connection while we still write: the answer is what counts.
    out.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    // ...but an answer lost to a reset is a failure, not a wait for the test's timeout.
    out.on("close", () => (answered ? undefined : reject(new Error("the connection closed before any answer"))));
    if (body && req.chunked) {
      for (let at = 0; at < body.length; at += 64 * 1024) out.write(body.subarray(at, at + 64 * 1024));
      out.end();
    } else out.end(body);
  });
}

async function start(overrides: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(process.env.DATA_DIR!, "guards-"));
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const env = parseEnv({ SESSION_SECRET: "s".repeat(32), DATA_DIR: dataDir, NODE_ENV: "test", APP_URL: `http://127.0.0.1:${port}`, ...overrides });
  server.on("request", createApp({ build: fakeBuild(), env, logger: pino({ level: "silent" }) }));
  return { server, origin: `http://127.0.0.1:${port}`, port };
}

const json = (value: unknown) => ({ headers: { "Content-Type": "application/json" }, body: JSON.stringify(value) });
const urlencoded = (fields: Record<string, string>) => ({
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

let app: Awaited<ReturnType<typeof start>>;
beforeAll(async () => {
  app = await start();
});
afterAll(() => new Promise<void>((resolve) => app.server.close(() => resolve())));

describe("the locale segment", () => {
  it.each([
    "/%2Fevil.com/auth/google",
    "/%2Fevil.com/logout",
    "/%5Cevil.com/calendar",
    "/%2F%2Fevil.com/settings",
    "//evil.com/calendar",
    "/evil/calendar",
    "/%2Fevil.com",
  ])("%s is a 404 before any loader can redirect", async (url) => {
    const response = await send(app.origin, { path: url });
    expect(response.status).toBe(404);
    expect(response.headers.location).toBeUndefined();
  });

  it("answers the 404 in the remembered language, else the browser's", async () => {
    const remembered = await send(app.origin, { path: "/fr/x", headers: { Cookie: "lng=pt", "Accept-Language": "en" } });
    expect(remembered.body).toContain('<html lang="pt"');
    expect(remembered.body).toContain("Página não encontrada");
    expect((await send(app.origin, { path: "/fr/x", headers: { "Accept-Language": "en-US" } })).body).toContain("Page not found");
  });

  it("leaves real locales, the API and / to Remix", async () => {
    const guarded = await send(app.origin, { path: "/es/calendar" });
    expect(guarded.status).toBe(302);
    expect(guarded.headers.location).toBe("/es/login");
    expect((await send(app.origin, { path: "/es/calendar.data" })).status).not.toBe(404);
    expect((await send(app.origin, { path: "/api/session/search" })).status).toBe(200);
  });
});

describe("NUL bytes", () => {
  // The twelve places where a NUL byte reached PostgreSQL and came back as a 500 with its message.
  const nul = "a\u0000b";
  const places: [string, Request][] = [
    ["search searchTerm (API)", { path: "/api/session/search?searchTerm=a%00b" }],
    ["search tags (API)", { path: "/api/session/search?tags=a%00b" }],
    ["search q (page)", { path: "/es/sessions?q=a%00b" }],
    ["metrics errorMessage", { path: "/api/auth/metrics", ...json({ eventType: "oauth_failure", errorMessage: nul }) }],
    ["session POST title", { path: "/api/session", ...json({ title: nul }) }],
    ["session POST description", { path: "/api/session", ...json({ title: "ok", description: nul }) }],
    ["session POST tags", { path: "/api/session", ...json({ title: "ok", tags: ["ok", nul] }) }],
    ["session PATCH title", { method: "PATCH", path: "/api/session/00000000-0000-0000-0000-000000000001", ...json({ title: nul }) }],
    ["session PATCH description", { method: "PATCH", path: "/api/session/00000000-0000-0000-0000-000000000001", ...json({ description: nul }) }],
    ["session PATCH tags", { method: "PATCH", path: "/api/session/00000000-0000-0000-0000-000000000001", ...json({ tags: [nul] }) }],
    ["series POST title", { path: "/api/session-series", ...json({ title: nul }) }],
    ["series POST instructions", { path: "/api/session-series", ...json({ title: "ok", instructions: nul }) }],
    ["series PATCH title", { method: "PATCH", path: "/api/session-series/00000000-0000-0000-0000-000000000001", ...json({ title: nul }) }],
    ["series PATCH instructions", { method: "PATCH", path: "/api/session-series/00000000-0000-0000-0000-000000000001", ...json({ instructions: nul }) }],
    ["a JSON key", { path: "/api/session", ...json({ [nul]: "x" }) }],
    ["a path segment", { path: "/api/session/a%00b" }],
  ];
  it.each(places)("%s → 400 with { error } and nothing reaches the route", async (_name, req) => {
    const response = await send(app.origin, req);
    expect(response.status).toBe(400);
    if (req.path.startsWith("/api/")) expect(JSON.parse(response.body)).toEqual({ error: expect.stringContaining("NUL") });
    expect(response.body).not.toContain("invalid byte sequence");
  });

  it("answers a page in the URL's language, for the query string and for form bodies", async () => {
    const page = await send(app.origin, { path: "/en/sessions?q=%00" });
    expect(page.status).toBe(400);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("null byte");
    const form = await send(app.origin, { path: "/es/settings/profile", ...urlencoded({ bio: nul }) });
    expect(form.status).toBe(400);
    expect(form.body).toContain("byte nulo");
    const multipart = await send(app.origin, {
      path: "/pt/settings/profile",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: `--xyz\r\nContent-Disposition: form-data; name="bio"\r\n\r\n${nul}\r\n--xyz--\r\n`,
    });
    expect(multipart.status).toBe(400);
    expect(multipart.body).toContain("byte nulo");
  });

  it("passes clean bodies through unchanged", async () => {
    const text = "título ñ ".repeat(1000);
    const response = await send(app.origin, { path: "/es/settings/profile", ...urlencoded({ bio: text }) });
    expect(response.status).toBe(200);
    const echoed = (JSON.parse(response.body) as { actionData: Record<string, { length: number; body: string }> }).actionData["routes/$lang.$"]!;
    expect(echoed.length).toBe(new URLSearchParams({ bio: text }).toString().length);
    const api = await send(app.origin, { path: "/api/session", ...json({ title: "a\\u0000 as text is fine" }) });
    expect(api.status).toBe(200);
  });
});

describe("body size", () => {
  const big = (bytes: number) => "x".repeat(bytes);
  it("refuses a form over 1 MiB with 413", async () => {
    const response = await send(app.origin, { path: "/es/settings/profile", ...urlencoded({ bio: big(BODY_LIMITS.form) }) });
    expect(response.status).toBe(413);
    expect(response.body).toContain("demasiado grande");
  });
  it("refuses auth forms and JSON over 64 KiB, and the API answers JSON", async () => {
    expect((await send(app.origin, { path: "/es/login", ...urlencoded({ email: big(70 * 1024) }) })).status).toBe(413);
    const api = await send(app.origin, { path: "/api/auth/token", ...json({ email: big(70 * 1024) }) });
    expect(api.status).toBe(413);
    expect(JSON.parse(api.body)).toEqual({ error: "Request body too large" });
  });
  it("lets the client finish sending before the 413, so a reset never swallows the answer", async () => {
    // Closing over unread bytes makes the kernel reset the connection, which can drop the answer
    // on a busy machine; ten posts of 2 MiB in parallel all read theirs.
    const posts = Array.from({ length: 10 }, () => send(app.origin, { path: "/es/signup", ...urlencoded({ email: "a", junk: big(2 * 1024 * 1024) }) }));
    for (const response of await Promise.all(posts)) {
      expect(response.status).toBe(413);
      expect(response.body).toContain("demasiado grande");
    }
  });
  it("answers at once when the declared body is past what it would read", async () => {
    const { hostname, port } = new URL(app.origin);
    const status = await new Promise<number>((resolve, reject) => {
      const headers = { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": String(100 * 1024 * 1024) };
      const out = http.request({ hostname, port, path: "/es/login", method: "POST", headers, agent: false }, (res) => resolve(res.statusCode ?? 0));
      out.on("error", reject);
      out.flushHeaders(); // and never sends the body
    });
    expect(status).toBe(413);
  });
  it("counts a chunked body as it arrives", async () => {
    const response = await send(app.origin, {
      path: "/es/login",
      chunked: true,
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: `email=${big(200 * 1024)}`,
    });
    expect(response.status).toBe(413);
  });
  it("keeps forms under the limit, and lets image forms through to the upload reader", async () => {
    expect((await send(app.origin, { path: "/es/settings/profile", ...urlencoded({ bio: big(900 * 1024) }) })).status).toBe(200);
    const upload = await send(app.origin, {
      path: "/es/create",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: `--xyz\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n${big(3 * 1024 * 1024)}\r\n--xyz--\r\n`,
    });
    expect(upload.status).toBe(200);
  });
});

describe("the client address", () => {
  const spoofed = { "X-Forwarded-For": "6.6.6.6, 203.0.113.9" };
  const ipSeen = async (origin: string) => (JSON.parse((await send(origin, { path: "/api/whoami", headers: spoofed })).body) as { ip: string }).ip;

  it("ignores X-Forwarded-For unless a proxy is trusted", async () => {
    expect(await ipSeen(app.origin)).toBe("127.0.0.1");
  });

  it.each(["1", "127.0.0.1", "loopback"])("with TRUST_PROXY=%s takes the address our proxy added, not the one the client wrote", async (trust) => {
    const proxied = await start({ TRUST_PROXY: trust });
    try {
      expect(await ipSeen(proxied.origin)).toBe("203.0.113.9");
    } finally {
      await new Promise<void>((resolve) => proxied.server.close(() => resolve()));
    }
  });
});

describe("the request scope", () => {
  it("names each request's own scope, whatever the client sends, and closes it when the answer is sent", async () => {
    const before = openScopeCount();
    const seen = async () =>
      (JSON.parse((await send(app.origin, { path: "/api/whoami", headers: { [REQUEST_SCOPE_HEADER]: "1.1" } })).body) as { scope: string }).scope;
    const [first, second] = await Promise.all([seen(), seen()]);
    expect(first).toMatch(/^\d+\.\d+$/);
    expect(first).not.toBe("1.1");
    expect(second).not.toBe(first);
    await vi.waitFor(() => expect(openScopeCount()).toBe(before));
  });
});

describe("caching of signed-in answers", () => {
  it("uses the same cookie name as the login session", async () => {
    expect(await authSessionStorage().commitSession(await authSessionStorage().getSession())).toMatch(new RegExp(`^${LOGIN_COOKIE}=`));
  });
  it("sends no-store to a signed-in request and when the login cookie is set, whatever the route said", async () => {
    const anonymous = await send(app.origin, { path: "/es/page?cache" });
    expect(anonymous.headers["cache-control"]).toBe("public, max-age=60");
    const signedIn = await send(app.origin, { path: "/es/page?cache", headers: { Cookie: `lng=es; ${LOGIN_COOKIE}=abc` } });
    expect(signedIn.headers["cache-control"]).toBe("no-store");
    const signingIn = await send(app.origin, { path: "/es/page?signin" });
    expect(signingIn.headers["cache-control"]).toBe("no-store");
  });
  it("keeps the caching of static files", async () => {
    const asset = await send(app.origin, { path: "/locales/es/common.json", headers: { Cookie: `${LOGIN_COOKIE}=abc` } });
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=3600");
  });
});

describe("an Origin that differs from the Host", () => {
  it("is a 403 with a clear message instead of Remix's bare 500", async () => {
    // APP_URL is http://127.0.0.1:PORT, so the cross-site check accepts this Origin; the Host is another name for the same site.
    const response = await send(app.origin, {
      path: "/es/settings/profile",
      headers: { Origin: app.origin, Host: `localhost:${app.port}`, ...urlencoded({ bio: "x" }).headers },
      body: "bio=x",
    });
    expect(response.status).toBe(403);
    expect(response.body).toContain(`localhost:${app.port}`);
    const forwarded = await send(app.origin, {
      path: "/es/settings/profile",
      headers: { Origin: app.origin, "X-Forwarded-Host": "elsewhere.example", ...urlencoded({ bio: "x" }).headers },
      body: "bio=x",
    });
    expect(forwarded.status).toBe(403);
  });
  it("lets a matching Origin through", async () => {
    expect(
      (await send(app.origin, { path: "/es/settings/profile", headers: { Origin: app.origin, ...urlencoded({ bio: "x" }).headers }, body: "bio=x" })).status,
    ).toBe(200);
  });
});

describe("a server error in the API", () => {
  it("answers { error } without the message or stack, outside production too", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {}); // Remix logs the error it caught, as it should
    const response = await send(app.origin, { path: "/api/broken" });
    expect(response.status).toBe(500);
    expect(JSON.parse(response.body)).toEqual({ error: "Internal server error" });
    expect(response.body).not.toContain("invalid byte sequence");
  });
});
