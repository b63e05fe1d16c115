import { describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import {
  checkInvite,
  createInvite,
  redeemInvite,
  revokeSessionInvite,
  type ScreenedCode,
  screenInviteCode,
  sessionInvites,
} from "../../app/modules/invites/invites.server";
import { action, loader } from "../../app/routes/$lang.session.$id.invites/route";
import { getDb } from "../../db/client.server";
import { createSession } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { createUser, loginCookie, testDeps } from "./helpers";
import { form, run } from "./route";

useTestDatabase();

const now = new Date("2026-11-23T12:00:00Z");
/** Who tries the codes here: a visitor on an address of their own, so these tries count for no other test. */
const who = { userId: null, address: "10.61.0.1" };
const requester = (id: string, over: Partial<Requester> = {}) =>
  ({ id, isDm: true, isAdmin: false, roles: ["user", "dm"], timeZone: "America/Mexico_City", ...over }) as Requester;

async function hostedSession() {
  const host = await createUser({ role: "dm" });
  const { id } = await createSession({ host: host.id, title: "Mesa privada", now, startsInHours: 7 * 24, durationMinutes: 180, isPrivate: true });
  return { host, sessionId: id };
}

describe("invite codes", () => {
  it("the host makes generated and typed codes; a taken code or a past expiry is refused", async () => {
    const { deps } = testDeps(now);
    const { host, sessionId } = await hostedSession();
    const me = requester(host.id);
    const generated = await createInvite(deps, me, sessionId, { type: "access", maxUses: 1 });
    expect(generated).toMatchObject({ ok: true });
    expect((generated as { code: string }).code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
    // A code the host chooses needs ten characters; codes made before that rule still open their sessions.
    expect(await createInvite(deps, me, sessionId, { type: "free", maxUses: 3, code: "MESA-26" })).toEqual({
      ok: false,
      refusal: "invalid",
      field: "code",
      error: "invites.codeTooShort",
    });
    const typed = `mesa-amigos-${Date.now() % 100000}`;
    expect(await createInvite(deps, me, sessionId, { type: "free", maxUses: 3, code: typed })).toEqual({ ok: true, code: typed.toUpperCase() });
    expect(await createInvite(deps, me, sessionId, { type: "free", maxUses: 3, code: typed.toUpperCase() })).toMatchObject({
      ok: false,
      refusal: "invalid",
      field: "code",
    });
    expect(await createInvite(deps, me, sessionId, { type: "access", maxUses: 1, expiresOn: "2026-11-22" })).toMatchObject({ ok: false, field: "expiresOn" });
    const today = await createInvite(deps, me, sessionId, { type: "access", maxUses: 1, expiresOn: "2026-11-23" });
    const listed = await sessionInvites(deps, me, sessionId);
    if (!listed.ok) throw new Error("listing failed");
    expect(listed.invites).toHaveLength(3);
    // The end of 23 Nov in Mexico City (UTC-6) is 24 Nov 05:59:59.999 UTC.
    const expiring = listed.invites.find((i) => i.code === (today as { code: string }).code)!;
    expect(new Date(expiring.expires_at!).toISOString()).toBe("2026-11-24T05:59:59.999Z");
  });

  it("only the host or an admin manages a session's invites", async () => {
    const { deps } = testDeps(now);
    const { sessionId } = await hostedSession();
    const other = await createUser({ role: "dm" });
    const admin = await createUser({ role: "admin" });
    expect(await sessionInvites(deps, requester(other.id), sessionId)).toEqual({ ok: false, refusal: "forbidden" });
    expect(await createInvite(deps, requester(other.id), sessionId, { type: "access", maxUses: 1 })).toEqual({ ok: false, refusal: "forbidden" });
    expect((await sessionInvites(deps, requester(admin.id, { isAdmin: true }), sessionId)).ok).toBe(true);
    expect(await sessionInvites(deps, requester(other.id), "not-a-uuid")).toEqual({ ok: false, refusal: "notFound" });
    expect(await sessionInvites(deps, requester(other.id), "00000000-0000-4000-8000-000000000000")).toEqual({ ok: false, refusal: "notFound" });
  });

  it("a code with one use left is redeemed once when ten players try at the same moment", async () => {
    const { deps } = testDeps(now);
    const { host, sessionId } = await hostedSession();
    const made = await createInvite(deps, requester(host.id), sessionId, { type: "access", maxUses: 1 });
    const screened = await screenInviteCode(deps, who, sessionId, (made as { code: string }).code.toLowerCase());
    if (!screened.ok) throw new Error("the code did not pass the screen");
    const code = screened.code;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        getDb()
          .transaction()
          .execute((trx) => redeemInvite(trx, sessionId, code, now)),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.problem === "invalid")).toHaveLength(9);
    const row = await getDb().selectFrom("invites").select(["uses", "max_uses"]).where("session_id", "=", sessionId).executeTakeFirstOrThrow();
    expect(row).toEqual({ uses: 1, max_uses: 1 });
  });

  it("a booking that fails gives its use back; expired, revoked and unknown codes get one answer", async () => {
    const { deps } = testDeps(now);
    const { host, sessionId } = await hostedSession();
    const me = requester(host.id);
    const code = ((await createInvite(deps, me, sessionId, { type: "free", maxUses: 1 })) as { code: string }).code as ScreenedCode;
    await expect(
      getDb()
        .transaction()
        .execute(async (trx) => {
          expect(await redeemInvite(trx, sessionId, code, now)).toMatchObject({ ok: true, type: "free" });
          throw new Error("the seat was gone");
        }),
    ).rejects.toThrow("the seat was gone");
    expect(await checkInvite(deps.db, sessionId, code, now)).toEqual({ ok: true, type: "free", code, discountPercent: null });
    expect(await screenInviteCode(deps, who, sessionId, code)).toEqual({ ok: true, type: "free", code, discountPercent: null });
    expect(await screenInviteCode(deps, who, sessionId, "NOPE-0000")).toEqual({ ok: false, problem: "invalid" });
    expect(await screenInviteCode(deps, who, sessionId, "x")).toEqual({ ok: false, problem: "invalid" });
    const later = { ...deps, now: new Date("2026-12-01T00:00:00Z") };
    const dated = ((await createInvite(deps, me, sessionId, { type: "access", maxUses: 5, expiresOn: "2026-11-25" })) as { code: string }).code as ScreenedCode;
    expect(await screenInviteCode(later, who, sessionId, dated)).toEqual({ ok: false, problem: "invalid" });
    expect(await redeemInvite(getDb(), sessionId, dated, later.now)).toEqual({ ok: false, problem: "invalid" });
    const listed = await sessionInvites(deps, me, sessionId);
    const id = listed.ok ? listed.invites.find((i) => i.code === code)!.id : "";
    expect(await revokeSessionInvite(deps, me, sessionId, id)).toEqual({ ok: true });
    expect(await screenInviteCode(deps, who, sessionId, code)).toEqual({ ok: false, problem: "invalid" });
    // A code belongs to its session: another session's page cannot use or revoke it.
    const { host: otherHost, sessionId: otherSession } = await hostedSession();
    expect(await screenInviteCode(deps, who, otherSession, dated)).toEqual({ ok: false, problem: "invalid" });
    expect(await revokeSessionInvite(deps, requester(otherHost.id), otherSession, id)).toEqual({ ok: false, refusal: "notFound" });
  });
});

