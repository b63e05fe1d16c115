import { z } from "zod";
import { inTransaction } from "#app/lib/transaction.server";
import type { Deps } from "#app/modules/deps.server";
import type { Connect } from "#app/services/connect/connect";
import { WebhookSignatureError } from "#app/services/payments/payments";
import * as repo from "./repo.server";
import { accountState } from "./rules";

/** The provider's answer, as the payments webhook gives it: taken (with what came of it), or refused. */
export type ConnectAnswer = { ok: true; outcome: string } | { ok: false; refusal: "badSignature" | "badPayload"; detail?: string };

/** A use case's dependencies with the Connect port. */
export type ConnectDeps = Pick<Deps, "db" | "now"> & { connect: Connect };

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

const eventShape = z.object({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(100),
  created: z.number().int().nonnegative(),
  account: z.string().max(255).nullish(),
  data: z.object({ object: z.record(z.string(), z.unknown()) }),
});

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
  return inTransaction(deps.db, async (trx) => {
    // The account first (one event of an account at a time), then the event's id.
    const row = isAccount && accountRef ? await repo.lockPayoutAccountByRef(trx, accountRef) : undefined;
    const fresh = await repo.recordConnectEvent(trx, {
      id: event.id,
      type: event.type,
      accountRef,
      createdAt: new Date(event.created * 1000),
      payload: raw,
      now: deps.now,
    });
    if (!fresh) return { ok: true as const, outcome: "duplicate" };
    if (!isAccount) return { ok: true as const, outcome: "recorded" };
    if (!row || !accountRef) return { ok: true as const, outcome: "ignored" };
    const newest = (await repo.newestAccountEvent(trx, accountRef))!;
    const described = accountObject.parse((newest.payload as { data: { object: unknown } }).data.object);
    await repo.applyAccountUpdate(trx, accountRef, {
      account: described,
      state: accountState(described, newest.everActive),
      everActive: newest.everActive,
      eventAt: newest.createdAt,
      now: deps.now,
    });
    await repo.markConnectEventApplied(trx, event.id, deps.now);
    return { ok: true as const, outcome: newest.id === event.id ? "applied" : "older" };
  });
}
