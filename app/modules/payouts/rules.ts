// What a DM's payout account can do, from the provider's own account object (Stripe Connect's
// Account, which the offline adapter imitates). Pure: no clock, no database (decision record 084).

import type { ProviderAccount } from "#app/services/connect/connect";

/** The states the payouts page shows (their words in the payouts namespace). */
export const ACCOUNT_STATES = ["not_started", "details_needed", "under_review", "active", "restricted"] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/** The version of the paid-hosting terms a DM accepts before onboarding; a new version asks again. */
export const PAID_HOSTING_TERMS_VERSION = "2026-11-28";

/** The countries a DM may open a payout account in, for the currencies Mesa sells (MXN, BRL, USD). */
export const PAYOUT_COUNTRIES = ["MX", "BR", "US"] as const;
export type PayoutCountry = (typeof PAYOUT_COUNTRIES)[number];

export type { ProviderAccount };

/** Disabled reasons that no form fixes: the provider rejected or paused the account. */
const CLOSED_REASONS = new Set([
  "listed",
  "platform_paused",
  "rejected.fraud",
  "rejected.incomplete_verification",
  "rejected.listed",
  "rejected.other",
  "rejected.terms_of_service",
]);

/**
 * The payouts page's state of an account. Active: it takes charges and pays out. Restricted: the
 * provider closed it, or it took charges once and no longer does. Not started: the DM has not sent
 * the provider's form yet. Under review: everything is sent and the provider is checking it.
 * Details needed: the provider asks for more (its list is `requirements`).
 */
export function accountState(account: ProviderAccount, everActive: boolean): AccountState {
  const { requirements: r } = account;
  if (r.disabled_reason && (CLOSED_REASONS.has(r.disabled_reason) || r.disabled_reason.startsWith("rejected."))) return "restricted";
  if (account.charges_enabled && account.payouts_enabled) return "active";
  if (everActive) return "restricted";
  if (!account.details_submitted) return "not_started";
  if (r.currently_due.length > 0 || r.past_due.length > 0) return "details_needed";
  return "under_review";
}

/** What the provider still asks for, past due first, each named once (Stripe's requirement ids). */
export const missingDetails = (account: ProviderAccount) => [...new Set([...account.requirements.past_due, ...account.requirements.currently_due])];

/** Whether the DM may sell paid seats now: the provider lets the account take charges. */
export const canTakeCharges = (account: { charges_enabled: boolean } | null | undefined) => account?.charges_enabled === true;

/** Stripe's requirement ids as an account row keeps them (a JSON list); anything else in it is dropped. */
export const requirementsOf = (stored: unknown): string[] => (Array.isArray(stored) ? stored.filter((r): r is string => typeof r === "string") : []);

/** A requirement id's words in the payouts namespace ("individual.id_number" → "requirements.individual_id_number"). */
export const requirementKey = (id: string) => `requirements.${id.replaceAll(".", "_")}`;
