import { storedTagNames } from "#app/modules/catalog/tags";
import { centsToFormPrice } from "#app/modules/pricing/rules";
import type { SessionRow } from "./repo.server";
import type { SessionFormInput } from "./schema";

/*
 * A series and a one-off session describe a game the same way (what is played, seats, tags,
 * place, image, price and payment); they differ in when it is played. These map the shared
 * fields between forms, the API and stored rows, for sessions here and for series in
 * series/rows.server.ts (series may build on sessions, not the other way round).
 */

type Description = { title: string; description: string; sessionInstructions: string; game: string; genre?: string | null; experienceLevel?: string | null };

/** What is played, as a row stores it, from a form or the API; a genre or level left out is none. */
export function gameDescription(input: Description) {
  return {
    title: input.title,
    description: input.description,
    sessionInstructions: input.sessionInstructions,
    game: input.game,
    genre: input.genre ?? null,
    experienceLevel: input.experienceLevel ?? null,
  };
}

/** A valid session form less what a series plans its own way; "free" is already a price of 0. */
type SharedInput = Omit<SessionFormInput, "date" | "time" | "duration" | "isPrivate" | "isFree">;

/** The shared fields of a valid session or series form, as a row stores them. */
export function sharedRowFromForm(input: SharedInput) {
  return {
    ...gameDescription(input),
    maxParticipants: input.maxParticipants,
    minParticipants: input.minParticipants,
    preSessionCheckHours: input.preSessionCheckHours,
    tags: storedTagNames(input.tags),
    safetyTools: input.safetyTools,
    priceCents: input.price,
    currency: input.currency,
    allowedPaymentMethods: input.paymentMethods,
    minAdvanceBookingHours: input.minAdvanceBookingHours,
    voucherPaymentDays: input.voucherPaymentDays,
    location: input.location || null,
    // The form always sends the image it shows (none when removed), so the stored one is replaced.
    imageUrl: input.imageUrl ?? null,
  } satisfies Partial<SessionRow>;
}

/** The shared columns of a stored session or series. */
export type SharedColumns = {
  title: string;
  description: string;
  session_instructions: string;
  game: string;
  genre: string | null;
  experience_level: string | null;
  max_participants: number;
  min_participants: number;
  pre_session_check_hours: number;
  tags: string[];
  safety_tools: string[];
  price_cents: number;
  currency: string;
  allowed_payment_methods: string[];
  min_advance_booking_hours: number;
  voucher_payment_days: number;
  location: string | null;
  image_url: string | null;
};

/** A stored session's or series' shared columns as the form's values. */
export function sharedFormValues(row: SharedColumns) {
  return {
    title: row.title,
    description: row.description,
    sessionInstructions: row.session_instructions,
    game: row.game,
    genre: row.genre ?? "",
    experienceLevel: row.experience_level ?? "",
    maxParticipants: String(row.max_participants),
    minParticipants: String(row.min_participants),
    preSessionCheckHours: String(row.pre_session_check_hours),
    tags: row.tags,
    safetyTools: row.safety_tools,
    isFree: row.price_cents === 0 ? "on" : "",
    // Exact: a price the API set in cents comes back unchanged when the form is saved as it is.
    price: row.price_cents === 0 ? "" : centsToFormPrice(row.price_cents),
    currency: row.currency,
    paymentMethods: row.allowed_payment_methods,
    minAdvanceBookingHours: String(row.min_advance_booking_hours),
    voucherPaymentDays: String(row.voucher_payment_days),
    location: row.location ?? "",
    imageUrl: row.image_url ?? "",
  };
}
