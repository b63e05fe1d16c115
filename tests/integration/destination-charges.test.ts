import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { earningsDesk } from "../../app/modules/earnings/earnings.server";
import { monthOf } from "../../app/modules/earnings/rules";
import { cancelSessionWithRefunds, leaveSeat } from "../../app/modules/payments/leave.server";
import { startCardIntent, startOxxoPayment } from "../../app/modules/payments/payments.server";
import { handleWebhook } from "../../app/modules/payments/webhooks.server";
import { applicationFee } from "../../app/modules/payouts/fees";
import { getDb } from "../../db/client.server";
import { requesterOf } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { bookingsOf, now, paidSession, paymentsOf, payTestDeps, person, secret } from "./pay-fixtures";

useTestDatabase();

const address = "203.0.113.7";
const fee = applicationFee(25_000, 1000);

/** A DM's payout account as the Connect events left it. */
async function payoutAccount(userId: string, chargesEnabled: boolean) {
  const accountRef = `acct_offline_${userId.replaceAll("-", "").slice(0, 24)}`;
  await getDb()
    .insertInto("payout_accounts")
    .values({
      user_id: userId,
      provider: "offline",
      account_ref: accountRef,
      country: "MX",
      state: chargesEnabled ? "active" : "details_needed",
      charges_enabled: chargesEnabled,
      payouts_enabled: chargesEnabled,
      ever_active: chargesEnabled,
    })
    .execute();
  return accountRef;
}

const offlineRecord = (id: string) => getDb().selectFrom("offline_payment_intents").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("a paid seat is a destination charge to its DM (decision records 084 and 085)", () => {
  it("by card and by OXXO: the payment names the DM's account and the platform's fee, as does the provider's record", async () => {
    const dm = await person("dm", {}, "none");
    const account = await payoutAccount(dm.id, true);
    const sessionId = await paidSession(dm.id, 4);
    const { deps } = payTestDeps(now);

    const card = await startCardIntent(deps, await person(), { sessionId, address });
    if (!card.ok) throw new Error(card.refusal);
    const [cardPayment] = await paymentsOf(card.bookingId);
    expect(cardPayment).toMatchObject({ transfer_destination: account, application_fee_cents: fee, amount_cents: 25_000 });
    expect(await offlineRecord(card.paymentIntentId)).toMatchObject({ transfer_destination: account, application_fee_cents: fee });

    const oxxo = await startOxxoPayment(deps, await person(), { sessionId, firstName: "Ana", lastName: "Robles", address });
    if (!oxxo.ok) throw new Error(oxxo.refusal);
    const [oxxoPayment] = await paymentsOf(oxxo.bookingId);
    expect(oxxoPayment).toMatchObject({ transfer_destination: account, application_fee_cents: fee });
  });

  it("a DM whose account cannot take charges yet, or who has none: no paid seat is held, so no charge is made without them", async () => {
    const { deps } = payTestDeps(now);
    const withoutAccount = await person("dm", {}, "none");
    const notReady = await person("dm", {}, "none");
    await payoutAccount(notReady.id, false);
    for (const dm of [withoutAccount, notReady]) {
      const sessionId = await paidSession(dm.id, 4);
      const card = await startCardIntent(deps, await person(), { sessionId, address });
      expect(card).toMatchObject({ ok: false, refusal: "hostCannotBePaid" });
      expect(await bookingsOf(sessionId)).toEqual([]);
    }
  });

  it("a player who leaves in time is refunded with the transfer reversed and the fee returned", async () => {
    const dm = await person("dm", {}, "none");
    await payoutAccount(dm.id, true);
    const sessionId = await paidSession(dm.id, 4);
    const { deps, offline } = payTestDeps(now);
    const player = await person();
    const card = await startCardIntent(deps, player, { sessionId, address });
    if (!card.ok) throw new Error(card.refusal);
    await offline.act(card.paymentIntentId, "succeed");
    expect((await bookingsOf(sessionId))[0]).toMatchObject({ status: "CONFIRMED" });
    expect((await leaveSeat(deps, player, sessionId)).ok).toBe(true);
    const refund = await getDb()
      .selectFrom("offline_payment_intents")
      .selectAll()
      .where("kind", "=", "refund")
      .where("payment_intent_id", "=", card.paymentIntentId)
      .executeTakeFirstOrThrow();
    expect(refund).toMatchObject({ reverse_transfer: true, amount_cents: 25_000 });
  });
});

