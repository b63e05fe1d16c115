import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { handleConnectWebhook } from "../../app/modules/payouts/webhooks.server";
import { createOfflineConnect } from "../../app/services/connect/offline.server";
import { getDb } from "../../db/client.server";
import { createUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";

useTestDatabase();

const secret = "whsec_payout_events";
const now = new Date("2026-11-20T12:00:00Z");
const connect = createOfflineConnect({ db: getDb, webhookSecret: secret, appUrl: "http://localhost:3000", post: async () => 200 });

let serial = 0;
function signed(type: string, accountRef: string, createdSeconds: number, object: Record<string, unknown>) {
  serial += 1;
  const payload = JSON.stringify({
    id: `evt_po_${String(serial).padStart(6, "0")}`,
    object: "event",
    type,
    created: createdSeconds,
    account: accountRef,
    data: { object },
  });
  return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret }) };
}
const payout = (id: string, status: string, extra: Record<string, unknown> = {}) => ({
  id,
  object: "payout",
  amount: 123_456,
  currency: "mxn",
  status,
  arrival_date: 1_764_000_000,
  created: 1_763_900_000,
  ...extra,
});

async function dmWithAccount(state = "active") {
  const dm = await createUser({ role: "dm", payouts: "none" });
  const ref = `acct_offline_${dm.id.replaceAll("-", "").slice(0, 24)}`;
  await getDb()
    .insertInto("payout_accounts")
    .values({
      user_id: dm.id,
      provider: "offline",
      account_ref: ref,
      country: "MX",
      state,
      charges_enabled: state === "active",
      payouts_enabled: state === "active",
      ever_active: state === "active",
    })
    .execute();
  return { dm, ref };
}
const payoutsOf = (userId: string) =>
  getDb().selectFrom("payouts").select(["id", "amount_cents", "currency", "status", "failure_code"]).where("user_id", "=", userId).orderBy("id").execute();
const notificationsOf = (userId: string) =>
  getDb().selectFrom("notifications").select(["type", "params", "action_url"]).where("user_id", "=", userId).execute();

describe("payout events (decision record 086)", () => {
  it("keeps a payout as its newest event says, whatever the order; replays ×3 shuffled give the same rows", async () => {
    const finals = new Set<string>();
    for (const seed of [1, 2, 3]) {
      const { dm, ref } = await dmWithAccount();
      const events = [
        signed("payout.created", ref, 1_000, payout("po_test_a", "pending")),
        signed("payout.updated", ref, 1_500, payout("po_test_a", "in_transit")),
        signed("payout.paid", ref, 2_000, payout("po_test_a", "paid")),
        signed("payout.created", ref, 1_000, payout("po_test_b", "pending", { amount: 500 })),
        // Same second as its creation: the further status wins.
        signed("payout.failed", ref, 1_000, payout("po_test_b", "failed", { amount: 500, failure_code: "account_closed" })),
      ];
      let state = seed;
      const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      const { deps } = testDeps(now);
      for (const e of [...events, ...events, ...events].sort(() => random() - 0.5)) {
        expect((await handleConnectWebhook({ ...deps, connect }, e.payload, e.signature)).ok).toBe(true);
      }
      const rows = await payoutsOf(dm.id);
      finals.add(JSON.stringify(rows));
      // The totals kept beside the balance follow every event: one paid, nothing on its way (the other failed).
      const totals = await getDb()
        .selectFrom("dm_balances")
        .select(["paid_out_cents", "on_the_way_cents"])
        .where("user_id", "=", dm.id)
        .executeTakeFirstOrThrow();
      expect(totals).toEqual({ paid_out_cents: 123_456, on_the_way_cents: 0 });
      // The failed payout is told once, in the DM's language, with its amount.
      const told = (await notificationsOf(dm.id)).filter((n) => n.type === "payout_failed");
      expect(told).toHaveLength(1);
      expect(told[0]).toMatchObject({ action_url: "/earnings", params: { amount: "$5.00" } });
      await getDb().deleteFrom("payouts").execute();
      expect(
        await getDb().selectFrom("dm_balances").select(["paid_out_cents", "on_the_way_cents"]).where("user_id", "=", dm.id).executeTakeFirstOrThrow(),
      ).toEqual({
        paid_out_cents: 0,
        on_the_way_cents: 0,
      });
    }
    expect([...finals].map((f) => JSON.parse(f))).toEqual([
      [
        { id: "po_test_a", amount_cents: 123_456, currency: "MXN", status: "paid", failure_code: null },
        { id: "po_test_b", amount_cents: 500, currency: "MXN", status: "failed", failure_code: "account_closed" },
      ],
    ]);
  });

  it("a payout of an account nobody here has, or a malformed one, changes nothing; a forged one is refused", async () => {
    const { dm, ref } = await dmWithAccount();
    const { deps } = testDeps(now);
    const stranger = signed("payout.paid", "acct_offline_ffffffffffffffffffffffff", 1_000, payout("po_test_x", "paid"));
    expect(await handleConnectWebhook({ ...deps, connect }, stranger.payload, stranger.signature)).toEqual({ ok: true, outcome: "ignored" });
    const negative = signed("payout.paid", ref, 1_000, payout("po_test_y", "paid", { amount: -5 }));
    expect(await handleConnectWebhook({ ...deps, connect }, negative.payload, negative.signature)).toEqual({ ok: true, outcome: "ignored" });
    const real = signed("payout.paid", ref, 1_000, payout("po_test_z", "paid"));
    const forged = Stripe.webhooks.generateTestHeaderString({ payload: real.payload, secret: "whsec_someone_else" });
    expect(await handleConnectWebhook({ ...deps, connect }, real.payload, forged)).toMatchObject({ ok: false, refusal: "badSignature" });
    expect(await payoutsOf(dm.id)).toEqual([]);
  });

  it("an account restricted by the provider tells its DM once, in the bell and by email, with what Stripe asks for", async () => {
    const { dm, ref } = await dmWithAccount();
    const { deps, mails } = testDeps(now);
    const stopped = {
      id: ref,
      object: "account",
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: true,
      requirements: { currently_due: [], past_due: ["external_account"], pending_verification: [], disabled_reason: "requirements.past_due" },
    };
    const active = signed("account.updated", ref, 2_000, {
      ...stopped,
      charges_enabled: true,
      payouts_enabled: true,
      requirements: { currently_due: [], past_due: [], pending_verification: [], disabled_reason: null },
    });
    const first = signed("account.updated", ref, 3_000, stopped);
    const again = signed("account.updated", ref, 3_100, stopped);
    for (const e of [active, first, again, first]) await handleConnectWebhook({ ...deps, connect }, e.payload, e.signature);
    const told = (await notificationsOf(dm.id)).filter((n) => n.type === "payout_account_restricted");
    expect(told).toEqual([{ type: "payout_account_restricted", params: { details: "Cuenta bancaria para recibir pagos" }, action_url: "/settings/payouts" }]);
    const mail = (await mails()).filter((m) => m.to === dm.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain("Cuenta bancaria para recibir pagos");
    expect(mail[0]!.text).toContain("/es/settings/payouts");
  });
});
