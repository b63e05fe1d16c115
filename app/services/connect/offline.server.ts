import { rand } from "#app/services/payments/offline-shapes.server";
import { postToOwnWebhook, sendSignedEvent, verifiedEvent } from "#app/services/payments/signed-events.server";
import type { Database } from "#db/client.server";
import type { Connect, ConnectEvent, ProviderAccount } from "./connect";
import { payOutDue } from "./offline-payouts.server";

/** What a person on the local onboarding page can make the provider decide about an account. */
export const OFFLINE_CONNECT_ACTIONS = ["complete", "requireDetails", "review", "restrict"] as const;
export type OfflineConnectAction = (typeof OFFLINE_CONNECT_ACTIONS)[number];

export type OfflineConnectAccount = ProviderAccount & { id: string; user_id: string; country: string; email: string };

export type OfflineConnectConfig = {
  db: () => Database;
  webhookSecret: string;
  /** Absolute base of this app, where events are posted (APP_URL). */
  appUrl: string;
  /** Posts a signed event; by default to the app's own Connect webhook over HTTP. Tests call it in-process. */
  post?: (payload: string, signature: string) => Promise<number>;
  now?: () => Date;
};

export type OfflineConnect = Connect & {
  find(accountId: string): Promise<OfflineConnectAccount | null>;
  /** Plays Stripe's review of the account: changes it and sends the `account.updated` event Stripe would. */
  act(accountId: string, action: OfflineConnectAction): Promise<{ ok: true } | { ok: false; error: "notFound" }>;
  /** The local page's switch: the account's next payout fails (as a closed bank account makes it). */
  failNextPayout(accountId: string): Promise<{ ok: true } | { ok: false; error: "notFound" }>;
  /** The provider's payout run (a scheduled job): pays each account what became available and sends the payout events. */
  payOutDue(at: Date, onlyAccount?: string): Promise<number>;
};

/** What Stripe asks of a new individual account in Mexico or Brazil before it can take charges. */
const FIRST_REQUIREMENTS = ["business_profile.url", "external_account", "individual.dob.day", "individual.id_number", "tos_acceptance.date"];

/** The account as each decision leaves it, in Stripe's fields. */
const AFTER: Record<OfflineConnectAction, ProviderAccount> = {
  complete: {
    charges_enabled: true,
    payouts_enabled: true,
    details_submitted: true,
    requirements: { currently_due: [], past_due: [], pending_verification: [], disabled_reason: null },
  },
  requireDetails: {
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: true,
    requirements: {
      currently_due: ["individual.id_number", "external_account"],
      past_due: [],
      pending_verification: [],
      disabled_reason: "requirements.past_due",
    },
  },
  review: {
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: true,
    requirements: {
      currently_due: [],
      past_due: [],
      pending_verification: ["individual.verification.document"],
      disabled_reason: "requirements.pending_verification",
    },
  },
  restrict: {
    charges_enabled: false,
    payouts_enabled: false,
    details_submitted: true,
    requirements: { currently_due: [], past_due: ["individual.verification.document"], pending_verification: [], disabled_reason: "requirements.past_due" },
  },
};

/**
 * The offline Connect adapter (default outside production without Stripe keys): it keeps its
 * connected accounts in the database, sends the DM to a local onboarding page instead of Stripe's,
 * and reports every change as a Stripe-shaped `account.updated` event signed with Stripe's scheme,
 * posted to the same Connect webhook Stripe uses.
 */
export function createOfflineConnect(config: OfflineConnectConfig): OfflineConnect {
  const now = () => config.now?.() ?? new Date();
  const post = config.post ?? postToOwnWebhook(config.appUrl, "/api/webhooks/stripe-connect");

  async function find(accountId: string): Promise<OfflineConnectAccount | null> {
    const row = await config.db().selectFrom("offline_connect_accounts").selectAll().where("id", "=", accountId).executeTakeFirst();
    if (!row) return null;
    return {
      id: row.id,
      user_id: row.user_id,
      country: row.country,
      email: row.email,
      charges_enabled: row.charges_enabled,
      payouts_enabled: row.payouts_enabled,
      details_submitted: row.details_submitted,
      requirements: row.requirements as ProviderAccount["requirements"],
    };
  }

  /** Sends one Connect event that happened on `accountId`, signed as Stripe signs it. */
  function send(type: string, accountId: string, object: Record<string, unknown>) {
    const event = { id: `evt_offline_${rand()}`, type, created: Math.floor(now().getTime() / 1000), account: accountId, data: { object } };
    return sendSignedEvent(post, config.webhookSecret, event, "offline connect");
  }

  function deliver(account: OfflineConnectAccount) {
    const { user_id: _user, email: _email, ...object } = account;
    return send("account.updated", account.id, { ...object, object: "account" });
  }

  return {
    provider: "offline",
    async createAccount(input) {
      const db = config.db();
      await db
        .insertInto("offline_connect_accounts")
        .values({
          id: `acct_offline_${rand()}`,
          user_id: input.userId,
          country: input.country,
          email: input.email,
          idempotency_key: input.idempotencyKey,
          requirements: JSON.stringify({ currently_due: FIRST_REQUIREMENTS, past_due: [], pending_verification: [], disabled_reason: "requirements.past_due" }),
          created_at: now(),
        })
        .onConflict((oc) => oc.column("idempotency_key").doNothing())
        .execute();
      // A key sent again finds the first account, as Stripe's idempotency does.
      const row = await db.selectFrom("offline_connect_accounts").select("id").where("idempotency_key", "=", input.idempotencyKey).executeTakeFirstOrThrow();
      return { id: row.id };
    },
    async createAccountLink(input) {
      const found = await find(input.accountId);
      if (!found) throw new Error(`offline connect: no account ${input.accountId}`);
      // The local page plays Stripe's onboarding in the language of the page that asked, and sends
      // the DM back to the payouts page itself (never to an address carried in the link).
      const lang = /^\/(es|en|pt)\//.exec(new URL(input.returnUrl, config.appUrl).pathname)?.[1] ?? "es";
      return { url: `/${lang}/dev/connect/${input.accountId}` };
    },
    parseWebhook: (payload, signature) => verifiedEvent<ConnectEvent>(payload, signature, config.webhookSecret),
    find,
    async act(accountId, action) {
      const found = await find(accountId);
      if (!found) return { ok: false, error: "notFound" };
      const after = AFTER[action];
      await config
        .db()
        .updateTable("offline_connect_accounts")
        .set({
          charges_enabled: after.charges_enabled,
          payouts_enabled: after.payouts_enabled,
          details_submitted: after.details_submitted,
          requirements: JSON.stringify(after.requirements),
        })
        .where("id", "=", accountId)
        .execute();
      await deliver({ ...found, ...after });
      return { ok: true };
    },
    async failNextPayout(accountId) {
      const changed = await config.db().updateTable("offline_connect_accounts").set({ fail_next_payout: true }).where("id", "=", accountId).executeTakeFirst();
      return changed.numUpdatedRows > 0n ? { ok: true } : { ok: false, error: "notFound" };
    },
    payOutDue: (at, onlyAccount) => payOutDue(config.db(), at, (accountId, payout) => send(`payout.${payout.status}`, accountId, payout), onlyAccount),
  };
}
