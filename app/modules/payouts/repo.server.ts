import { sql } from "kysely";
import type { ProviderAccount } from "#app/services/connect/connect";
import type { Database } from "#db/client.server";
import { type AccountState, missingDetails } from "./rules";

// Payout accounts, the paid-hosting terms DMs accepted, and Connect events (migration create_payout_accounts).

export function findPayoutAccount(db: Database, userId: string) {
  return db.selectFrom("payout_accounts").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

export function findPayoutAccountByRef(db: Database, accountRef: string) {
  return db.selectFrom("payout_accounts").select(["user_id", "account_ref", "country"]).where("account_ref", "=", accountRef).executeTakeFirst();
}

/** The account's row, locked: Connect events about one account are applied one at a time. */
export function lockPayoutAccountByRef(db: Database, accountRef: string) {
  return db.selectFrom("payout_accounts").selectAll().where("account_ref", "=", accountRef).forUpdate().executeTakeFirst();
}

/**
 * The newest `account.updated` event received for an account (by the provider's time, then the order received),
 * and whether any event up to it found the account active: what its row is set from, whatever the
 * order the events arrived in.
 */
export async function newestAccountEvent(db: Database, accountRef: string) {
  const newest = await db
    .selectFrom("connect_events")
    .select(["id", "created_at", "payload"])
    .where("account_ref", "=", accountRef)
    .where("type", "=", "account.updated")
    .orderBy("created_at", "desc")
    // Two events of the same second (the provider's times have no finer grain): the one received later.
    .orderBy("received_at", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  if (!newest) return null;
  const active = await db
    .selectFrom("connect_events")
    .select("id")
    .where("account_ref", "=", accountRef)
    .where("type", "=", "account.updated")
    .where("created_at", "<=", newest.created_at)
    .where(sql<boolean>`(payload #>> '{data,object,charges_enabled}') = 'true' and (payload #>> '{data,object,payouts_enabled}') = 'true'`)
    .limit(1)
    .executeTakeFirst();
  return { id: newest.id, createdAt: new Date(newest.created_at), payload: newest.payload, everActive: active !== undefined };
}

/** The DM's account, kept once: a second form sent at the same time finds the first one's row. */
export async function insertPayoutAccount(
  db: Database,
  row: { userId: string; provider: "stripe" | "offline"; accountRef: string; country: string; now: Date },
) {
  await db
    .insertInto("payout_accounts")
    .values({ user_id: row.userId, provider: row.provider, account_ref: row.accountRef, country: row.country, created_at: row.now, updated_at: row.now })
    .onConflict((oc) => oc.column("user_id").doNothing())
    .execute();
  return findPayoutAccount(db, row.userId);
}

/** Sets an account from the provider's account object as the newest event (of time `eventAt`) described it. */
export async function applyAccountUpdate(
  db: Database,
  accountRef: string,
  input: { account: ProviderAccount; state: AccountState; everActive: boolean; eventAt: Date; now: Date },
) {
  const { account } = input;
  await db
    .updateTable("payout_accounts")
    .set({
      state: input.state,
      charges_enabled: account.charges_enabled,
      payouts_enabled: account.payouts_enabled,
      ever_active: input.everActive,
      requirements: JSON.stringify(missingDetails(account)),
      disabled_reason: account.requirements.disabled_reason,
      state_event_at: input.eventAt,
      updated_at: input.now,
    })
    .where("account_ref", "=", accountRef)
    .execute();
}

export async function acceptTerms(db: Database, userId: string, version: string, now: Date) {
  await db
    .insertInto("paid_hosting_terms")
    .values({ user_id: userId, version, accepted_at: now })
    .onConflict((oc) => oc.columns(["user_id", "version"]).doNothing())
    .execute();
}

export async function acceptedTermsAt(db: Database, userId: string, version: string) {
  const row = await db.selectFrom("paid_hosting_terms").select("accepted_at").where("user_id", "=", userId).where("version", "=", version).executeTakeFirst();
  return row ? new Date(row.accepted_at) : null;
}

/** Keeps a Connect event by its id before it is applied; false when it was received before (a replay). */
export async function recordConnectEvent(
  db: Database,
  event: { id: string; type: string; accountRef: string | null; createdAt: Date; payload: unknown; now: Date },
) {
  const inserted = await db
    .insertInto("connect_events")
    .values({
      id: event.id,
      type: event.type,
      account_ref: event.accountRef,
      created_at: event.createdAt,
      payload: JSON.stringify(event.payload),
      received_at: event.now,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function markConnectEventApplied(db: Database, id: string, now: Date) {
  await db.updateTable("connect_events").set({ applied_at: now }).where("id", "=", id).execute();
}

/** A payout as one of its events describes it. */
export type PayoutRecord = {
  id: string;
  accountRef: string;
  userId: string;
  amountCents: number;
  currency: string;
  status: "pending" | "in_transit" | "paid" | "failed" | "canceled";
  arrivalDate: Date | null;
  failureCode: string | null;
  failureMessage: string | null;
  providerCreatedAt: Date;
  eventAt: Date;
  now: Date;
};

/** How far a payout's status has gone: of two events of the same second, the further one wins. */
const statusRank = (column: string) => sql<number>`(case ${sql.ref(column)} when 'pending' then 0 when 'in_transit' then 1 else 2 end)`;

/**
 * Keeps a payout as its newest event describes it (by the provider's event time, then by how far
 * its status has gone), so its events replayed in any order leave the same row.
 */
export async function applyPayoutEvent(db: Database, p: PayoutRecord) {
  await db
    .insertInto("payouts")
    .values({
      id: p.id,
      account_ref: p.accountRef,
      user_id: p.userId,
      amount_cents: p.amountCents,
      currency: p.currency,
      status: p.status,
      arrival_date: p.arrivalDate,
      failure_code: p.failureCode,
      failure_message: p.failureMessage,
      provider_created_at: p.providerCreatedAt,
      state_event_at: p.eventAt,
      updated_at: p.now,
    })
    .onConflict((oc) =>
      oc
        .column("id")
        .doUpdateSet((eb) => ({
          amount_cents: eb.ref("excluded.amount_cents"),
          status: eb.ref("excluded.status"),
          arrival_date: eb.ref("excluded.arrival_date"),
          failure_code: eb.ref("excluded.failure_code"),
          failure_message: eb.ref("excluded.failure_message"),
          state_event_at: eb.ref("excluded.state_event_at"),
          updated_at: eb.ref("excluded.updated_at"),
        }))
        .where(sql<boolean>`(payouts.state_event_at, ${statusRank("payouts.status")}) < (excluded.state_event_at, ${statusRank("excluded.status")})`),
    )
    .execute();
}

export async function payoutStatus(db: Database, id: string) {
  return (await db.selectFrom("payouts").select("status").where("id", "=", id).executeTakeFirst())?.status ?? null;
}
