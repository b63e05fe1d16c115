import { describe, expect, it } from "vitest";
import { action as login } from "../../app/routes/$lang.login";
import { action as metrics } from "../../app/routes/api.auth.metrics";
import { action as refresh } from "../../app/routes/api.auth.refresh";
import { action as token } from "../../app/routes/api.auth.token";
import { loader as profile } from "../../app/routes/api.profile.$userId";
import { loader as usernameCheck } from "../../app/routes/api.username.check";
import { createUser, DEFAULT_PASSWORD } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { cookieHeader, form, run } from "./route";

type TokenRecord = { access_token: string; refresh_token: string; user: { id: string } };

useTestDatabase();

const base = "http://localhost:3000";
const json = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  new Request(`${base}${path}`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...headers } });

/** A new account's email; each test signs in with its own, so failed attempts never add up across tests. */
const account = async () => (await createUser()).email;

describe("login form", () => {
  it("shows invalidCredentials for a wrong password and keeps the email", async () => {
    const email = await account();
    const result = await run(login, form(`${base}/es/login`, { email, password: "wrong password" }, { "x-client-ip": "10.9.9.1" }), { lang: "es" });
    expect(result.status).toBe(401);
    expect((result.data as { error: Record<string, string[]> }).error[""]).toEqual(["invalidCredentials"]);
    expect((result.data as { initialValue: Record<string, string> }).initialValue.email).toBe(email);
  });

  it("signs in, sets the cookie and follows redirect_to on this site only", async () => {
    const email = await account();
    const ok = await run(login, form(`${base}/es/login`, { email, password: DEFAULT_PASSWORD, redirectTo: "/es/settings/password" }), { lang: "es" });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe("/es/settings/password");
    expect(cookieHeader(ok.headers)).toContain("__session=");
    for (const evil of ["https://evil.example", "//evil.example", "/\\evil.example"]) {
      const result = await run(login, form(`${base}/es/login`, { email, password: DEFAULT_PASSWORD, redirectTo: evil }), { lang: "es" });
      expect(result.headers.get("Location")).toBe("/es");
    }
  });
});

describe("token API", () => {
  it("issues the auth session record and serves the profile with it", async () => {
    const email = await account();
    const issued = await run(token, json("/api/auth/token", { email, password: DEFAULT_PASSWORD }));
    expect(issued.status).toBe(200);
    const record = issued.data as { access_token: string; refresh_token: string; token_type: string; expires_in: number; user: { id: string } };
    expect(record).toMatchObject({ token_type: "bearer", expires_in: 3600 });
    const auth = { Authorization: `Bearer ${record.access_token}` };
    const mine = await run(profile, new Request(`${base}/api/profile/${record.user.id}`, { headers: auth }), { userId: record.user.id });
    expect(mine.status).toBe(200);
    expect(mine.data).toMatchObject({ roles: ["user"], userId: record.user.id });

    const refreshed = await run(refresh, json("/api/auth/refresh", { refresh_token: record.refresh_token }));
    expect(refreshed.status).toBe(200);
    expect((await run(refresh, json("/api/auth/refresh", { refresh_token: record.refresh_token }))).status).toBe(401);
  });

  it("answers errors as { error } with fitting statuses", async () => {
    const email = await account();
    expect(await run(token, json("/api/auth/token", { email }))).toMatchObject({ status: 400, data: { error: expect.any(String) } });
    expect(await run(token, json("/api/auth/token", { email, password: "nope" }))).toMatchObject({ status: 401, data: { error: "Invalid email or password" } });
    const garbled = new Request(`${base}/api/auth/token`, { method: "POST", body: "{not json", headers: { "Content-Type": "application/json" } });
    expect((await run(token, garbled)).status).toBe(400);
    const anonymous = await run(profile, new Request(`${base}/api/profile/x`), { userId: "x" });
    expect(anonymous).toMatchObject({ status: 401, data: { error: "Authentication required" } });
    const record = (await run(token, json("/api/auth/token", { email, password: DEFAULT_PASSWORD }))).data as { access_token: string };
    const auth = { Authorization: `Bearer ${record.access_token}` };
    for (const id of ["00000000-0000-0000-0000-000000000000", "not-a-uuid", "'; select 1;--"]) {
      const missing = await run(profile, new Request(`${base}/api/profile/${encodeURIComponent(id)}`, { headers: auth }), { userId: id });
      expect(missing).toMatchObject({ status: 404, data: { error: "Profile not found" } });
    }
  });

  it("stores sign-in metrics and refuses unknown event types", async () => {
    expect((await run(metrics, json("/api/auth/metrics", { eventType: "oauth_attempt", provider: "google", mode: "signin" }))).status).toBe(204);
    expect((await run(metrics, json("/api/auth/metrics", { eventType: "hack", provider: "google" }))).status).toBe(400);
  });

  it("checks usernames for the signed-in user", async () => {
    const email = await account();
    const record = (await run(token, json("/api/auth/token", { email, password: DEFAULT_PASSWORD }))).data as { access_token: string };
    const auth = { Authorization: `Bearer ${record.access_token}` };
    const check = (name: string) => run(usernameCheck, new Request(`${base}/api/username/check?username=${encodeURIComponent(name)}`, { headers: auth }));
    expect((await check("Free Name")).data).toMatchObject({ available: true });
    expect((await check("root")).data).toMatchObject({ available: false, error: "usernameReserved" });
    expect((await check("a  b")).data).toMatchObject({ available: false, error: "usernameSpaces" });
  });
});

