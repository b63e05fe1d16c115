import { hasForbiddenCharacters } from "#app/lib/zod";

/**
 * Group registration (spec section 5, shared rulebook 'Bulk registration'; decision records 062
 * and 068): a group is 1-6 people in all, each guest with a name of 1-100 characters and an email.
 * In a free session the booker is not one of them (their own seat is booked the usual way); in a
 * paid session the booker's seat is part of the group, so it has at most 5 guests.
 */
export const GROUP_LIMITS = { guestsMin: 1, guestsMax: 6, seatsMax: 6, nameMax: 100, emailMax: 254 } as const;

/**
 * How many guests a group may list: every seat of a group counts toward its 6, the booker's own
 * too when it is part of the group (a paid session's). The page offers no more rows than this and
 * readGroup refuses more, for the form and the API alike.
 */
export const maxGuests = (bookerTakesSeat: boolean) => Math.min(GROUP_LIMITS.guestsMax, GROUP_LIMITS.seatsMax - (bookerTakesSeat ? 1 : 0));

export type Guest = { name: string; email: string };
/** What was typed, row by row, always strings (echoed back into the form). */
export type TypedGuest = { name: string; email: string };
/** Message keys (groups namespace) per row and for the whole group. */
export type GuestErrors = { name?: string; email?: string };
export type GroupReading = { ok: true; guests: Guest[]; typed: TypedGuest[] } | { ok: false; typed: TypedGuest[]; rows: GuestErrors[]; form: string | null };

// A loose but honest address check: one @, something before it, a dotted host after it, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const asText = (value: unknown): string | null => (typeof value === "string" ? value : value === undefined || value === null ? "" : null);

/**
 * Reads a group from untrusted rows (form fields or JSON). Rows left fully empty are skipped (the
 * form has six fixed rows); every other row needs a name and an email. Anything but a string where
 * a string belongs is refused with a message, never thrown. The booker's own address and a repeated
 * address (case-insensitive) are refused: each guest is one seat for one person.
 */
export function readGroup(rows: unknown, bookerEmail: string, options: { bookerTakesSeat?: boolean } = {}): GroupReading {
  const most = maxGuests(options.bookerTakesSeat ?? false);
  const list = Array.isArray(rows) ? rows : [];
  const typed: TypedGuest[] = [];
  const errors: GuestErrors[] = [];
  let form: string | null = Array.isArray(rows) ? null : "errors.guestsInvalid";
  if (list.length > GROUP_LIMITS.guestsMax * 4) form = "errors.tooManyGuests";
  const seen = new Map<string, number>();
  const guests: Guest[] = [];
  for (const raw of list.slice(0, GROUP_LIMITS.guestsMax * 4)) {
    const row = raw && typeof raw === "object" && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
    const name = asText(row.name);
    const email = asText(row.email);
    const shown = { name: name ?? "", email: email ?? "" };
    const nameText = (name ?? "").trim();
    const emailText = (email ?? "").trim().toLowerCase();
    if (name !== null && email !== null && nameText === "" && emailText === "" && raw !== null && typeof raw === "object") {
      continue;
    }
    const e: GuestErrors = {};
    if (name === null) e.name = "errors.nameInvalid";
    else if (nameText === "") e.name = "errors.nameRequired";
    else if (nameText.length > GROUP_LIMITS.nameMax) e.name = "errors.nameTooLong";
    else if (hasForbiddenCharacters(nameText)) e.name = "errors.invalidCharacters";
    if (email === null) e.email = "errors.emailInvalid";
    else if (emailText === "") e.email = "errors.emailRequired";
    else if (emailText.length > GROUP_LIMITS.emailMax || !EMAIL.test(emailText) || hasForbiddenCharacters(emailText)) e.email = "errors.emailInvalid";
    else if (emailText === bookerEmail.trim().toLowerCase()) e.email = "errors.emailIsYours";
    else if (seen.has(emailText)) e.email = "errors.emailRepeated";
    if (!e.email && email !== null) seen.set(emailText, typed.length);
    typed.push(shown);
    errors.push(e);
    guests.push({ name: nameText, email: emailText });
  }
  if (!form && typed.length < GROUP_LIMITS.guestsMin) form = "errors.noGuests";
  if (!form && typed.length > most) form = options.bookerTakesSeat ? "errors.tooManyPaidGuests" : "errors.tooManyGuests";
  if (form || errors.some((e) => e.name || e.email)) return { ok: false, typed, rows: errors, form };
  return { ok: true, guests, typed };
}

/** Why a group cannot have its seats (each a message key in the groups namespace and an API error). */
export type GroupRefusal =
  | "invalid"
  | "notFound"
  | "closed"
  | "ownSession"
  | "private"
  | "notFree"
  | "notEnoughSeats"
  // One active group per booker and session; a few group bookings per account and day (decision record 068).
  | "groupExists"
  | "tooManyGroups"
  // A paid session's group (the booker's own seat is one of them, decision record 062, "Paid sessions").
  | "alreadyBooked"
  | "paymentPending"
  | "emailNotVerified"
  | "tooManyHolds"
  | "hostCannotBePaid"
  | "methodInvalid"
  | "oxxoNotOffered"
  | "oxxoTooClose"
  | "providerError";

/**
 * The one payment of a paid group: the booker's own seat and each guest's, at the session's price,
 * in integer minor units of the session's currency. Null when the sum would not be a safe integer
 * (a price no form accepts), so nobody is charged a rounded amount.
 */
export function groupTotal(priceCents: number, guests: number): { seats: number; amountCents: number } | null {
  const seats = guests + 1;
  if (!Number.isInteger(guests) || guests < GROUP_LIMITS.guestsMin || guests > maxGuests(true)) return null;
  const amountCents = priceCents * seats;
  if (!Number.isSafeInteger(priceCents) || priceCents <= 0 || !Number.isSafeInteger(amountCents)) return null;
  return { seats, amountCents };
}

export const GROUP_METHODS = ["CARD", "OXXO"] as const;
export type GroupMethod = (typeof GROUP_METHODS)[number];

/** The payment method a form or body asked for (card unless OXXO is named); anything else is refused. */
export function readGroupMethod(value: unknown): GroupMethod | null {
  if (value === undefined || value === null || value === "") return "CARD";
  if (typeof value !== "string") return null;
  const upper = value.trim().toUpperCase();
  return (GROUP_METHODS as readonly string[]).includes(upper) ? (upper as GroupMethod) : null;
}

/**
 * The booker's name as a guest's invitation mail may carry it (decision record 068): the mail goes
 * to an address that never signed up, so it holds no text a stranger typed that could be a link,
 * an address or a message. A display name of letters, digits, spaces, apostrophes and hyphens (at
 * most 40 characters; no dots, slashes, colons or '@', so never a link or an address) passes;
 * anything else is left out (null), and the mail names nobody.
 */
export function plainBookerName(displayName: string | null | undefined): string | null {
  const name = (displayName ?? "").trim().replace(/\s+/g, " ");
  if (name.length < 2 || name.length > 40) return null;
  return /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} '’-]*[\p{L}\p{M}\p{N}]$/u.test(name) ? name : null;
}
