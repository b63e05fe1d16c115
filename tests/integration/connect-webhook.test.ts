import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { getEnv } from "../../app/env.server";
import { handleConnectWebhook } from "../../app/modules/payouts/webhooks.server";
import { action as connectRoute } from "../../app/routes/api.webhooks.stripe-connect";
import { createOfflineConnect } from "../../app/services/connect/offline.server";
import { offlineConnectWebhookSecret, offlineWebhookSecret } from "../../app/services/index.server";
import { getDb } from "../../db/client.server";
import { createUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";
import { run } from "./route";

useTestDatabase();

const secret = "whsec_connect_test";
const now = new Date("2026-11-20T12:00:00Z");
/** The offline adapter only checks signatures here; its events are built by hand below. */
const connect = createOfflineConnect({ db: getDb, webhookSecret: secret, appUrl: "http://localhost:3000", post: async () => 200 });
const deps = () => ({ ...testDeps(now).deps, connect });

type Shape = "details" | "review" | "active" | "stopped";
const objects: Record<Shape, object> = {
  details: {
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: true,
    requirements: { currently_due: ["external_account"], past_due: [], pending_verification: [], disabled_reason: "requirements.past_due" },
  },
  review: {
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: true,
    requirements: {
      currently_due: [],
      past_due: [],
      pending_verification: ["individual.verification.document"],
      disabled_reason: "requirements.pending_verification",
    },
  },
  active: {
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    requirements: { currently_due: [], past_due: [], pending_verification: [], disabled_reason: null },
  },
  stopped: {
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: true,
    requirements: { currently_due: [], past_due: ["individual.id_number"], pending_verification: [], disabled_reason: "requirements.past_due" },
  },
};

let serial = 0;
function event(accountRef: string, shape: Shape, createdSeconds: number, signWith = secret) {
  serial += 1;
  const payload = JSON.stringify({
    id: `evt_test_${String(serial).padStart(6, "0")}`,
    object: "event",
    type: "account.updated",
    created: createdSeconds,
    account: accountRef,
    data: { object: { id: accountRef, object: "account", ...objects[shape] } },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: signWith }) };
}

async function dmWithAccount() {
  const dm = await createUser({ role: "dm", payouts: "none" });
  const ref = `acct_offline_${dm.id.replaceAll("-", "").slice(0, 24)}`;
  await getDb().insertInto("payout_accounts").values({ user_id: dm.id, provider: "offline", account_ref: ref, country: "MX" }).execute();
  return { dm, ref };
}
const accountOf = (ref: string) =>
  getDb()
    .selectFrom("payout_accounts")
    .select(["state", "charges_enabled", "payouts_enabled", "ever_active", "requirements", "state_event_at"])
    .where("account_ref", "=", ref)
    .executeTakeFirstOrThrow();

