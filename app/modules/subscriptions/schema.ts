// What a subscribe sends, one schema for the series confirmation page's forms and for
// POST /api/series/{id}/subscribe (the same command). Field names are the spec's.
import { z } from "zod";
import { isUuid } from "#app/lib/ids";
import { typedInviteCode } from "#app/modules/invites/rules";
import { oxxoNameSchema } from "#app/modules/payments/rules";

/**
 * The session the client showed as the next one (a subscribe is refused when it no longer is) and
 * an invite code it carried. The form sends an empty field for none, which conform reads as absent.
 */
export const subscribeFields = {
  nextSessionId: z.string({ message: "nextSessionId is not valid" }).refine(isUuid, "nextSessionId is not valid").nullish(),
  inviteCode: typedInviteCode,
};

/** POST /api/series/{id}/subscribe without a card: free, or OXXO with the names for the voucher. */
export const subscribeCallSchema = z.object({
  paymentMethod: z.preprocess(
    (v) => (typeof v === "string" ? v.toLowerCase() : v),
    z.enum(["free", "oxxo"], { message: 'paymentMethod must be "free" or "oxxo"; cards start at /api/payments/create-intent' }),
  ),
  ...subscribeFields,
});

/**
 * The series confirmation page's four buttons (decision record 051): join a free series, pay the
 * first seat by card (the hosted page) or at OXXO (the names on the voucher), or cancel.
 */
export const seriesConfirmSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("join"), ...subscribeFields }),
  z.object({ intent: z.literal("payCard"), ...subscribeFields }),
  z.object({ intent: z.literal("payOxxo"), ...subscribeFields, ...oxxoNameSchema.shape }),
  z.object({ intent: z.literal("cancel") }),
]);

export { oxxoNameSchema };
