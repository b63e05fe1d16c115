import { z } from "zod";
import { parseTipAmount, TIP_METHODS, type TipCurrency, tipMethodError } from "./rules";

/**
 * The tip form (decision record 087), the same in the browser and on the server: the amount as
 * typed, the method, and the key the form was shown with (one key, one tip). Messages are keys of
 * the validation namespace; the amount becomes minor units of the session's currency.
 */
export function tipSchema(currency: TipCurrency) {
  return z
    .object({
      amount: z.unknown().transform((raw, ctx) => {
        const parsed = parseTipAmount(raw, currency);
        if (parsed.ok) return parsed.cents;
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: parsed.error });
        return z.NEVER;
      }),
      method: z.enum(TIP_METHODS, { errorMap: () => ({ message: "tipMethodRequired" }) }),
      key: z.string({ required_error: "tipFormExpired" }).uuid("tipFormExpired"),
    })
    .superRefine((value, ctx) => {
      const error = tipMethodError(value.method, currency, value.amount);
      if (error) ctx.addIssue({ code: z.ZodIssueCode.custom, message: error, path: ["method"] });
    });
}

export type TipForm = z.infer<ReturnType<typeof tipSchema>>;
