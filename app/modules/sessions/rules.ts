/**
 * The booking statuses that hold a seat in a session: pending payment or confirmed. Seats belong to the
 * session (its booked count, its capacity, its search filters), so the list lives here, below bookings;
 * bookings/rules.ts re-exports it beside the full list of booking statuses and checks it against them.
 */
export const ACTIVE_BOOKING_STATUSES = ["PENDING_PAYMENT", "CONFIRMED"] as const;
export type ActiveBookingStatus = (typeof ACTIVE_BOOKING_STATUSES)[number];

export type CardStatus =
  | { kind: "cancelled" }
  | { kind: "confirmed" }
  | { kind: "full" }
  | { kind: "lastSpot" }
  | { kind: "spotsLeft"; count: number }
  | { kind: "readyToStart" }
  | { kind: "needsPlayers"; count: number };

/**
 * Spec section 4, card display status, in the spec's order. Series pass `readyAt: 3`
 * (they are ready once 3 players are booked); sessions use their minimum players.
 */
export function cardStatus(input: { status: string; booked: number; capacity: number; readyAt: number }): CardStatus {
  if (input.status === "CANCELLED") return { kind: "cancelled" };
  if (input.status === "CONFIRMED") return { kind: "confirmed" };
  const left = Math.max(0, input.capacity - input.booked);
  if (left === 0) return { kind: "full" };
  if (left === 1) return { kind: "lastSpot" };
  if (left <= 3) return { kind: "spotsLeft", count: left };
  if (input.booked >= input.readyAt) return { kind: "readyToStart" };
  return { kind: "needsPlayers", count: input.readyAt - input.booked };
}

export const SERIES_READY_AT = 3;

// Prices are formatted where every module can reach them; sessions keep exporting the function.
export { formatPrice } from "#app/modules/i18n/format";

/** Spec section 9: sessions and series last 15 to 480 minutes in steps of 15 (the presets 1–4 h among them), in the form and the API alike. */
export const DURATION = { min: 15, max: 480, step: 15 } as const;

/** What is wrong with a duration in minutes, as the form's message key (the API words it in English). */
export function durationProblem(minutes: number): "durationInvalid" | "durationTooLong" | null {
  if (!Number.isInteger(minutes) || minutes < DURATION.min || minutes % DURATION.step !== 0) return "durationInvalid";
  if (minutes > DURATION.max) return "durationTooLong";
  return null;
}

/** The API's words for the same problems. */
export const durationApiMessage = `duration must be between ${DURATION.min} and ${DURATION.max} minutes, in steps of ${DURATION.step}`;
