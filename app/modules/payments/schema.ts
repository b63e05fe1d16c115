import { z } from "zod";
import { isUuid } from "#app/lib/ids";
import { typedInviteCode } from "#app/modules/invites/rules";
import { safetyFields } from "#app/modules/safety/schema";
import { oxxoNameSchema, parseCountry } from "./rules";

/**
 * POST /api/payments/create-intent for one seat (spec section 7): the session, the method (card when
 * none is named, any letter case), the payer's country for the card's methods, the typed code (refused
 * when longer than a code can be, as the confirmation page and the book call refuse it) and the lines
 * and veils kept with the hold. The OXXO payer's names are the OXXO form's own schema (oxxoNameSchema).
 * Fields are checked in this order; the first refused one is named in the answer.
 */
export const seatPaymentBodySchema = safetyFields.merge(
  z.object({
    sessionId: z.string().refine(isUuid),
    paymentMethod: z
      .string()
      .optional()
      .transform((method) => (method ?? "card").toLowerCase())
      .pipe(z.enum(["card", "oxxo"])),
    inviteCode: typedInviteCode,
    country: z.unknown().transform(parseCountry),
  }),
);

/** The answers naming a refused field of the payment call when it is not "<field> is not valid". */
export const SEAT_PAYMENT_WORDS = {
  sessionId: "Session ID is required to create payment",
  paymentMethod: 'paymentMethod must be "card" or "oxxo"',
} as const;

/**
 * The OXXO page's form: the payer's names (the dialog's schema, which the page's browser check uses
 * too) and the code the confirmation page passed on, under the same rule as the API's. Its lines and
 * veils are read by the safety form, which keeps them as typed when the form is refused.
 */
export const oxxoPageSchema = oxxoNameSchema.extend({ inviteCode: typedInviteCode });
