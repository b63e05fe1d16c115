import { describe, expect, it } from "vitest";
import { businessDaysAfter } from "../../app/lib/business-days";
import { createOfflineConnect } from "../../app/services/connect/offline.server";
import { createOfflinePayments } from "../../app/services/payments/offline.server";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

type Sent = { type: string; account?: string; data: { object: Record<string, unknown> } };

/** The offline providers on one clock the test moves, keeping the events they send. */
function providers(start: Date) {
  let clock = start;
  const payments: Sent[] = [];
  const connectEvents: Sent[] = [];
  const keep = (into: Sent[]) => async (payload: string) => (into.push(JSON.parse(payload) as Sent), 200);
  const pay = createOfflinePayments({ db: getDb, webhookSecret: "whsec_p", appUrl: "http://localhost:3000", post: keep(payments), now: () => clock });
  const connect = createOfflineConnect({ db: getDb, webhookSecret: "whsec_c", appUrl: "http://localhost:3000", post: keep(connectEvents), now: () => clock });
  return { pay, connect, connectEvents, setClock: (at: Date) => (clock = at) };
}

let accounts = 0;
async function account(country = "MX") {
  accounts += 1;
  const id = `acct_offline_${String(accounts).padStart(24, "0")}`;
  await getDb()
    .insertInto("offline_connect_accounts")
    .values({
      id,
      user_id: "00000000-0000-4000-8000-000000000000",
      country,
      email: "dm@example.test",
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      requirements: JSON.stringify({ currently_due: [], past_due: [], pending_verification: [], disabled_reason: null }),
      created_at: new Date(),
    })
    .execute();
  return id;
}

const metadata = {
  paymentId: "11111111-1111-4111-8111-111111111111",
  bookingId: "22222222-2222-4222-8222-222222222222",
  sessionId: "33333333-3333-4333-8333-333333333333",
};
let keys = 0;
async function paidCard(p: ReturnType<typeof providers>, destination: string, amountCents: number, feeCents: number, currency = "MXN") {
  keys += 1;
  const intent = await p.pay.createCardIntent({
    amountCents,
    currency,
    email: "p@example.test",
    metadata,
    idempotencyKey: `payout-card-${keys}`,
    paymentMethodTypes: ["card"],
    voucherDays: 3,
    pixSeconds: 1560,
    transfer: { destination, applicationFeeCents: feeCents },
  });
  expect(await p.pay.act(intent.id, "succeed")).toMatchObject({ ok: true });
  return intent.id;
}
const payoutEvents = (p: ReturnType<typeof providers>) => p.connectEvents.filter((e) => e.type.startsWith("payout."));

describe("the offline provider's payouts (decision record 086)", () => {
  it("pays each account what became available two business days after its charges, less refunds, once per currency", async () => {
    const charged = new Date();
    const p = providers(charged);
    const acct = await account("MX");
    await paidCard(p, acct, 25_000, 2_500);
    await paidCard(p, acct, 10_001, 1_000);
    const refunded = await paidCard(p, acct, 30_000, 3_000);
    await p.pay.refund({ paymentIntentId: refunded, reason: "customer_request", metadata, idempotencyKey: "payout-refund-1", reverseTransfer: true });
    await paidCard(p, acct, 4_000, 400, "BRL");

    const due = businessDaysAfter(charged, 2, "MX");
    // A second before the money is available, nothing is paid.
    expect(await p.connect.payOutDue(new Date(due.getTime() - 1_000))).toBe(0);
    expect(await p.connect.payOutDue(due)).toBe(2);
    expect(payoutEvents(p).map((e) => [e.type, e.account, e.data.object.amount, e.data.object.currency])).toEqual([
      ["payout.paid", acct, 3_600, "brl"],
      ["payout.paid", acct, 22_500 + 9_001, "mxn"],
    ]);
    // Run again at the same time, or later with nothing new: no second payout.
    expect(await p.connect.payOutDue(due)).toBe(0);
    expect(await p.connect.payOutDue(new Date(due.getTime() + 86_400_000))).toBe(0);
  });

  it("a refund after the payout leaves the balance owing: the next payout waits until new charges cover it", async () => {
    const charged = new Date();
    const p = providers(charged);
    const acct = await account("BR");
    const first = await paidCard(p, acct, 20_000, 2_000, "BRL");
    const due = businessDaysAfter(charged, 2, "BR");
    expect(await p.connect.payOutDue(due)).toBe(1);
    p.setClock(due);
    await p.pay.refund({ paymentIntentId: first, reason: "customer_request", metadata, idempotencyKey: "payout-refund-2", reverseTransfer: true });
    await paidCard(p, acct, 30_000, 3_000, "BRL");
    const later = businessDaysAfter(due, 2, "BR");
    expect(await p.connect.payOutDue(later)).toBe(1);
    // 27,000 new, less the 18,000 taken back from the first transfer.
    expect(payoutEvents(p).at(-1)?.data.object).toMatchObject({ amount: 9_000, status: "paid" });
  });

  it("the page's switch makes the next payout fail; its money stays and the next run pays it", async () => {
    const charged = new Date();
    const p = providers(charged);
    const acct = await account("MX");
    await paidCard(p, acct, 50_000, 5_000);
    expect(await p.connect.failNextPayout(acct)).toEqual({ ok: true });
    expect(await p.connect.failNextPayout("acct_offline_ffffffffffffffffffffffff")).toEqual({ ok: false, error: "notFound" });
    const due = businessDaysAfter(charged, 2, "MX");
    expect(await p.connect.payOutDue(due)).toBe(1);
    expect(payoutEvents(p).at(-1)).toMatchObject({
      type: "payout.failed",
      data: { object: { amount: 45_000, status: "failed", failure_code: "account_closed" } },
    });
    expect(await p.connect.payOutDue(due)).toBe(1);
    expect(payoutEvents(p).at(-1)).toMatchObject({ type: "payout.paid", data: { object: { amount: 45_000 } } });
  });

  it("PARALLEL: two runs at once pay an account once", async () => {
    const charged = new Date();
    const p = providers(charged);
    const acct = await account("MX");
    await paidCard(p, acct, 12_345, 1_235);
    const due = businessDaysAfter(charged, 2, "MX");
    const made = await Promise.all([p.connect.payOutDue(due, acct), p.connect.payOutDue(due, acct), p.connect.payOutDue(due, acct)]);
    expect(made.reduce((a, b) => a + b, 0)).toBe(1);
    expect(payoutEvents(p).map((e) => e.data.object.amount)).toEqual([11_110]);
  });
});