describe("refunds and disputes on the DM's ledger (decision record 086)", () => {
  const desk = (dm: { id: string }, at: Date) =>
    earningsDesk(
      { db: getDb(), now: at },
      requesterOf({ id: dm.id, email: "dm@example.test", displayName: "Host", roles: ["user", "dm"] }),
      new URLSearchParams(`month=${monthOf(at, "America/Mexico_City")}`),
    );

  it("PARALLEL: the player leaving twice and the DM cancelling at once refund the seat once, with one reversal", async () => {
    const dm = await person("dm", {}, "none");
    await payoutAccount(dm.id, true);
    const sessionId = await paidSession(dm.id, 4);
    const { deps, offline } = payTestDeps(now);
    const player = await person();
    const card = await startCardIntent(deps, player, { sessionId, address });
    if (!card.ok) throw new Error(card.refusal);
    await offline.act(card.paymentIntentId, "succeed");
    expect((await desk(dm, now)).lines).toMatchObject([{ state: "paid", grossCents: 25_000, feeCents: fee, netCents: 25_000 - fee }]);
    await Promise.all([leaveSeat(deps, player, sessionId), leaveSeat(deps, player, sessionId), cancelSessionWithRefunds(deps, dm, sessionId)]);
    const refunds = await getDb()
      .selectFrom("offline_payment_intents")
      .select(["amount_cents", "reverse_transfer"])
      .where("kind", "=", "refund")
      .where("payment_intent_id", "=", card.paymentIntentId)
      .execute();
    expect(refunds).toEqual([{ amount_cents: 25_000, reverse_transfer: true }]);
    const after = await desk(dm, now);
    expect(after.lines).toMatchObject([{ state: "refunded", feeCents: 0, refundCents: 25_000, netCents: 0 }]);
    expect(after.money).toEqual([{ currency: "MXN", pending: 0, available: 0, paidOut: 0, onTheWay: 0 }]);
  });

  it("a chargeback is recorded against the seat's payment, in any order and once; a decided one stays decided", async () => {
    const dm = await person("dm", {}, "none");
    await payoutAccount(dm.id, true);
    const sessionId = await paidSession(dm.id, 4);
    const { deps, offline } = payTestDeps(now);
    const player = await person();
    const card = await startCardIntent(deps, player, { sessionId, address });
    if (!card.ok) throw new Error(card.refusal);
    await offline.act(card.paymentIntentId, "succeed");
    const dispute = (id: string, type: string, status: string, created: number) => {
      const payload = JSON.stringify({
        id,
        object: "event",
        type,
        created,
        data: { object: { id: "dp_test_1", object: "dispute", payment_intent: card.paymentIntentId, status, amount: 25_000 } },
      });
      return handleWebhook(deps, payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: secret() }));
    };
    expect(await dispute("evt_dp_1", "charge.dispute.created", "needs_response", 10)).toEqual({ ok: true, outcome: "disputeRecorded" });
    expect(await dispute("evt_dp_1", "charge.dispute.created", "needs_response", 10)).toEqual({ ok: true, outcome: "duplicate" });
    expect((await desk(dm, now)).lines).toMatchObject([{ state: "disputed" }]);
    expect(await dispute("evt_dp_3", "charge.dispute.closed", "won", 30)).toMatchObject({ ok: true });
    // A late "under review" does not reopen a dispute that was won.
    expect(await dispute("evt_dp_2", "charge.dispute.updated", "under_review", 20)).toMatchObject({ ok: true });
    const [payment] = await getDb()
      .selectFrom("payments")
      .select(["dispute_status", "dispute_ref"])
      .where("payment_intent_ref", "=", card.paymentIntentId)
      .execute();
    expect(payment).toEqual({ dispute_status: "won", dispute_ref: "dp_test_1" });
    expect((await desk(dm, now)).lines).toMatchObject([{ state: "paid" }]);
  });
});
