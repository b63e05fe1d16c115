import { describe, expect, it } from "vitest";
import { payoutsPage, startOnboarding } from "../../app/modules/payouts/payouts.server";
import { handleConnectWebhook } from "../../app/modules/payouts/webhooks.server";
import { action as devAct, loader as devPage } from "../../app/routes/$lang.dev.connect.$id";
import { action as payoutsAction, loader as payoutsLoader } from "../../app/routes/$lang.settings.payouts/route";
import { createOfflineConnect } from "../../app/services/connect/offline.server";
import { getDb } from "../../db/client.server";
import { createUser, loginCookie, requesterOf } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";
import { form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
let now = new Date("2026-11-20T12:00:00Z");
/** The provider's clock moves on between its decisions (its events are dated to the second). */
const later = () => (now = new Date(now.getTime() + 60_000));
const get = (path: string, cookie?: string) => new Request(`${base}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const post = (path: string, fields: Record<string, string>, cookie: string) => form(`${base}${path}`, fields, { Cookie: cookie });

/** The offline Connect adapter whose events go straight to the webhook's use case, as the app's own would over HTTP. */
function connectInProcess() {
  const deps = () => ({ ...testDeps(now).deps, connect });
  const connect = createOfflineConnect({
    db: getDb,
    webhookSecret: "whsec_connect_test",
    appUrl: base,
    now: () => now,
    post: async (payload, signature) => ((await handleConnectWebhook(deps(), payload, signature)).ok ? 200 : 400),
  });
  return { connect, deps: { db: getDb(), now, appUrl: base, connect } };
}

describe("a DM's payouts (decision record 084)", () => {
  it("accept the terms, onboard on the offline page, and the page shows what the events said", async () => {
    const dm = requesterOf(await createUser({ role: "dm", payouts: "none" }));
    const { connect, deps } = connectInProcess();
    expect(await startOnboarding(deps, dm, { acceptTerms: false, lang: "es" })).toEqual({ ok: false, refusal: "termsRequired" });
    const started = await startOnboarding(deps, dm, { acceptTerms: true, country: "BR", lang: "pt" });
    if (!started.ok) throw new Error(started.refusal);
    const accountId = /\/pt\/dev\/connect\/(acct_offline_[0-9a-f]{24})$/.exec(started.url)?.[1];
    expect(accountId).toBeDefined();
    // Sent twice: the same account, the terms kept once.
    expect(await startOnboarding(deps, dm, { acceptTerms: true, country: "MX", lang: "pt" })).toEqual(started);
    let page = await payoutsPage(deps, dm);
    expect(page).toMatchObject({ termsAcceptedAt: now, account: { state: "not_started", country: "BR" } });

    later();
    await connect.act(accountId!, "requireDetails");
    page = await payoutsPage(deps, dm);
    expect(page.account).toMatchObject({ state: "details_needed", requirements: ["individual.id_number", "external_account"] });
    later();
    await connect.act(accountId!, "complete");
    expect((await payoutsPage(deps, dm)).account).toMatchObject({ state: "active", requirements: [] });
    later();
    await connect.act(accountId!, "restrict");
    expect((await payoutsPage(deps, dm)).account).toMatchObject({ state: "restricted" });
    const row = await getDb().selectFrom("payout_accounts").select(["charges_enabled", "provider"]).where("user_id", "=", dm.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ charges_enabled: false, provider: "offline" });
  });

  it("the page is a 404 to a player and to a visitor; a DM's form without the terms keeps the country and says why", async () => {
    const player = await createUser();
    const dm = await createUser({ role: "dm", payouts: "none" });
    expect((await run(payoutsLoader, get("/es/settings/payouts", await loginCookie(player.id)), { lang: "es" })).status).toBe(404);
    expect((await run(payoutsLoader, get("/es/settings/payouts"), { lang: "es" })).status).toBe(404);
    const refusedToPlayer = await run(
      payoutsAction,
      post("/es/settings/payouts", { intent: "start", acceptTerms: "on", country: "MX" }, await loginCookie(player.id)),
      {
        lang: "es",
      },
    );
    expect(refusedToPlayer.status).toBe(404);
    expect(await getDb().selectFrom("payout_accounts").select("user_id").where("user_id", "=", player.id).execute()).toEqual([]);

    const cookie = await loginCookie(dm.id);
    expect(await run(payoutsLoader, get("/en/settings/payouts", cookie), { lang: "en" })).toMatchObject({ status: 200, data: { account: null, feeBps: 1000 } });
    const noTerms = await run(payoutsAction, post("/en/settings/payouts", { intent: "start", country: "BR" }, cookie), { lang: "en" });
    expect(noTerms).toMatchObject({ status: 400, data: { initialValue: { country: "BR" }, error: { acceptTerms: ["payouts:errors.termsRequired"] } } });
    const badCountry = await run(payoutsAction, post("/en/settings/payouts", { intent: "start", acceptTerms: "on", country: "XX" }, cookie), { lang: "en" });
    expect(badCountry).toMatchObject({ status: 400, data: { error: { country: ["payouts:errors.countryInvalid"] } } });
    expect(await getDb().selectFrom("payout_accounts").select("user_id").where("user_id", "=", dm.id).execute()).toEqual([]);
  });

  it("a second DM sees only their own account, and their form makes their own without touching the first DM's", async () => {
    const first = await createUser({ role: "dm", payouts: "none" });
    const second = await createUser({ role: "dm", payouts: "none" });
    const firstSent = await run(
      payoutsAction,
      post("/es/settings/payouts", { intent: "start", acceptTerms: "on", country: "MX" }, await loginCookie(first.id)),
      { lang: "es" },
    );
    expect(firstSent.status).toBe(303);
    const accountsOf = (userId: string) => getDb().selectFrom("payout_accounts").selectAll().where("user_id", "=", userId).execute();
    const firstBefore = await accountsOf(first.id);
    expect(firstBefore).toHaveLength(1);

    const secondCookie = await loginCookie(second.id);
    expect(await run(payoutsLoader, get("/es/settings/payouts", secondCookie), { lang: "es" })).toMatchObject({
      status: 200,
      data: { account: null, termsAcceptedAt: null },
    });
    const secondSent = await run(payoutsAction, post("/es/settings/payouts", { intent: "start", acceptTerms: "on", country: "US" }, secondCookie), {
      lang: "es",
    });
    expect(secondSent.status).toBe(303);
    expect(secondSent.headers.get("Location")).not.toBe(firstSent.headers.get("Location"));
    expect(await accountsOf(first.id)).toEqual(firstBefore);
    expect(await accountsOf(second.id)).toMatchObject([{ country: "US" }]);
  });

  it("the form sends the DM to the onboarding page; that page is refused to a visitor from another machine", async () => {
    const dm = await createUser({ role: "dm", payouts: "none" });
    const cookie = await loginCookie(dm.id);
    const sent = await run(payoutsAction, post("/es/settings/payouts", { intent: "start", acceptTerms: "on", country: "MX" }, cookie), { lang: "es" });
    expect(sent.status).toBe(303);
    const location = sent.headers.get("Location")!;
    expect(location).toMatch(/^\/es\/dev\/connect\/acct_offline_[0-9a-f]{24}$/);
    const id = location.split("/").at(-1)!;
    // The test requests come from no address at all: like a stranger's, neither loopback nor an admin's.
    expect((await run(devPage, get(location, cookie), { lang: "es", id })).status).toBe(404);
    expect((await run(devAct, post(location, { action: "complete" }, cookie), { lang: "es", id })).status).toBe(404);
  });
});
