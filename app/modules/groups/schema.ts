import { z } from "zod";

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * The group page's forms: "book" registers the typed guests (the rows and the payment method are read
 * by readGroup and readGroupMethod, the same readings as POST /api/sessions/{id}/group-booking), and
 * "cancel" gives up one held seat (`seatId`) or all of them. A post naming no other intent registers,
 * as the page always has (a form sent with the Enter key names no button).
 */
export const groupPageSchema = z.preprocess(
  (value) => ({ ...(isRecord(value) ? value : {}), intent: isRecord(value) && value.intent === "cancel" ? "cancel" : "book" }),
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("book"), method: z.unknown() }),
    z.object({ intent: z.literal("cancel"), seatId: z.unknown().transform((seat) => (typeof seat === "string" && seat ? seat : undefined)) }),
  ]),
);

/** The invitations page's two answers to a seat reserved for the account (decision record 068). */
export const invitationAnswerSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("accept"), seatId: z.unknown() }),
  z.object({ intent: z.literal("decline"), seatId: z.unknown() }),
]);
