import { businessDaysAfter } from "#app/lib/business-days";
import { inTransaction } from "#app/lib/transaction.server";
import { rand } from "#app/services/payments/offline-shapes.server";
import type { Database } from "#db/client.server";
import { PAYOUT_DELAY_BUSINESS_DAYS } from "./connect";

/** A payout the offline provider made, as Stripe's Payout object describes it. */
export type OfflinePayoutObject = {
  id: string;
  object: "payout";
  amount: number;
  currency: string;
  status: "paid" | "failed";
  arrival_date: number;
  created: number;
  automatic: true;
  failure_code: string | null;
  failure_message: string | null;
};

const epoch = (at: Date) => Math.floor(at.getTime() / 1000);

/** Half up, in integers: the part of a transfer a refund takes back, in proportion (Stripe's reversal). */
const proportion = (whole: number, part: number, of: number) => (of === 0 ? 0 : Math.floor((2 * whole * part + of) / (2 * of)));

/**
 * What the offline provider owes a connected account now, per currency: every transfer that has
 * become available (two business days after its charge, in the account's country), less what
 * refunds took back (at once, as Stripe debits a reversal) and less the payouts already made.
 * Failed payouts gave their money back to the balance.
 */
async function availableBalances(db: Database, account: { id: string; country: string }, now: Date): Promise<Map<string, number>> {
  const charges = await db
    .selectFrom("offline_payment_intents")
    .select(["id", "payment_intent_id", "amount_cents", "application_fee_cents", "currency", "succeeded_at"])
    .where("transfer_destination", "=", account.id)
    .where("kind", "<>", "refund")
    .where("succeeded_at", "is not", null)
    .execute();
  const balance = new Map<string, number>();
  if (charges.length === 0) return balance;
  const refunds = await db
    .selectFrom("offline_payment_intents")
    .select(["payment_intent_id", "amount_cents"])
    .where("kind", "=", "refund")
    .where("reverse_transfer", "=", true)
    .where(
      "payment_intent_id",
      "in",
      charges.flatMap((c) => [c.id, c.payment_intent_id ?? c.id]),
    )
    .execute();
  const paidOut = await db
    .selectFrom("offline_payouts")
    .select(["currency", (eb) => eb.fn.sum<string>("amount_cents").as("total")])
    .where("account_id", "=", account.id)
    .where("status", "=", "paid")
    .groupBy("currency")
    .execute();
  const add = (currency: string, cents: number) => balance.set(currency, (balance.get(currency) ?? 0) + cents);
  for (const c of charges) {
    const transfer = c.amount_cents - (c.application_fee_cents ?? 0);
    if (businessDaysAfter(new Date(c.succeeded_at!), PAYOUT_DELAY_BUSINESS_DAYS, account.country).getTime() <= now.getTime()) add(c.currency, transfer);
    for (const r of refunds.filter((r) => r.payment_intent_id === c.id || r.payment_intent_id === c.payment_intent_id)) {
      add(c.currency, -proportion(transfer, r.amount_cents, c.amount_cents));
    }
  }
  for (const p of paidOut) add(p.currency, -Number(p.total));
  return balance;
}

/**
 * The offline provider's payout run (a scheduled job): each account that may be paid receives what
 * became available, one payout per currency. The account's `fail_next_payout` switch (the local
 * onboarding page's) makes that payout fail, as a closed bank account would, and is turned off.
 * `onlyAccount` limits the run to one account (the local page's "pay out now").
 * Returns the payouts made; `deliver` sends each as its `payout.paid` or `payout.failed` event.
 */
export async function payOutDue(
  db: Database,
  now: Date,
  deliver: (accountId: string, payout: OfflinePayoutObject) => Promise<void>,
  onlyAccount?: string,
): Promise<number> {
  const accounts = await db
    .selectFrom("offline_connect_accounts")
    .select("id")
    .where("payouts_enabled", "=", true)
    .$if(onlyAccount !== undefined, (q) => q.where("id", "=", onlyAccount!))
    .orderBy("id")
    .execute();
  let made = 0;
  for (const { id } of accounts) {
    const payouts = await inTransaction(db, async (trx) => {
      // One run at a time per account: the lock makes the balance and the payouts one decision.
      const account = await trx.selectFrom("offline_connect_accounts").selectAll().where("id", "=", id).forUpdate().executeTakeFirstOrThrow();
      if (!account.payouts_enabled) return [];
      const out: OfflinePayoutObject[] = [];
      for (const [currency, amount] of [...(await availableBalances(trx, account, now))].sort()) {
        if (amount <= 0) continue;
        const fails = account.fail_next_payout && out.length === 0;
        const payout: OfflinePayoutObject = {
          id: `po_offline_${rand()}`,
          object: "payout",
          amount,
          currency: currency.toLowerCase(),
          status: fails ? "failed" : "paid",
          arrival_date: epoch(now),
          created: epoch(now),
          automatic: true,
          failure_code: fails ? "account_closed" : null,
          failure_message: fails ? "The bank account has been closed." : null,
        };
        await trx
          .insertInto("offline_payouts")
          .values({ id: payout.id, account_id: id, amount_cents: amount, currency, status: payout.status, created_at: now })
          .execute();
        out.push(payout);
      }
      if (out.some((p) => p.status === "failed"))
        await trx.updateTable("offline_connect_accounts").set({ fail_next_payout: false }).where("id", "=", id).execute();
      return out;
    });
    // After the commit: the events tell what the provider's records already hold.
    for (const payout of payouts) await deliver(id, payout);
    made += payouts.length;
  }
  return made;
}
