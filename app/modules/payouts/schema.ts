import { z } from "zod";
import { PAYOUT_COUNTRIES } from "./rules";

/**
 * The payouts page's form, one intent per button: set up payouts (accept the paid-hosting terms and
 * choose the account's country, fixed once the account exists), or go on with the provider's
 * onboarding (a new link: the last one may have lapsed).
 */
export const payoutsFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("start"),
    acceptTerms: z.literal("on", { errorMap: () => ({ message: "payouts:errors.termsRequired" }) }),
    country: z.enum(PAYOUT_COUNTRIES, { errorMap: () => ({ message: "payouts:errors.countryInvalid" }) }),
  }),
  z.object({ intent: z.literal("continue") }),
]);
export type PayoutsForm = z.infer<typeof payoutsFormSchema>;