describe("the invites page", () => {
  it("lets the host create and revoke with plain forms, keeps bad input, and refuses everyone else", async () => {
    const { sessionId, host } = await hostedSession();
    const cookie = await loginCookie(host.id, now);
    const url = `http://localhost/es/session/${sessionId}/invites`;
    const params = { lang: "es", id: sessionId };
    const bad = await run(action, form(url, { intent: "create", code: "ab", maxUses: "500", type: "access" }, { Cookie: cookie }), params, { now });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.data)).toContain("invites.codeShape");
    expect(JSON.stringify(bad.data)).toContain("invites.maxUsesRange");
    expect((bad.data as { initialValue: Record<string, string> }).initialValue).toMatchObject({ code: "ab", maxUses: "500" });
    const made = await run(action, form(url, { intent: "create", code: "", maxUses: "2", type: "free" }, { Cookie: cookie }), params, { now });
    expect(made.status).toBe(302);
    const page = await run(loader, new Request(url, { headers: { Cookie: cookie } }), params, { now });
    const invites = (page.data as { invites: { id: string; link: string; maxUses: number; type: string }[] }).invites;
    expect(invites).toHaveLength(1);
    expect(invites[0]).toMatchObject({ maxUses: 2, type: "free" });
    expect(invites[0]!.link).toMatch(new RegExp(`^http://localhost/es/session/${sessionId}/confirm\\?invite=[A-Z0-9]{12}$`));
    const revoked = await run(action, form(url, { intent: "revoke", inviteId: invites[0]!.id }, { Cookie: cookie }), params, { now });
    expect(revoked.status).toBe(302);

    const stranger = await createUser({ role: "dm" });
    const theirs = await loginCookie(stranger.id, now);
    expect((await run(loader, new Request(url, { headers: { Cookie: theirs } }), params, { now })).status).toBe(403);
    expect((await run(action, form(url, { intent: "create", maxUses: "1", type: "access" }, { Cookie: theirs }), params, { now })).status).toBe(403);
    expect((await run(action, form(url, { intent: "revoke", inviteId: invites[0]!.id }, { Cookie: theirs }), params, { now })).status).toBe(403);
    const missing = { lang: "es", id: "00000000-0000-4000-8000-000000000000" };
    expect((await run(loader, new Request(url, { headers: { Cookie: cookie } }), missing, { now })).status).toBe(404);
  });
});
