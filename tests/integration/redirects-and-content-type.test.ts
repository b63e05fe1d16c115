import { beforeAll, describe, expect, it } from "vitest";
import { startLoginSession } from "../../app/modules/auth/login-sessions.server";
import { signUp } from "../../app/modules/auth/sign-up.server";
import { action as login, loader as loginPage } from "../../app/routes/$lang.login";
import { action as metrics } from "../../app/routes/api.auth.metrics";
import { action as token } from "../../app/routes/api.auth.token";
import { useTestDatabase } from "../setup/database";
import { cookieForLoginSession, meta, newMeta, signupInput, testDeps, uniqueEmail } from "./helpers";
import { form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
let email = "";
let cookie = "";
beforeAll(async () => {
  const { deps } = testDeps(new Date());
  email = uniqueEmail("redirects");
  const created = await signUp(deps, signupInput(email), newMeta());
  if (created.status !== "created") throw new Error("sign-up failed");
  cookie = await cookieForLoginSession(await startLoginSession(deps, created.userId, meta));
});

// Each of these normalises to "//evil.com…", which a browser follows to another site.
const collapsing = ["%2F.%2F%2Fevil.com", "%2F..%2F%2Fevil.com%2Fx", "/.//evil.com", "/..//evil.com/x"];

describe("return paths that collapse into another site", () => {
  it.each(collapsing.flatMap((value) => [`redirect=${value}`, `redirect_to=${value}`]))(
    "a signed-in visit to /es/login?%s stays on the site",
    async (query) => {
      const result = await run(loginPage, new Request(`${base}/es/login?${query}`, { headers: { Cookie: cookie } }), { lang: "es" });
      expect(result.status).toBe(302);
      expect(result.headers.get("Location")).toBe("/es");
    },
  );

  it.each(["/.//evil.com", "/..//evil.com/x"])("signing in with redirectTo=%s lands on /es", async (redirectTo) => {
    const result = await run(login, form(`${base}/es/login`, { email, password: "correct horse battery", redirectTo }, { "x-client-ip": "10.77.0.1" }), {
      lang: "es",
    });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/es");
  });
});

describe("JSON endpoints", () => {
  const body = JSON.stringify({ eventType: "oauth_attempt", provider: "google", mode: "login" });
  it("answer 415 to a JSON body sent as text/plain", async () => {
    const plain = await run(
      metrics,
      new Request(`${base}/api/auth/metrics`, { method: "POST", body, headers: { "Content-Type": "text/plain;charset=UTF-8" } }),
    );
    expect(plain.status).toBe(415);
    expect(plain.data).toEqual({ error: expect.stringContaining("application/json") });
    const tokens = await run(
      token,
      new Request(`${base}/api/auth/token`, {
        method: "POST",
        body: JSON.stringify({ email, password: "correct horse battery" }),
        headers: { "Content-Type": "text/plain" },
      }),
    );
    expect(tokens.status).toBe(415);
  });
  it("still take application/json", async () => {
    const ok = await run(metrics, new Request(`${base}/api/auth/metrics`, { method: "POST", body, headers: { "Content-Type": "application/json" } }));
    expect(ok.status).toBe(204);
  });
});
