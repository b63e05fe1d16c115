import { z } from "zod";
import { requestInstant } from "#app/lib/request-scope.server";
import { localToolsOpenTo } from "#app/modules/mailbox/local-tools.server";
import type { Refused } from "#app/modules/refusals";
import { OFFLINE_CONNECT_ACTIONS } from "#app/services/connect/offline.server";
import { getServices } from "#app/services/index.server";

const OFFLINE_ACCOUNT = /^acct_offline_[0-9a-f]{24}$/;
const absent: Refused<"notFound"> = { ok: false, refusal: "notFound" };

/** The local onboarding page exists only where the other local tools do, and only while the offline Connect adapter is in use. */
async function offlineConnect(request: Request) {
  const offline = getServices().offlineConnect;
  return offline && (await localToolsOpenTo(request)) ? offline : null;
}

/** The offline account the local onboarding page shows (Stripe's part played on this machine, decision record 084). */
export async function offlineConnectView(request: Request, accountId: string) {
  const offline = await offlineConnect(request);
  if (!offline || !OFFLINE_ACCOUNT.test(accountId)) return absent;
  const account = await offline.find(accountId);
  if (!account) return absent;
  return {
    ok: true as const,
    id: account.id,
    country: account.country,
    chargesEnabled: account.charges_enabled,
    actions: OFFLINE_CONNECT_ACTIONS,
    payoutActions: PAYOUT_ACTIONS,
  };
}

/** What the page can make the provider do with the account's payouts: pay what is available now, or fail the next payout. */
const PAYOUT_ACTIONS = ["payOutNow", "failNextPayout"] as const;

/** The page's buttons: what Stripe decides about the account, or does with its payouts. */
const offlineConnectActSchema = z.object({ action: z.enum([...OFFLINE_CONNECT_ACTIONS, ...PAYOUT_ACTIONS]) });

/** Plays Stripe's decision: the account changes and its `account.updated` event goes to the Connect webhook. */
export async function offlineConnectAct(request: Request, accountId: string, form: FormData) {
  const offline = await offlineConnect(request);
  if (!offline) return absent;
  // Checked only once the page exists for this person: to anyone else it is a 404, whatever they sent.
  const fields = offlineConnectActSchema.safeParse({ action: form.get("action") });
  if (!OFFLINE_ACCOUNT.test(accountId) || !fields.success) return { ok: false as const, refusal: "invalid" as const };
  const { action } = fields.data;
  if (action === "payOutNow") {
    if (!(await offline.find(accountId))) return absent;
    await offline.payOutDue(requestInstant(request), accountId);
    return { ok: true as const, action };
  }
  const done = action === "failNextPayout" ? await offline.failNextPayout(accountId) : await offline.act(accountId, action);
  return done.ok ? { ok: true as const, action } : absent;
}
