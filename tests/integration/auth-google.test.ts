import http from "node:http";
import type { AddressInfo } from "node:net";
import { createCookie, createCookieSessionStorage } from "@remix-run/node";
import type { GoogleProfile } from "remix-auth-google";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueApiTokens } from "../../app/modules/auth/api-tokens.server";
import { pkceChallenge, PkceGoogleStrategy } from "../../app/modules/auth/google-pkce.server";
import { startLoginSession } from "../../app/modules/auth/login-sessions.server";
import { oauthNextCookie, signInWithGoogle } from "../../app/modules/auth/oauth.server";
import { getRequester } from "../../app/modules/auth/session.server";
import { checkCredentials } from "../../app/modules/auth/sign-in.server";
import { signUp } from "../../app/modules/auth/sign-up.server";
import { loader as createPage } from "../../app/routes/$lang.create";
import { loader as newSeriesPage } from "../../app/routes/$lang.series.new";
import { action as createSessionApi } from "../../app/routes/api.session._index";
import { action as createSeriesApi } from "../../app/routes/api.session-series._index";
import { useTestDatabase } from "../setup/database";
import { cookieForLoginSession, meta, newMeta, signupInput, testDeps, uniqueEmail, userIdOf } from "./helpers";
import { run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
let googleIds = 0;
const googleProfile = (email: string, verified = true): GoogleProfile =>
  ({
    provider: "google",
    id: `google-${Date.now()}-${++googleIds}`,
    displayName: "Vera Owner",
    name: { givenName: "Vera", familyName: "Owner" },
    emails: [{ value: email }],
    photos: [{ value: "" }],
    _json: { email, email_verified: verified } as GoogleProfile["_json"],
  }) as GoogleProfile;

describe("Google sign-in and accounts made in advance with the same email", () => {
  it("wipes the password, sign-ins and tokens of an unverified account before linking it", async () => {
    const { deps } = testDeps();
    const email = uniqueEmail("victim");
    // Someone else signs up with the victim's address and never verifies it.
    const squatter = userIdOf(await signUp(deps, signupInput(email), newMeta()));
    const squatterCookie = await cookieForLoginSession(await startLoginSession(deps, squatter, meta));
    const squatterToken = await issueApiTokens(deps, squatter);

    expect(await signInWithGoogle(deps, googleProfile(email), "es")).toBe(squatter);
    expect(await checkCredentials(deps, email, "correct horse battery", newMeta())).toEqual({ ok: false, reason: "invalid" });
    expect(await getRequester(new Request(`${base}/es`, { headers: { Cookie: squatterCookie } }), deps)).toBeNull();
    expect(await getRequester(new Request(`${base}/api/x`, { headers: { Authorization: `Bearer ${squatterToken!.access_token}` } }), deps)).toBeNull();
  });

  it("links a verified password account and keeps its password and sign-ins", async () => {
    const { deps } = testDeps();
    const email = uniqueEmail("owner");
    const owner = userIdOf(await signUp(deps, signupInput(email), newMeta()));
    await deps.db.updateTable("users").set({ email_verified_at: deps.now }).where("id", "=", owner).execute();
    const cookie = await cookieForLoginSession(await startLoginSession(deps, owner, meta));
    expect(await signInWithGoogle(deps, googleProfile(email), "es")).toBe(owner);
    expect(await checkCredentials(deps, email, "correct horse battery", newMeta())).toMatchObject({ ok: true });
    expect((await getRequester(new Request(`${base}/es`, { headers: { Cookie: cookie } }), deps))?.id).toBe(owner);
  });

  it("refuses a Google address that Google has not verified", async () => {
    const { deps } = testDeps();
    expect(await signInWithGoogle(deps, googleProfile(uniqueEmail("unverified"), false), "es")).toBeNull();
    const silent = googleProfile(uniqueEmail("unknown"));
    expect(await signInWithGoogle(deps, { ...silent, _json: { email: silent.emails[0]!.value } as GoogleProfile["_json"] }, "es")).toBeNull();
  });
});

describe("hosting needs a verified email", () => {
  it("refuses an unverified DM on the create pages and the API, with a pointer to verification", async () => {
    const { deps } = testDeps();
    const dm = userIdOf(await signUp(deps, { ...signupInput(uniqueEmail("dm")), role: "dm" }, newMeta()));
    const cookie = await cookieForLoginSession(await startLoginSession(deps, dm, meta));
    for (const [loader, path] of [
      [createPage, "/es/create"],
      [newSeriesPage, "/es/series/new"],
    ] as const) {
      const page = await run(loader, new Request(`${base}${path}`, { headers: { Cookie: cookie } }), { lang: "es" });
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe("/es/auth/verify-email");
      expect(page.headers.get("Set-Cookie")).toContain("__toast=");
    }
    const token = (await issueApiTokens(deps, dm))!.access_token;
    for (const [action, path] of [
      [createSessionApi, "/api/session"],
      [createSeriesApi, "/api/session-series"],
    ] as const) {
      const request = new Request(`${base}${path}`, {
        method: "POST",
        body: "{}",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
      });
      const result = await run(action, request);
      expect(result.status).toBe(403);
      expect((result.data as { error: string }).error).toMatch(/^Verify your email address/);
    }
    // Once verified, the same DM reaches the form.
    await deps.db.updateTable("users").set({ email_verified_at: deps.now }).where("id", "=", dm).execute();
    expect((await run(createPage, new Request(`${base}/es/create`, { headers: { Cookie: cookie } }), { lang: "es" })).status).toBe(200);
  });
});

describe("PKCE and the signed return cookie", () => {
  let server: http.Server;
  let tokenBodies: URLSearchParams[] = [];
  let origin = "";
  beforeAll(async () => {
    // A stand-in for Google's token and userinfo endpoints: no network here.
    server = http.createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        res.setHeader("Content-Type", "application/json");
        if (req.url === "/token") {
          tokenBodies.push(new URLSearchParams(body));
          res.end(JSON.stringify({ access_token: "fake-access", token_type: "Bearer", expires_in: 3600 }));
        } else {
          res.end(JSON.stringify({ sub: "pkce-user", email: "pkce@example.test", email_verified: true, name: "P K" }));
        }
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("sends an S256 code_challenge to Google and the matching code_verifier with the code", async () => {
    tokenBodies = [];
    const storage = createCookieSessionStorage({ cookie: { name: "_oauth_test", secrets: ["s3cret"] } });
    const strategy = new PkceGoogleStrategy(
      { clientID: "client", clientSecret: "secret", callbackURL: `${base}/es/auth/callback` },
      async ({ profile }) => `signed-in:${profile.id}`,
      "server-secret",
    );
    Object.assign(strategy, { tokenURL: `${origin}/token`, userInfoURL: `${origin}/userinfo` });
    const options = { sessionKey: "user", sessionErrorKey: "error", sessionStrategyKey: "strategy", name: "google-es" };

    let redirect: Response | undefined;
    try {
      await strategy.authenticate(new Request(`${base}/es/auth/google`, { method: "POST" }), storage, options);
    } catch (thrown) {
      redirect = thrown as Response;
    }
    const to = new URL(redirect!.headers.get("Location")!);
    expect(to.origin + to.pathname).toBe("https://accounts.google.com/o/oauth2/v2/auth");
    expect(to.searchParams.get("code_challenge_method")).toBe("S256");
    const challenge = to.searchParams.get("code_challenge")!;
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const state = to.searchParams.get("state")!;

    const cookie = redirect!.headers.get("Set-Cookie")!.split(";")[0]!;
    const callback = new Request(`${base}/es/auth/callback?state=${state}&code=the-code`, { headers: { Cookie: cookie } });
    expect(await strategy.authenticate(callback, storage, options)).toBe("signed-in:pkce-user");
    expect(tokenBodies).toHaveLength(1);
    const verifier = tokenBodies[0]!.get("code_verifier")!;
    expect(tokenBodies[0]!.get("code")).toBe("the-code");
    expect(pkceChallenge(verifier)).toBe(challenge);
  });

  it("ignores an oauth_next cookie the server did not sign", async () => {
    const signed = (await oauthNextCookie().serialize("/es/calendar")).split(";")[0]!;
    expect(await oauthNextCookie().parse(signed)).toBe("/es/calendar");
    const unsigned = (await createCookie("oauth_next").serialize("/es/evil")).split(";")[0]!;
    expect(await oauthNextCookie().parse(unsigned)).toBeNull();
    const [name, value] = signed.split("=");
    const tampered = `${name}=${value!.slice(0, -3)}abc`;
    expect(await oauthNextCookie().parse(tampered)).toBeNull();
  });
});
