import { z } from "zod";

/** Spec, shared rulebook: invite types access, free and discount (a percentage off the price). */
export const INVITE_TYPES = ["access", "free", "discount"] as const;
export type InviteType = (typeof INVITE_TYPES)[number];

/**
 * codeMin and codeMax bound what a person may type to redeem (spec: 6-20 characters), so codes made
 * before hostCodeMin existed keep working; a code a host chooses now needs hostCodeMin (decision record 040).
 */
export const INVITE_LIMITS = { codeMin: 6, codeMax: 20, hostCodeMin: 10, usesMin: 1, usesMax: 100, usesDefault: 1, discountMin: 1, discountMax: 99 } as const;

/** What a person may type: letters, digits and dashes; stored and compared upper-case. */
const CODE = /^[A-Za-z0-9-]{6,20}$/;

/** The stored form of a typed code: trimmed and upper-case; null when it cannot be a code. */
export function normalizeCode(typed: string | null | undefined): string | null {
  const code = (typed ?? "").trim();
  return CODE.test(code) ? code.toUpperCase() : null;
}

/** Letters and digits that cannot be mistaken for each other when read aloud or copied by hand. */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** Twelve characters of 32: 60 bits, beyond guessing at any rate the limits allow (decision record 040). */
export const GENERATED_LENGTH = 12;

/** Why a code a host typed cannot be made (null when it can): a short one is guessed from a list of words. */
export function hostCodeProblem(typed: string): "invites.codeShape" | "invites.codeTooShort" | null {
  if (!CODE.test(typed)) return "invites.codeShape";
  return typed.length < INVITE_LIMITS.hostCodeMin ? "invites.codeTooShort" : null;
}

/** A code from random bytes (one per character); the caller supplies the randomness. */
export function codeFromBytes(bytes: Uint8Array): string {
  let code = "";
  for (let i = 0; i < GENERATED_LENGTH; i += 1) code += ALPHABET[(bytes[i] ?? 0) % ALPHABET.length];
  return code;
}

/**
 * An invite code as a player's client sends it (a form field or a JSON call): absent, or a string of at
 * most codeMax characters. A longer one is refused, never cut, so no call books with a code it did not type.
 */
export const typedInviteCode = z.string({ message: "inviteCode is not valid" }).max(INVITE_LIMITS.codeMax, "inviteCode is not valid").nullish();

/** The fields of the host's invite form. */
const inviteFields = z.object({
  code: z
    .string()
    .trim()
    .optional()
    .superRefine((value, ctx) => {
      const problem = value === undefined || value === "" ? null : hostCodeProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
  type: z.enum(INVITE_TYPES, { message: "invites.typeRequired" }).default("access"),
  maxUses: z.coerce
    .number({ message: "invites.maxUsesRange" })
    .int({ message: "invites.maxUsesRange" })
    .min(INVITE_LIMITS.usesMin, { message: "invites.maxUsesRange" })
    .max(INVITE_LIMITS.usesMax, { message: "invites.maxUsesRange" })
    .default(INVITE_LIMITS.usesDefault),
  expiresOn: z
    .string()
    .optional()
    .refine((value) => value === undefined || value === "" || /^\d{4}-\d{2}-\d{2}$/.test(value), { message: "invites.expiryShape" }),
  // Only for discount invites: the percentage off, 1-99 (100% is a free invite).
  discountPercent: z.coerce
    .number({ message: "invites.discountRange" })
    .int({ message: "invites.discountRange" })
    .min(INVITE_LIMITS.discountMin, { message: "invites.discountRange" })
    .max(INVITE_LIMITS.discountMax, { message: "invites.discountRange" })
    .optional(),
});

type InviteFields = z.infer<typeof inviteFields>;

const discountNeedsPercent = (form: InviteFields, ctx: z.RefinementCtx) => {
  if (form.type === "discount" && form.discountPercent === undefined)
    ctx.addIssue({ code: "custom", path: ["discountPercent"], message: "invites.discountRange" });
};

/** Only a discount invite keeps a percentage. */
const withDiscount = <T extends InviteFields>(form: T) => ({ ...form, discountPercent: form.type === "discount" ? (form.discountPercent ?? null) : null });

/** The host's invite form; the same schema checks the form in the browser and on the server. */
export const inviteFormSchema = inviteFields.superRefine(discountNeedsPercent).transform(withDiscount);

/**
 * The invites page's two forms by their `intent`: make an invite (the button sends "create"; a form
 * sent without a button counts as it) or revoke one (an unknown or missing id is the store's to refuse).
 */
export const invitesPageSchema = z
  .preprocess(
    (value) => (value && typeof value === "object" && !("intent" in value) ? { ...value, intent: "create" } : value),
    z.discriminatedUnion("intent", [
      inviteFields.extend({ intent: z.literal("create") }),
      z.object({ intent: z.literal("revoke"), inviteId: z.string().default("") }),
    ]),
  )
  .superRefine((form, ctx) => {
    if (form.intent === "create") discountNeedsPercent(form, ctx);
  })
  .transform((form) => (form.intent === "create" ? withDiscount(form) : form));

export type InviteForm = Omit<z.infer<typeof inviteFormSchema>, "discountPercent"> & { discountPercent?: number | null };

export type InviteRow = { code: string; type: string; max_uses: number; uses: number; expires_at: Date | string | null; revoked_at: Date | string | null };

/**
 * Why a code cannot be used now; null when it can. Only the host sees which (their invites page):
 * the person redeeming gets one answer for every wrong code (see screenInviteCode).
 */
export function inviteProblem(invite: InviteRow | null | undefined, now: Date): "unknown" | "revoked" | "expired" | "usedUp" | null {
  if (!invite) return "unknown";
  if (invite.revoked_at) return "revoked";
  if (invite.expires_at && new Date(invite.expires_at).getTime() <= now.getTime()) return "expired";
  if (invite.uses >= invite.max_uses) return "usedUp";
  return null;
}

/** A free invite waives the price; an access invite only opens a private session. */
export const waivesPrice = (type: string) => type === "free";

/** The price after a discount invite: the percentage off, rounded down to whole minor units in the player's favour. */
export const discountedPrice = (priceCents: number, discountPercent: number | null | undefined) =>
  discountPercent ? priceCents - Math.ceil((priceCents * discountPercent) / 100) : priceCents;
