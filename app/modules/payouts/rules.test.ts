import { describe, expect, it } from "vitest";
import { accountState, canTakeCharges, missingDetails, type ProviderAccount } from "./rules";

const account = (
  over: Partial<ProviderAccount> & { due?: string[]; pastDue?: string[]; pending?: string[]; reason?: string | null } = {},
): ProviderAccount => ({
  charges_enabled: over.charges_enabled ?? false,
  payouts_enabled: over.payouts_enabled ?? false,
  details_submitted: over.details_submitted ?? false,
  requirements: { currently_due: over.due ?? [], past_due: over.pastDue ?? [], pending_verification: over.pending ?? [], disabled_reason: over.reason ?? null },
});

describe("a payout account's state", () => {
  it.each([
    ["just created, nothing sent", account({ due: ["individual.dob.day"] }), false, "not_started"],
    ["sent, more asked", account({ details_submitted: true, due: ["individual.id_number"] }), false, "details_needed"],
    ["sent, past due", account({ details_submitted: true, pastDue: ["external_account"] }), false, "details_needed"],
    ["sent, being checked", account({ details_submitted: true, pending: ["individual.verification.document"] }), false, "under_review"],
    ["sent, nothing asked", account({ details_submitted: true }), false, "under_review"],
    ["taking charges and paying out", account({ details_submitted: true, charges_enabled: true, payouts_enabled: true }), false, "active"],
    ["active with a detail due later", account({ details_submitted: true, charges_enabled: true, payouts_enabled: true, due: ["x"] }), true, "active"],
    ["active once, charges stopped", account({ details_submitted: true, pastDue: ["x"], reason: "requirements.past_due" }), true, "restricted"],
    ["active once, payouts stopped", account({ details_submitted: true, charges_enabled: true }), true, "restricted"],
    ["rejected", account({ details_submitted: true, reason: "rejected.fraud" }), false, "restricted"],
    ["paused by the platform", account({ details_submitted: true, reason: "platform_paused" }), false, "restricted"],
  ] as const)("%s: %s", (_, a, everActive, state) => {
    expect(accountState(a, everActive)).toBe(state);
  });

  it("lists what is missing, past due first, once each", () => {
    expect(missingDetails(account({ due: ["b", "a"], pastDue: ["a"] }))).toEqual(["a", "b"]);
  });

  it("sells paid seats only while the provider takes charges", () => {
    expect(canTakeCharges(null)).toBe(false);
    expect(canTakeCharges({ charges_enabled: false })).toBe(false);
    expect(canTakeCharges({ charges_enabled: true })).toBe(true);
  });
});
