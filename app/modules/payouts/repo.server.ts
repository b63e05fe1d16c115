import { sql } from "kysely";
import type { ProviderAccount } from "#app/services/connect/connect";
import type { Database } from "#db/client.server";
import type { AccountState } from "./rules";

// Payout accounts, the paid-hosting terms DMs accepted, and Connect events (migration create_payout_accounts).

export function findPayoutAccount(db: Database, userId: string) {
  return db.selectFrom("payout_accounts").selectAll().where("user_id", "=", userId).executeTakeFirst();
}

export function findPayoutAccountByRef(db: Database, accountRef: string) {
  return db.selectFrom("payout_accounts").selectAll().where("account_ref", "=", accountRef).executeTakeFirst();
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

/**
 * Sets an account from the provider's account object as an event of time `eventAt` described it.
 * An event older than the one the row was last set from changes nothing, so events applied in
 * any order leave the row as the newest one says. Returns the row when it changed.
 */
export function applyAccountUpdate(db: Database, accountRef: string, input: { account: ProviderAccount; state: AccountState; eventAt: Date; now: Date }) {
  const { account } = input;
  return db
    .updateTable("payout_accounts")
    .set({
      state: input.state,
      charges_enabled: account.charges_enabled,
      payouts_enabled: account.payouts_enabled,
      ever_active: sql<boolean>`ever_active or ${input.state === "active"}`,
      requirements: JSON.stringify([...new Set([...account.requirements.past_due, ...account.requirements.currently_due])]),
      disabled_reason: account.requirements.disabled_reason,
      state_event_at: input.eventAt,
      updated_at: input.now,
    })
    .where("account_ref", "=", accountRef)
    .where((eb) => eb.or([eb("state_event_at", "is", null), eb("state_event_at", "<=", input.eventAt)]))
    .returningAll()
    .executeTakeFirst();
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
