import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import type { Connect } from "#app/services/connect/connect";
import * as repo from "./repo.server";
import { type AccountState, canTakeCharges, PAID_HOSTING_TERMS_VERSION, type PayoutCountry, requirementsOf } from "./rules";

type PayoutDeps = Pick<Deps, "db" | "now" | "appUrl"> & { connect: Connect };

export type PayoutsPage = {
  termsVersion: string;
  termsAcceptedAt: Date | null;
  account: { state: AccountState; country: string; requirements: string[]; updatedByProviderAt: Date | null } | null;
};

/** What the payouts page shows a DM: the terms they accepted and their account as the provider's events left it. */
export async function payoutsPage(deps: Pick<Deps, "db">, dm: Requester): Promise<PayoutsPage> {
  const [account, termsAcceptedAt] = await Promise.all([
    repo.findPayoutAccount(deps.db, dm.id),
    repo.acceptedTermsAt(deps.db, dm.id, PAID_HOSTING_TERMS_VERSION),
  ]);
  return {
    termsVersion: PAID_HOSTING_TERMS_VERSION,
    termsAcceptedAt,
    account: account
      ? {
          state: account.state as AccountState,
          country: account.country,
          requirements: requirementsOf(account.requirements),
          updatedByProviderAt: account.state_event_at ? new Date(account.state_event_at) : null,
        }
      : null,
  };
}

export type Onboarding = { ok: true; url: string } | { ok: false; refusal: "termsRequired" | "providerError" };

/**
 * Sends a DM to the provider's onboarding (decision record 084). The first time, the paid-hosting
 * terms are accepted (version and time kept) and the connected account is made in the chosen
 * country, once even when the form is sent twice (the provider's idempotency key and the row's
 * primary key); later, a fresh link for the same account. The page shows what the provider's
 * events say afterwards, never what the return URL claims.
 */
export async function startOnboarding(
  deps: PayoutDeps,
  dm: Requester,
  input: { country?: PayoutCountry; acceptTerms: boolean; lang: string },
): Promise<Onboarding> {
  if (input.acceptTerms) await repo.acceptTerms(deps.db, dm.id, PAID_HOSTING_TERMS_VERSION, deps.now);
  else if (!(await repo.acceptedTermsAt(deps.db, dm.id, PAID_HOSTING_TERMS_VERSION))) return { ok: false, refusal: "termsRequired" };
  const page = `${deps.appUrl}/${input.lang}/settings/payouts`;
  try {
    let account = await repo.findPayoutAccount(deps.db, dm.id);
    if (!account) {
      const country = input.country ?? "MX";
      const made = await deps.connect.createAccount({ country, email: dm.email, userId: dm.id, idempotencyKey: `payout-account-${dm.id}` });
      account = await repo.insertPayoutAccount(deps.db, { userId: dm.id, provider: deps.connect.provider, accountRef: made.id, country, now: deps.now });
    }
    const link = await deps.connect.createAccountLink({ accountId: account!.account_ref, refreshUrl: `${page}?refresh=1`, returnUrl: `${page}?return=1` });
    return { ok: true, url: link.url };
  } catch (error) {
    console.warn(JSON.stringify({ msg: "payouts: onboarding could not start", userId: dm.id, error: String(error) }));
    return { ok: false, refusal: "providerError" };
  }
}

/** What a host's payout account still needs before players may pay for their seats (Stripe's list); null when it takes charges. */
export async function chargesBlocked(deps: Pick<Deps, "db">, hostId: string): Promise<{ requirements: string[] } | null> {
  const account = await repo.findPayoutAccount(deps.db, hostId);
  return canTakeCharges(account) ? null : { requirements: requirementsOf(account?.requirements) };
}
