import type { SessionRow } from "../../app/modules/sessions/repo.server";

/**
 * A demo session's row before its title and what makes it itself: a free, public one-off game of
 * D&D 5e, three hours in Mexico City time, five seats, going ahead from two players, with no
 * description, genre, level, tags, place or picture yet.
 */
export const demoSessionBase = (dmId: string, startsAt: Date): Omit<SessionRow, "title"> => ({
  dmId,
  seriesId: null,
  description: "",
  sessionInstructions: "",
  game: "D&D 5e",
  genre: null,
  experienceLevel: null,
  startsAt,
  timeZone: "America/Mexico_City",
  durationMinutes: 180,
  maxParticipants: 5,
  minParticipants: 2,
  priceCents: 0,
  currency: "MXN",
  allowedPaymentMethods: [],
  minAdvanceBookingHours: 120,
  voucherPaymentDays: 3,
  preSessionCheckHours: 24,
  tags: [],
  imageUrl: null,
  location: null,
  isPrivate: false,
});
