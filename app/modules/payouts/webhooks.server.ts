import { z } from "zod";
import { inTransaction } from "#app/lib/transaction.server";
import type { Deps } from "#app/modules/deps.server";
import type { Connect } from "#app/services/connect/connect";
import { WebhookSignatureError } from "#app/services/payments/payments";
import type { Database } from "#db/client.server";
import { tellAccountRestricted, tellPayoutFailed } from "./notices.server";
import * as repo from "./repo.server";
import { accountState, missingDetails } from "./rules";

/** The provider's answer, as the payments webhook gives it: taken (with what came of it), or refused. */
export type ConnectAnswer = { ok: true; outcome: string } | { ok: false; refusal: "badSignature" | "badPayload"; detail?: string };

/** A use case's dependencies with the Connect port. */
export type ConnectDeps = Pick<Deps, "db" | "now" | "mailer" | "appUrl"> & { connect: Connect };

/** The part of Stripe's Account object an `account.updated` event must carry. */
const accountObject = z.object({
  id: z.string().regex(/^acct_[A-Za-z0-9_]{1,64}$/),
  charges_enabled: z.boolean(),
  payouts_enabled: z.boolean(),
  details_submitted: z.boolean(),
  requirements: z.object({
    currently_due: z.array(z.string().max(200)).max(200),
    past_due: z.array(z.string().max(200)).max(200),
    pending_verification: z.array(z.string().max(200)).max(200),
    disabled_reason: z.string().max(200).nullable(),
  }),
});

/** The part of Stripe's Payout object a `payout.*` event must carry. */
const payoutObject = z.object({
  id: z.string().regex(/^po_[A-Za-z0-9_]{1,64}$/),
  amount: z.number().int().nonnegative().max(2_000_000_000),
  currency: z.string().regex(/^[a-zA-Z]{3}$/),
  status: z.enum(["pending", "in_transit", "paid", "failed", "canceled"]),
  arrival_date: z.number().int().nonnegative().nullish(),
  created: z.number().int().nonnegative(),
  failure_code: z.string().max(100).nullish(),
  failure_message: z.string().max(500).nullish(),
});
const PAYOUT_EVENTS = new Set(["payout.created", "payout.updated", "payout.paid", "payout.failed", "payout.canceled"]);

const eventShape = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  created: z.number().int().nonnegative(),
  account: z.string().max(255).nullish(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

/** What applying an event did, and whom to tell once it is committed. */
type Applied = {
  outcome: string;
  restricted?: { userId: string; details: string[] };
  payoutFailed?: { userId: string; amountCents: number; currency: string };
};

/**
 * Keeps a payout event's payout for the DM whose account it happened on (its row is locked by the
 * caller); an unknown account or a malformed payout changes nothing. A payout that becomes failed
 * here (not one that was failed already) is told to the DM.
 */
async function applyPayout(
  trx: Database,
  event: z.infer<typeof eventShape>,
  account: { user_id: string; account_ref: string } | undefined,
  now: Date,
): Promise<Applied> {
  const payout = payoutObject.safeParse(event.data.object);
  if (!payout.success || !account) return { outcome: "ignored" };
  const p = payout.data;
  const before = await repo.payoutStatus(trx, p.id);
  await repo.applyPayoutEvent(trx, {
    id: p.id,
    accountRef: account.account_ref,
    userId: account.user_id,
    amountCents: p.amount,
    currency: p.currency.toUpperCase(),
    status: p.status,
    arrivalDate: p.arrival_date ? new Date(p.arrival_date * 1000) : null,
    failureCode: p.failure_code ?? null,
    failureMessage: p.failure_message ?? null,
    providerCreatedAt: new Date(p.created * 1000),
    eventAt: new Date(event.created * 1000),
    now,
  });
  await repo.markConnectEventApplied(trx, event.id, now);
  const after = await repo.payoutStatus(trx, p.id);
  const failedNow = after === "failed" && before !== "failed";
  return {
    outcome: "payoutRecorded",
    ...(failedNow ? { payoutFailed: { userId: account.user_id, amountCents: p.amount, currency: p.currency.toUpperCase() } } : {}),
  };
}

/**
 * POST /api/webhooks/stripe-connect (decision record 084): a Connect event, signed with the Connect
 * endpoint's own secret. It is kept by its id before anything is applied, so a replay changes
 * nothing. An `account.updated` event sets the DM's payout account from the newest such event
 * received for it (by the provider's time): events replayed in any order and any number of times
 * leave the same row. Payout events (`payout.paid`, `payout.failed`) are kept for the earnings desk.
 */
export async function handleConnectWebhook(deps: ConnectDeps, payload: string, signature: string | null): Promise<ConnectAnswer> {
  let raw: unknown;
  try {
    raw = deps.connect.parseWebhook(payload, signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) return { ok: false, refusal: "badSignature", detail: error.message };
    throw error;
  }
  const parsed = eventShape.safeParse(raw);
  if (!parsed.success) return { ok: false, refusal: "badPayload" };
  const event = parsed.data;
  const isAccount = event.type === "account.updated";
  const account = isAccount ? accountObject.safeParse(event.data.object) : null;
  if (account && !account.success) return { ok: false, refusal: "badPayload" };
  const accountRef = account?.success ? account.data.id : (event.account ?? null);
  const answer = await inTransaction(deps.db, async (trx): Promise<Applied> => {
    // The account first (one event of an account at a time), then the event's id.
    const row = accountRef ? await repo.lockPayoutAccountByRef(trx, accountRef) : undefined;
    const fresh = await repo.recordConnectEvent(trx, {
      id: event.id,
      type: event.type,
      accountRef,
      createdAt: new Date(event.created * 1000),
      payload: raw,
      now: deps.now,
    });
    if (!fresh) return { outcome: "duplicate" };
    if (PAYOUT_EVENTS.has(event.type)) return applyPayout(trx, event, row, deps.now);
    if (!isAccount) return { outcome: "recorded" };
    if (!row || !accountRef) return { outcome: "ignored" };
    const newest = (await repo.newestAccountEvent(trx, accountRef))!;
    const described = accountObject.parse((newest.payload as { data: { object: unknown } }).data.object);
    const state = accountState(described, newest.everActive);
    await repo.applyAccountUpdate(trx, accountRef, {
      account: described,
      state,
      everActive: newest.everActive,
      eventAt: newest.createdAt,
      now: deps.now,
    });
    await repo.markConnectEventApplied(trx, event.id, deps.now);
    const restricted = state === "restricted" && row.state !== "restricted";
    return {
      outcome: newest.id === event.id ? "applied" : "older",
      ...(restricted ? { restricted: { userId: row.user_id, details: missingDetails(described) } } : {}),
    };
  });
  // After the commit: nobody is told of a change that was rolled back.
  if (answer.restricted) await tellAccountRestricted(deps, answer.restricted.userId, answer.restricted.details);
  if (answer.payoutFailed) await tellPayoutFailed(deps, answer.payoutFailed.userId, answer.payoutFailed);
  return { ok: true, outcome: answer.outcome };
}
