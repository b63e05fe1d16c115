import { describe, expect, it } from "vitest";
import {
  codeFromBytes,
  discountedPrice,
  GENERATED_LENGTH,
  hostCodeProblem,
  inviteFormSchema,
  inviteProblem,
  invitesPageSchema,
  normalizeCode,
  typedInviteCode,
  waivesPrice,
} from "./rules";

const now = new Date("2026-11-23T12:00:00Z");
const invite = { code: "MESA-2026", type: "access", max_uses: 2, uses: 0, expires_at: null, revoked_at: null };

describe("invite rules", () => {
  it("normalises typed codes and refuses what cannot be one", () => {
    expect(normalizeCode("  mesa-2026 ")).toBe("MESA-2026");
    expect(normalizeCode("abc12")).toBeNull();
    expect(normalizeCode("a".repeat(21))).toBeNull();
    expect(normalizeCode("mesa 2026")).toBeNull();
    expect(normalizeCode("mesa'--")).toBeNull();
    expect(normalizeCode(null)).toBeNull();
  });

  it("makes readable codes of twelve characters (60 bits) from random bytes", () => {
    const code = codeFromBytes(new Uint8Array([0, 1, 2, 3, 250, 251, 252, 255, 7, 31, 32, 100]));
    expect(GENERATED_LENGTH).toBe(12);
    expect(code).toHaveLength(GENERATED_LENGTH);
    expect(code).toBe("ABCD4569H9AE");
    expect(code).toMatch(/^[A-HJ-NP-Z2-9]+$/);
    expect(normalizeCode(code)).toBe(code);
  });

  it("explains why a code cannot be used", () => {
    expect(inviteProblem(undefined, now)).toBe("unknown");
    expect(inviteProblem(invite, now)).toBeNull();
    expect(inviteProblem({ ...invite, revoked_at: now }, now)).toBe("revoked");
    expect(inviteProblem({ ...invite, expires_at: now }, now)).toBe("expired");
    expect(inviteProblem({ ...invite, expires_at: new Date(now.getTime() + 1000) }, now)).toBeNull();
    expect(inviteProblem({ ...invite, uses: 2 }, now)).toBe("usedUp");
  });

  it("validates the host's form with the spec's limits and defaults", () => {
    expect(inviteFormSchema.parse({})).toEqual({ type: "access", maxUses: 1, discountPercent: null });
    expect(inviteFormSchema.safeParse({ maxUses: "0" }).success).toBe(false);
    expect(inviteFormSchema.safeParse({ maxUses: "101" }).success).toBe(false);
    expect(inviteFormSchema.safeParse({ maxUses: "2.5" }).success).toBe(false);
    expect(inviteFormSchema.parse({ maxUses: "100", type: "free", code: "Mesa-Libre" })).toMatchObject({ maxUses: 100, type: "free" });
    expect(inviteFormSchema.safeParse({ type: "discount" }).success).toBe(false);
    expect(inviteFormSchema.safeParse({ code: "abc" }).error?.issues[0]?.message).toBe("invites.codeShape");
    // A code the host chooses needs ten characters, though six-character codes made before still redeem.
    expect(inviteFormSchema.safeParse({ code: "mesa-26" }).error?.issues[0]?.message).toBe("invites.codeTooShort");
    expect(inviteFormSchema.safeParse({ code: "mesa-amigo" }).success).toBe(true);
    expect(hostCodeProblem("mesa 2026 x")).toBe("invites.codeShape");
    expect(normalizeCode("mesa-26")).toBe("MESA-26");
    expect(inviteFormSchema.safeParse({ expiresOn: "mañana" }).success).toBe(false);
  });

  it("waives the price only for free invites", () => {
    expect(waivesPrice("free")).toBe(true);
    expect(waivesPrice("access")).toBe(false);
  });
});

describe("discount invites", () => {
  it("take the percentage off in whole minor units, in the player's favour", () => {
    expect(discountedPrice(25000, 20)).toBe(20000);
    expect(discountedPrice(999, 15)).toBe(849);
    expect(discountedPrice(25000, null)).toBe(25000);
  });
  it("need a percentage from 1 to 99 when the type is discount, and keep none otherwise", () => {
    expect(inviteFormSchema.safeParse({ type: "discount", maxUses: "5" }).error?.issues[0]?.message).toBe("invites.discountRange");
    expect(inviteFormSchema.safeParse({ type: "discount", maxUses: "5", discountPercent: "100" }).success).toBe(false);
    expect(inviteFormSchema.parse({ type: "discount", maxUses: "5", discountPercent: "25" })).toMatchObject({ type: "discount", discountPercent: 25 });
    expect(inviteFormSchema.parse({ type: "access", maxUses: "5", discountPercent: "25" }).discountPercent).toBeNull();
  });
});

describe("typedInviteCode", () => {
  it("takes an absent code or one of up to 20 characters, and refuses a longer one or a number", () => {
    expect(typedInviteCode.safeParse(undefined).success).toBe(true);
    expect(typedInviteCode.safeParse(null).success).toBe(true);
    expect(typedInviteCode.safeParse("A".repeat(20)).success).toBe(true);
    expect(typedInviteCode.safeParse("A".repeat(21)).success).toBe(false);
    expect(typedInviteCode.safeParse(42).success).toBe(false);
  });
});

describe("invitesPageSchema", () => {
  it("reads the create form (with or without its button) and the revoke form by intent", () => {
    expect(invitesPageSchema.parse({ intent: "create", type: "discount", maxUses: "5", discountPercent: "25" })).toMatchObject({
      intent: "create",
      discountPercent: 25,
    });
    expect(invitesPageSchema.parse({ maxUses: "2" })).toMatchObject({ intent: "create", maxUses: 2, discountPercent: null });
    expect(invitesPageSchema.safeParse({ intent: "create", type: "discount" }).success).toBe(false);
    expect(invitesPageSchema.parse({ intent: "revoke", inviteId: "abc" })).toEqual({ intent: "revoke", inviteId: "abc" });
    expect(invitesPageSchema.parse({ intent: "revoke" })).toEqual({ intent: "revoke", inviteId: "" });
    expect(invitesPageSchema.safeParse({ intent: "other" }).success).toBe(false);
  });
});
