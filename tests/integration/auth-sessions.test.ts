import { describe, expect, it } from "vitest";
import { issueApiTokens, refreshApiTokens } from "../../app/modules/auth/api-tokens.server";
import { startLoginSession } from "../../app/modules/auth/login-sessions.server";
import { getRequester } from "../../app/modules/auth/session.server";
import { signUp } from "../../app/modules/auth/sign-up.server";
import { action as sessionsAction, loader as sessionsPage } from "../../app/routes/$lang.settings.sessions";
import { action as tokenApi } from "../../app/routes/api.auth.token";
import { loader as profileApi } from "../../app/routes/api.profile.$userId";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { cookieForLoginSession, meta, newMeta, signupInput, testDeps, uniqueEmail, userIdOf } from "./helpers";
import { form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const DAY = 24 * 60 * 60 * 1000;

const page = (cookie: string) => new Request(`${base}/es`, { headers: { Cookie: cookie } });
const bearer = (token: string) => new Request(`${base}/api/x`, { headers: { Authorization: `Bearer ${token}` } });

describe("login session lifetime", () => {
  it("ends a session left idle for 14 days, and slides the window while it is used", async () => {
    const start = new Date("2030-03-01T09:00:00Z");
    const { deps, at } = testDeps(start);
    const userId = userIdOf(await signUp(deps, signupInput(uniqueEmail("idle")), newMeta()));
    const used = await cookieForLoginSession(await startLoginSession(deps, userId, meta));
    const left = await cookieForLoginSession(await startLoginSession(deps, userId, meta));

    // 'used' is used on days 10, 20 and 29; 'left' once on day 13, then never: it ends 14 days later.
    expect((await getRequester(page(used), at(new Date(start.getTime() + 10 * DAY))))?.id).toBe(userId);
    expect((await getRequester(page(left), at(new Date(start.getTime() + 13 * DAY))))?.id).toBe(userId);
    expect((await getRequester(page(used), at(new Date(start.getTime() + 20 * DAY))))?.id).toBe(userId);
    expect(await getRequester(page(left), at(new Date(start.getTime() + 27 * DAY + 60_000)))).toBeNull();
    expect((await getRequester(page(used), at(new Date(start.getTime() + 29 * DAY))))?.id).toBe(userId);
    // The absolute 30-day lifetime holds however often it is used.
    expect(await getRequester(page(used), at(new Date(start.getTime() + 30 * DAY + 60_000)))).toBeNull();
  });

  it("writes last-seen at most once every few minutes", async () => {
    const start = new Date("2030-04-01T09:00:00Z");
    const { deps, at } = testDeps(start);
    const userId = userIdOf(await signUp(deps, signupInput(uniqueEmail("touch")), newMeta()));
    const id = await startLoginSession(deps, userId, meta);
    const cookie = await cookieForLoginSession(id);
    const lastSeen = async () =>
      (await getDb().selectFrom("login_sessions").select("last_seen_at").where("id", "=", id).executeTakeFirstOrThrow()).last_seen_at;
    await getRequester(page(cookie), at(new Date(start.getTime() + 60_000)));
    expect(await lastSeen()).toEqual(start);
    const later = new Date(start.getTime() + 6 * 60_000);
    await getRequester(page(cookie), at(later));
    expect(await lastSeen()).toEqual(later);
  });
});

describe("API token families", () => {
  it("revokes the whole family when a rotated refresh token is used again", async () => {
    const { deps } = testDeps();
    const userId = userIdOf(await signUp(deps, signupInput(uniqueEmail("family")), newMeta()));
    const first = (await issueApiTokens(deps, userId, { userAgent: "cli" }))!;
    const second = (await refreshApiTokens(deps, first.refresh_token))!;
    const third = (await refreshApiTokens(deps, second.refresh_token))!;
    expect((await getRequester(bearer(third.access_token), deps))?.id).toBe(userId);
    const other = (await issueApiTokens(deps, userId, { userAgent: "other app" }))!;

    // Someone replays the first refresh token: refused, and the live descendant dies with it.
    expect(await refreshApiTokens(deps, first.refresh_token)).toBeNull();
    expect(await getRequester(bearer(third.access_token), deps)).toBeNull();
    expect(await refreshApiTokens(deps, third.refresh_token)).toBeNull();
    // Another family of the same account is untouched.
    expect((await getRequester(bearer(other.access_token), deps))?.id).toBe(userId);
  });

  it("lists API clients on the sessions page, revokes one without JavaScript, and signs them all out with 'everywhere else'", async () => {
    const { deps } = testDeps();
    const email = uniqueEmail("apps");
    const userId = userIdOf(await signUp(deps, signupInput(email), newMeta()));
    const cookie = await cookieForLoginSession(await startLoginSession(deps, userId, meta));
    const issue = async (agent: string) =>
      (
        await run(
          tokenApi,
          new Request(`${base}/api/auth/token`, {
            method: "POST",
            body: JSON.stringify({ email, password: "correct horse battery" }),
            headers: { "Content-Type": "application/json", "User-Agent": agent, "x-client-ip": "203.0.113.90" },
          }),
        )
      ).data as { access_token: string; refresh_token: string };
    const cli = await issue("mesa-cli/1.0");
    const bot = await issue("discord-bot/2.0");

    const listed = await run(sessionsPage, new Request(`${base}/es/settings/sessions`, { headers: { Cookie: cookie } }), { lang: "es" });
    const clients = (listed.data as { apiClients: { id: string; device: string }[] }).apiClients;
    expect(clients.map((c) => c.device).sort()).toEqual(["discord-bot/2.0", "mesa-cli/1.0"]);

    const cliFamily = clients.find((c) => c.device === "mesa-cli/1.0")!.id;
    const revoked = await run(sessionsAction, form(`${base}/es/settings/sessions`, { intent: "revoke-token", tokenId: cliFamily }, { Cookie: cookie }), {
      lang: "es",
    });
    expect(revoked.status).toBe(302);
    expect(await getRequester(bearer(cli.access_token), deps)).toBeNull();
    expect(await refreshApiTokens(deps, cli.refresh_token)).toBeNull();
    expect((await getRequester(bearer(bot.access_token), deps))?.id).toBe(userId);

    await run(sessionsAction, form(`${base}/es/settings/sessions`, { intent: "revoke-others" }, { Cookie: cookie }), { lang: "es" });
    expect(await getRequester(bearer(bot.access_token), deps)).toBeNull();
    // The page's own session stays.
    expect((await getRequester(page(cookie), deps))?.id).toBe(userId);
  });

  it("does not let one account revoke another's API client", async () => {
    const { deps } = testDeps();
    const owner = userIdOf(await signUp(deps, signupInput(uniqueEmail("owner")), newMeta()));
    const intruder = userIdOf(await signUp(deps, signupInput(uniqueEmail("intruder")), newMeta()));
    const token = (await issueApiTokens(deps, owner, { userAgent: "cli" }))!;
    const family = (await getDb().selectFrom("api_tokens").select("family_id").where("user_id", "=", owner).executeTakeFirstOrThrow()).family_id;
    const cookie = await cookieForLoginSession(await startLoginSession(deps, intruder, meta));
    await run(sessionsAction, form(`${base}/es/settings/sessions`, { intent: "revoke-token", tokenId: family }, { Cookie: cookie }), { lang: "es" });
    expect((await getRequester(bearer(token.access_token), deps))?.id).toBe(owner);
  });
});

describe("GET /api/profile/{id}", () => {
  it("gives others only the public fields, and the owner and admins the private ones", async () => {
    const { deps } = testDeps();
    const owner = userIdOf(await signUp(deps, { ...signupInput(uniqueEmail("host")), role: "dm" }, newMeta()));
    await getDb().updateTable("profiles").set({ direct_booking_instructions: "Pay to my bank account 1234" }).where("user_id", "=", owner).execute();
    const stranger = userIdOf(await signUp(deps, signupInput(uniqueEmail("stranger")), newMeta()));
    const admin = userIdOf(await signUp(deps, signupInput(uniqueEmail("admin")), newMeta()));
    await getDb()
      .updateTable("users")
      .set({ roles: ["user", "admin"] })
      .where("id", "=", admin)
      .execute();
    const as = async (viewer: string) => {
      const token = (await issueApiTokens(deps, viewer))!.access_token;
      const result = await run(profileApi, new Request(`${base}/api/profile/${owner}`, { headers: { Authorization: `Bearer ${token}` } }), { userId: owner });
      expect(result.status).toBe(200);
      return result.data as Record<string, unknown>;
    };
    const seenByStranger = await as(stranger);
    for (const field of ["name", "firstName", "lastName", "email", "roles", "isAdmin", "directBookingInstructions", "timezone", "preferredLanguage"]) {
      expect(seenByStranger).not.toHaveProperty(field);
    }
    expect(seenByStranger).toMatchObject({ userId: owner, displayName: "Ana R", isDm: true });
    expect(await as(owner)).toMatchObject({
      firstName: "Ana",
      roles: ["user", "dm"],
      directBookingInstructions: "Pay to my bank account 1234",
      email: expect.any(String),
    });
    const seenByAdmin = await as(admin);
    expect(seenByAdmin).toMatchObject({ firstName: "Ana", directBookingInstructions: "Pay to my bank account 1234" });
    expect(seenByAdmin).not.toHaveProperty("email");
  });
});
