import { describe, expect, it } from "vitest";
import { leaveSeat } from "../../app/modules/payments/leave.server";
import { startCardIntent, startOxxoPayment } from "../../app/modules/payments/payments.server";
import { applicationFee } from "../../app/modules/payouts/fees";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { bookingsOf, now, paidSession, paymentsOf, payTestDeps, person } from "./pay-fixtures";

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
