import { z } from "zod";
import { wayBack } from "#app/modules/auth/schema";
import { typedInviteCode } from "#app/modules/invites/rules";
import { safetyFields } from "#app/modules/safety/schema";

// One schema per command a player sends to take a seat or a place in line, read by the
// confirmation page's form (FormData through parseForm) and by the JSON API of the same command.

/** A seat's own fields: the code typed to open (or lower the price of) the session, and the lines and veils for the DM. */
const seatFields = z.object({ inviteCode: typedInviteCode }).merge(safetyFields);

/**
 * The confirmation page's form, one intent per button: a free seat, the card page for a paid one,
 * joining the full session's line, leaving it. The field names and intent values are the page's HTML.
 */
/** Joining a full session's line: the code a private session's line needs (POST /api/sessions/{id}/waitlist's optional body too). */
export const joinLineSchema = z.object({ inviteCode: typedInviteCode });

export const confirmIntentSchema = z.discriminatedUnion("intent", [
  seatFields.extend({ intent: z.literal("book") }),
  seatFields.extend({ intent: z.literal("payCard") }),
  joinLineSchema.extend({ intent: z.literal("joinWaitlist") }),
  z.object({ intent: z.literal("leaveWaitlist") }),
]);

/**
 * POST /api/sessions/{id}/book: the page's free seat as JSON, with `paymentMethod: "free"` (paid seats
 * go through the payment intent) and `joinWaitlist` (true or "true": a full session queues the player).
 * Fields are checked in this order; the first refused one is named in the answer.
 */
export const bookSeatBodySchema = z
  .object({
    paymentMethod: z.string().refine((method) => method.toLowerCase() === "free"),
    joinWaitlist: z.unknown().transform((v) => v === true || v === "true"),
  })
  .merge(seatFields);

/** The answer naming a refused field of the book call when it is not "<field> is not valid". */
export const BOOK_BODY_WORDS = { paymentMethod: 'paymentMethod must be "free"' } as const;

/** The host's 'remove' form (the manage dialog and /session/{id}/remove): whose place, among the seats or in the line. */
export const removeParticipantSchema = z.object({
  userId: z.string().max(100).default(""),
  list: z.enum(["bookings", "waitlist"]).catch("bookings"),
});

/** Whose place a JSON call gives up or takes away: a session and a person (DELETE /api/waitlist and /api/bookings). */
export const placeInSessionSchema = z.object({ sessionId: z.string(), userId: z.string() });

/** A player leaving their seat (/session/{id}/leave): the page they asked from, the session's by default. */
export const leaveSeatSchema = (sessionPath: string) => z.object({ returnTo: wayBack(sessionPath) });
