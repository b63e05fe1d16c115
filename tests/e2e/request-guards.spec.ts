import http from "node:http";
import { demo, expect, signIn, test } from "./fixtures";

// Plain HTTP against the real server: the browser's JavaScript plays no part, so one project is
// enough. Skipped on purpose in the no-JS project, where it would repeat the same requests.
test.beforeEach(({ javaScriptEnabled }) => test.skip(!javaScriptEnabled, "HTTP only; runs once"));

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: string };
/** A request sent exactly as written (no URL normalising, any Host and Origin). */
function raw(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Raw> {
  const { hostname, port } = new URL(process.env.E2E_BASE_URL!);
  return new Promise((resolve, reject) => {
    const headers = { ...options.headers, ...(options.body === undefined ? {} : { "Content-Length": String(Buffer.byteLength(options.body)) }) };
    let answered = false;
    const req = http.request({ hostname, port, path, method: options.method ?? "GET", headers, agent: false }, (res) => {
      answered = true;
      let body = "";
      res.on("data", (c: Buffer) => (body += c.toString()));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", (error: NodeJS.ErrnoException) => (error.code === "EPIPE" || error.code === "ECONNRESET" ? undefined : reject(error)));
    req.on("close", () => (answered ? undefined : reject(new Error(`${path}: the connection closed before any answer`))));
    req.end(options.body);
  });
}

test("no locale segment or return path sends anyone to another site", async () => {
  for (const path of ["/%2Fevil.com/auth/google", "/%2Fevil.com/logout", "/%5Cevil.com/calendar", "//evil.com/calendar"]) {
    const response = await raw(path, { method: path.endsWith("logout") ? "POST" : "GET" });
    expect(response.status, path).toBe(404);
    expect(response.headers.location, path).toBeUndefined();
  }
  for (const query of ["redirect=%2F.%2F%2Fevil.com", "redirect_to=%2F.%2F%2Fevil.com", "redirect=%2F..%2F%2Fevil.com%2Fx"]) {
    const page = await raw(`/es/login?${query}`);
    expect(page.status, query).toBe(200);
    // The form sends people back here after signing in; the language links may echo the query, which is harmless.
    expect(page.body, query).toContain('<input type="hidden" name="redirectTo" value="/es"/>');
  }
});

test("a NUL byte is a 400 with { error } wherever it enters, never the database's message", async ({ page }) => {
  await signIn(page, demo.dm, "es");
  const id = "00000000-0000-4000-8000-000000000000";
  const nul = "a\u0000b";
  const session = { title: "Mesa", game: "D&D 5e", startsAt: new Date(Date.now() + 5 * 86_400_000).toISOString(), duration: 120, maxParticipants: 5 };
  const calls: [string, () => ReturnType<typeof page.request.get>][] = [
    ["search searchTerm", () => page.request.get("/api/session/search?searchTerm=a%00b")],
    ["search tags", () => page.request.get("/api/session/search?tags=a%00b")],
    [
      "metrics errorMessage",
      () => page.request.post("/api/auth/metrics", { data: { eventType: "oauth_failure", provider: "google", mode: "login", errorMessage: nul } }),
    ],
    ["session POST title", () => page.request.post("/api/session", { data: { ...session, title: nul } })],
    ["session POST description", () => page.request.post("/api/session", { data: { ...session, description: nul } })],
    ["session POST tags", () => page.request.post("/api/session", { data: { ...session, tags: [nul] } })],
    ["session PATCH title", () => page.request.patch(`/api/session/${id}`, { data: { title: nul } })],
    ["session PATCH description", () => page.request.patch(`/api/session/${id}`, { data: { description: nul } })],
    ["session PATCH tags", () => page.request.patch(`/api/session/${id}`, { data: { tags: [nul] } })],
    ["series POST title", () => page.request.post("/api/session-series", { data: { title: nul, game: "D&D 5e", frequency: "IRREGULAR", isOngoing: true } })],
    [
      "series POST instructions",
      () =>
        page.request.post("/api/session-series", {
          data: { title: "Campaña", game: "D&D 5e", frequency: "IRREGULAR", isOngoing: true, sessionInstructions: nul },
        }),
    ],
    ["series PATCH title", () => page.request.patch(`/api/session-series/${id}`, { data: { title: nul } })],
    ["series PATCH instructions", () => page.request.patch(`/api/session-series/${id}`, { data: { sessionInstructions: nul } })],
  ];
  for (const [name, call] of calls) {
    const response = await call();
    expect(response.status(), name).toBe(400);
    expect(await response.json(), name).toEqual({ error: expect.stringContaining("NUL") });
  }
  const searchPage = await page.request.get("/es/sessions?q=a%00b");
  expect(searchPage.status()).toBe(400);
  expect(await searchPage.text()).toContain("byte nulo");
});

test("oversized bodies are a 413, JSON as text/plain a 415, and an Origin for another host a 403", async () => {
  const huge = await raw("/es/login", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: `email=${"x".repeat(100 * 1024)}`,
  });
  expect(huge.status).toBe(413);
  const echo = await raw("/es/signup", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: `email=a&junk=${"y".repeat(2 * 1024 * 1024)}`,
  });
  expect(echo.status).toBe(413);
  const plain = await raw("/api/auth/metrics", {
    method: "POST",
    headers: { "Content-Type": "text/plain" },
    body: JSON.stringify({ eventType: "oauth_attempt", provider: "google", mode: "login" }),
  });
  expect(plain.status).toBe(415);
  const { port, origin } = new URL(process.env.E2E_BASE_URL!);
  const mismatch = await raw("/es/login", {
    method: "POST",
    headers: { Origin: origin, Host: `localhost:${port}`, "Content-Type": "application/x-www-form-urlencoded" },
    body: "email=a%40b.c&password=x",
  });
  expect(mismatch.status).toBe(403);
  expect(mismatch.body).toContain(`localhost:${port}`);
});

test("signed-in pages are not stored; public assets keep their caching", async ({ page }) => {
  await signIn(page, demo.player, "es");
  for (const path of ["/es", "/es/settings", "/es/notifications", "/es/calendar"]) {
    const response = await page.request.get(path);
    expect(response.headers()["cache-control"], path).toBe("no-store");
  }
  const asset = await page.request.get("/locales/es/common.json");
  expect(asset.headers()["cache-control"]).toBe("public, max-age=3600");
});

test("the local mailbox opens from this machine", async () => {
  // The e2e server listens on 127.0.0.1; the network side is covered in tests/integration/mailbox-access.test.ts.
  expect((await raw("/es/dev/mailbox")).status).toBe(200);
});