describe("token API edges", () => {
  it("takes JSON only (a form body is a 415, like on every JSON route), and answers GET with 405", async () => {
    const email = await account();
    const formBody = await run(token, form(`${base}/api/auth/token`, { email, password: DEFAULT_PASSWORD }, { "x-client-ip": "10.9.9.2" }));
    expect(formBody.status).toBe(415);
    const issued = await run(token, json("/api/auth/token", { email, password: DEFAULT_PASSWORD }));
    expect(issued.status).toBe(200);
    expect((await run(token, new Request(`${base}/api/auth/token`, { method: "GET" }))).status).toBe(405);
  });

  it("serves the profile to the login cookie too, without secrets", async () => {
    const email = await account();
    const signedIn = await run(login, form(`${base}/es/login`, { email, password: DEFAULT_PASSWORD }, { "x-client-ip": "10.9.9.3" }), { lang: "es" });
    const record = (await run(token, json("/api/auth/token", { email, password: DEFAULT_PASSWORD }))).data as TokenRecord;
    const viaCookie = await run(profile, new Request(`${base}/api/profile/${record.user.id}`, { headers: { Cookie: cookieHeader(signedIn.headers) } }), {
      userId: record.user.id,
    });
    expect(viaCookie).toMatchObject({ status: 200, data: { userId: record.user.id, roles: ["user"] } });
    expect(JSON.stringify(viaCookie.data)).not.toMatch(/password|hash|token/i);
    expect(viaCookie.headers.get("Cache-Control")).toBe("no-store");
  });

  it("refuses a bad bearer token as if none were sent", async () => {
    for (const header of ["Bearer not-a-token-at-all", "Bearer ", "Basic dXNlcjpwYXNz", `Bearer ${"x".repeat(10_000)}`]) {
      const result = await run(profile, new Request(`${base}/api/profile/x`, { headers: { Authorization: header } }), { userId: "x" });
      expect(result, header.slice(0, 20)).toMatchObject({ status: 401, data: { error: "Authentication required" } });
    }
  });

  it("rejects unknown, missing and malformed refresh tokens", async () => {
    expect((await run(refresh, json("/api/auth/refresh", { refresh_token: "x".repeat(40) }))).status).toBe(401);
    expect((await run(refresh, json("/api/auth/refresh", {}))).status).toBe(400);
    expect((await run(refresh, json("/api/auth/refresh", { refresh_token: { $ne: null } }))).status).toBe(400);
  });

  it("answers 429 with Retry-After once an account is locked", async () => {
    const locked = await account();
    for (let i = 0; i < 5; i += 1) {
      const wrong = await run(token, json("/api/auth/token", { email: locked, password: `wrong ${i}` }, { "x-client-ip": `10.8.0.${i}` }));
      expect(wrong.status).toBe(401);
    }
    const refused = await run(token, json("/api/auth/token", { email: locked, password: DEFAULT_PASSWORD }, { "x-client-ip": "10.8.0.99" }));
    expect(refused).toMatchObject({ status: 429, data: { error: expect.any(String) } });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("refuses metrics that are oversized, untyped or empty", async () => {
    for (const body of [{ eventType: "oauth_failure", provider: "x".repeat(10_000) }, { eventType: 1, provider: "google" }, { provider: "google" }, []]) {
      expect((await run(metrics, json("/api/auth/metrics", body))).status).toBe(400);
    }
    const empty = new Request(`${base}/api/auth/metrics`, { method: "POST" });
    expect((await run(metrics, empty)).status).toBe(400);
  });
});
