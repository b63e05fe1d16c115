import { z } from "zod";

/**
 * The refunds desk's two forms (docs/decisions/064-refund-desk.md): "retry now" on a listed refund
 * and the manual refund. The fields are read as typed (the payment's id or its booking's, cut to
 * 100 characters); the desk's use cases judge them, so each refusal names its own field.
 */
export const refundDeskSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("retry"), paymentId: z.string().default("") }),
  z.object({
    intent: z.literal("refund"),
    payment: z
      .string()
      .default("")
      .transform((typed) => typed.slice(0, 100)),
    reason: z.string().default(""),
    note: z.string().default(""),
  }),
]);
export type RefundDeskInput = z.infer<typeof refundDeskSchema>;