describe("the Connect webhook (decision record 084)", () => {
  it("sets the account from an account.updated event, and a replay changes nothing", async () => {
    const { ref } = await dmWithAccount();
    const details = event(ref, "details", 1_000);
    expect(await handleConnectWebhook(deps(), details.payload, details.signature)).toEqual({ ok: true, outcome: "applied" });
    expect(await accountOf(ref)).toMatchObject({ state: "details_needed", charges_enabled: false, requirements: ["external_account"] });
    expect(await handleConnectWebhook(deps(), details.payload, details.signature)).toEqual({ ok: true, outcome: "duplicate" });
    const active = event(ref, "active", 2_000);
    expect(await handleConnectWebhook(deps(), active.payload, active.signature)).toEqual({ ok: true, outcome: "applied" });
    expect(await accountOf(ref)).toMatchObject({ state: "active", charges_enabled: true, ever_active: true, requirements: [] });
  });

  it("refuses a forged, unsigned or malformed event, and keeps nothing of it", async () => {
    const { ref } = await dmWithAccount();
    const forged = event(ref, "active", 1_000, "whsec_someone_else");
    expect(await handleConnectWebhook(deps(), forged.payload, forged.signature)).toMatchObject({ ok: false, refusal: "badSignature" });
    expect(await handleConnectWebhook(deps(), forged.payload, null)).toMatchObject({ ok: false, refusal: "badSignature" });
    const payload = JSON.stringify({ id: "evt_bad", type: "account.updated", created: 1, data: { object: { id: ref, charges_enabled: "yes" } } });
    const malformed = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    expect(await handleConnectWebhook(deps(), payload, malformed)).toMatchObject({ ok: false, refusal: "badPayload" });
    expect(await accountOf(ref)).toMatchObject({ state: "not_started", charges_enabled: false });
    expect(
      await getDb()
        .selectFrom("connect_events")
        .select("id")
        .where((eb) => eb.or([eb("account_ref", "=", ref), eb("id", "=", "evt_bad")]))
        .execute(),
    ).toEqual([]);
  });

  it("an event about an account nobody here has is kept and changes no account", async () => {
    const { ref } = await dmWithAccount();
    const stranger = event("acct_offline_ffffffffffffffffffffffff", "active", 1_000);
    expect(await handleConnectWebhook(deps(), stranger.payload, stranger.signature)).toEqual({ ok: true, outcome: "ignored" });
    expect(await accountOf(ref)).toMatchObject({ state: "not_started" });
  });

  it("events replayed three times in shuffled orders leave the same account: the newest decides, an active past makes it restricted", async () => {
    const finals = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5]) {
      const { ref } = await dmWithAccount();
      const events = [event(ref, "details", 1_000), event(ref, "review", 2_000), event(ref, "active", 3_000), event(ref, "stopped", 4_000)];
      let state = seed;
      const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      const deliveries = [...events, ...events, ...events].sort(() => random() - 0.5);
      for (const d of deliveries) expect((await handleConnectWebhook(deps(), d.payload, d.signature)).ok).toBe(true);
      const { state_event_at, ...account } = await accountOf(ref);
      expect(new Date(state_event_at!).getTime()).toBe(4_000_000);
      finals.add(JSON.stringify(account));
    }
    expect([...finals].map((f) => JSON.parse(f))).toEqual([
      { state: "restricted", charges_enabled: false, payouts_enabled: false, ever_active: true, requirements: ["individual.id_number"] },
    ]);
  });

  it("PARALLEL: the same events delivered at once are each applied once and leave the newest", async () => {
    const { ref } = await dmWithAccount();
    const events = [event(ref, "details", 1_000), event(ref, "active", 2_000)];
    const answers = await Promise.all([...events, ...events, ...events].map((e) => handleConnectWebhook(deps(), e.payload, e.signature)));
    expect(answers.filter((a) => a.ok && a.outcome !== "duplicate")).toHaveLength(2);
    expect(await accountOf(ref)).toMatchObject({ state: "active" });
  });
});

describe("the Connect webhook route", () => {
  const post = (body: string, signature?: string) =>
    new Request("http://localhost:3000/api/webhooks/stripe-connect", {
      method: "POST",
      headers: { "Content-Type": "application/json", ...(signature ? { "Stripe-Signature": signature } : {}) },
      body,
    });

  it("takes an event signed with the Connect secret, once; refuses the payments endpoint's secret with 400", async () => {
    const { ref } = await dmWithAccount();
    const payload = JSON.stringify({ id: "evt_route_1", type: "account.updated", created: 5, account: ref, data: { object: { id: ref, ...objects.active } } });
    const signed = Stripe.webhooks.generateTestHeaderString({ payload, secret: offlineConnectWebhookSecret(getEnv()) });
    expect(await run(connectRoute, post(payload, signed))).toMatchObject({ status: 200, data: { received: true, outcome: "applied" } });
    expect(await run(connectRoute, post(payload, signed))).toMatchObject({ status: 200, data: { received: true, duplicate: true } });
    expect(await accountOf(ref)).toMatchObject({ state: "active" });
    const paymentsSigned = Stripe.webhooks.generateTestHeaderString({ payload, secret: offlineWebhookSecret(getEnv()) });
    expect((await run(connectRoute, post(payload, paymentsSigned))).status).toBe(400);
    expect((await run(connectRoute, post(payload))).status).toBe(400);
  });
});
