import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MAX_UNPAID_HOLDS, MAX_WAITING_LINES } from "./rules";
import { seatRefusal } from "./seat-rule";

// The asks the seat pipeline added (decision record 073): groups, a guest's claim, banned accounts,
// several seats at once, and the order every path follows; then the single seat's asks.

const now = new Date("2026-11-02T16:00:00Z");
const session = {
  dm_id: "host",
  status: "UPCOMING",
  starts_at: new Date("2026-11-10T20:00:00Z"),
  booking_lock_hours: null,
  is_private: false,
  price_cents: 0,
  max_participants: 4,
  booked_count: 0,
};
const paid = { ...session, price_cents: 25000 };
const twoSeats = { ...session, max_participants: 2 };
const priv = { ...session, is_private: true };
const player = { id: "p", isAdmin: false, emailVerified: true };
const standing = { booked: false, waiting: false, heldForOthers: 0, unpaidHolds: 0 };
const wrongCode = { ok: false as const, problem: "invalid" as const };

describe("the seat rule for every path (decision record 073)", () => {
  it("refuses a wrong code before anything else, as its screen does before the session is read", () => {
    expect(seatRefusal("freeSeat", { ...player, id: "host" }, { ...priv, status: "CANCELLED" }, standing, wrongCode, now)).toBe("inviteInvalid");
    expect(seatRefusal("paidSeat", player, { ...paid, is_private: true }, { ...standing, booked: true }, wrongCode, now)).toBe("inviteInvalid");
  });

  it("gives a banned account nothing, after the gate and a seat already held", () => {
    const banned = { ...player, banned: true };
    for (const ask of ["freeSeat", "waitlist", "groupSeats", "claimSeat"] as const)
      expect(seatRefusal(ask, banned, session, standing, null, now)).toBe("notAllowed");
    expect(seatRefusal("paidSeat", banned, paid, standing, null, now)).toBe("notAllowed");
    expect(seatRefusal("freeSeat", banned, { ...session, status: "CANCELLED" }, standing, null, now)).toBe("sessionCancelled");
    expect(seatRefusal("freeSeat", banned, session, { ...standing, booked: true }, null, now)).toBe("alreadyBooked");
  });

  it("takes several seats at once only when all of them are open", () => {
    expect(seatRefusal("paidSeat", player, { ...paid, booked_count: 1 }, { ...standing, seats: 3 }, null, now)).toBeNull();
    expect(seatRefusal("paidSeat", player, { ...paid, booked_count: 2 }, { ...standing, seats: 3 }, null, now)).toBe("sessionFull");
    expect(seatRefusal("groupSeats", player, session, { ...standing, heldForOthers: 1, seats: 4 }, null, now)).toBe("sessionFull");
    expect(seatRefusal("paidSeat", player, paid, { ...standing, unpaidHolds: MAX_UNPAID_HOLDS, seats: 2 }, null, now)).toBe("tooManyHolds");
  });

  it("a free group: free sessions only, a verified booker, and the booker's own seat no reason to refuse the guests'", () => {
    expect(seatRefusal("groupSeats", player, session, { ...standing, booked: true, seats: 2 }, null, now)).toBeNull();
    expect(seatRefusal("groupSeats", player, paid, standing, null, now)).toBe("notFree");
    expect(seatRefusal("groupSeats", { ...player, emailVerified: false }, session, standing, null, now)).toBe("emailNotVerified");
    expect(seatRefusal("groupSeats", { ...player, id: "host" }, session, standing, null, now)).toBe("ownSession");
  });

  it("a private session's seats open with a code, to its line, to those who manage it, and to a group's seated booker", () => {
    expect(seatRefusal("groupSeats", player, priv, standing, null, now)).toBe("inviteRequired");
    expect(seatRefusal("groupSeats", player, priv, { ...standing, booked: true }, null, now)).toBeNull();
    expect(seatRefusal("groupSeats", player, priv, { ...standing, waiting: true }, null, now)).toBeNull();
    expect(seatRefusal("paidSeat", player, { ...paid, is_private: true }, { ...standing, waiting: true }, null, now)).toBeNull();
    expect(seatRefusal("paidSeat", { ...player, isAdmin: true }, { ...paid, is_private: true }, standing, null, now)).toBeNull();
    expect(seatRefusal("freeSeat", player, priv, { ...standing, booked: false }, { ok: true, type: "access" }, now)).toBeNull();
  });

  it("a guest's claim: a verified owner, the gate and no seat of their own; no code, price or capacity asked again", () => {
    const full = { ...paid, is_private: true, booked_count: 4 };
    expect(seatRefusal("claimSeat", player, full, standing, null, now)).toBeNull();
    expect(seatRefusal("claimSeat", { ...player, emailVerified: false }, { ...full, status: "CANCELLED" }, standing, null, now)).toBe("emailNotVerified");
    expect(seatRefusal("claimSeat", player, full, { ...standing, booked: true }, null, now)).toBe("alreadyBooked");
    expect(seatRefusal("claimSeat", { ...player, id: "host" }, full, standing, null, now)).toBe("ownSession");
    expect(seatRefusal("claimSeat", player, full, standing, null, new Date(full.starts_at.getTime()))).toBe("bookingClosed");
  });
});

describe("the seat rule (seatRefusal): one answer for free seats, paid holds and the line", () => {
  const session = twoSeats;
  const player = { id: "p", isAdmin: false, emailVerified: true };
  const standing = { booked: false, waiting: false, heldForOthers: 0, unpaidHolds: 0 };
  const paid = { ...session, price_cents: 25000 };

  it("refuses the host, closed sessions and a second seat on every path, before anything else", () => {
    for (const ask of ["freeSeat", "paidSeat", "waitlist"] as const) {
      expect(seatRefusal(ask as "freeSeat", { ...player, id: "host" }, session, standing, null, now)).toBe("ownSession");
      expect(seatRefusal(ask as "freeSeat", player, { ...session, status: "COMPLETED" }, standing, null, now)).toBe("sessionCompleted");
      expect(seatRefusal(ask as "freeSeat", player, { ...session, status: "CANCELLED" }, standing, null, now)).toBe("sessionCancelled");
      expect(seatRefusal(ask as "freeSeat", player, session, standing, null, session.starts_at)).toBe("bookingClosed");
      expect(seatRefusal(ask as "freeSeat", player, session, { ...standing, booked: true }, null, now)).toBe("alreadyBooked");
    }
  });

  it("a free seat: open, full, not free unless a free code waives the price", () => {
    expect(seatRefusal("freeSeat", player, session, standing, null, now)).toBeNull();
    expect(seatRefusal("freeSeat", player, { ...session, booked_count: 1 }, { ...standing, heldForOthers: 1 }, null, now)).toBe("sessionFull");
    expect(seatRefusal("freeSeat", player, paid, standing, null, now)).toBe("notFree");
    expect(seatRefusal("freeSeat", player, paid, standing, { ok: true, type: "discount" }, now)).toBe("notFree");
    expect(seatRefusal("freeSeat", player, paid, standing, { ok: true, type: "free" }, now)).toBeNull();
    // Free seats need no verified email and count no holds.
    expect(seatRefusal("freeSeat", { ...player, emailVerified: false }, session, { ...standing, unpaidHolds: 99 }, null, now)).toBeNull();
  });

  it("a private session opens with a valid code, to someone already in its line, or to an admin", () => {
    const priv = { ...session, is_private: true };
    expect(seatRefusal("freeSeat", player, priv, standing, null, now)).toBe("inviteRequired");
    expect(seatRefusal("freeSeat", player, priv, standing, { ok: true, type: "access" }, now)).toBeNull();
    expect(seatRefusal("freeSeat", player, priv, standing, { ok: false, problem: "invalid" }, now)).toBe("inviteInvalid");
    expect(seatRefusal("freeSeat", player, priv, { ...standing, waiting: true }, null, now)).toBeNull();
    expect(seatRefusal("freeSeat", { ...player, isAdmin: true }, priv, standing, null, now)).toBeNull();
    expect(seatRefusal("paidSeat", player, { ...priv, price_cents: 100 }, standing, null, now)).toBe("inviteRequired");
    expect(seatRefusal("waitlist", player, { ...priv, booked_count: 2 }, standing, null, now)).toBe("inviteRequired");
    expect(seatRefusal("waitlist", player, { ...priv, booked_count: 2 }, standing, { ok: false, problem: "invalid" }, now)).toBe("inviteInvalid");
    expect(seatRefusal("waitlist", player, { ...priv, booked_count: 2 }, standing, { ok: true, type: "access" }, now)).toBeNull();
  });

  it("a paid seat needs a price, a verified email and fewer than MAX_UNPAID_HOLDS holds running", () => {
    expect(MAX_UNPAID_HOLDS).toBe(3);
    expect(seatRefusal("paidSeat", player, paid, standing, null, now)).toBeNull();
    expect(seatRefusal("paidSeat", player, session, standing, null, now)).toBe("isFree");
    expect(seatRefusal("paidSeat", player, paid, standing, { ok: true, type: "free" }, now)).toBe("isFree");
    expect(seatRefusal("paidSeat", { ...player, emailVerified: false }, paid, standing, null, now)).toBe("emailNotVerified");
    expect(seatRefusal("paidSeat", player, paid, { ...standing, unpaidHolds: MAX_UNPAID_HOLDS - 1 }, null, now)).toBeNull();
    expect(seatRefusal("paidSeat", player, paid, { ...standing, unpaidHolds: MAX_UNPAID_HOLDS }, null, now)).toBe("tooManyHolds");
    expect(seatRefusal("paidSeat", player, { ...paid, booked_count: 2 }, standing, null, now)).toBe("sessionFull");
  });

  it("the line: only for a full session, once", () => {
    const full = { ...session, booked_count: 2 };
    expect(seatRefusal("waitlist", player, full, standing, null, now)).toBeNull();
    expect(seatRefusal("waitlist", player, full, { ...standing, waiting: true }, null, now)).toBe("alreadyWaiting");
    expect(seatRefusal("waitlist", player, session, standing, null, now)).toBe("seatsAvailable");
    // A seat held by an offer to someone else is not open to this player.
    expect(seatRefusal("waitlist", player, { ...session, booked_count: 1 }, { ...standing, heldForOthers: 1 }, null, now)).toBeNull();
  });

  it("the line of a priced session needs a verified email, code or not; a free session's line does not", () => {
    const unverified = { ...player, emailVerified: false };
    const fullPaid = { ...paid, booked_count: 2 };
    expect(seatRefusal("waitlist", unverified, fullPaid, standing, null, now)).toBe("emailNotVerified");
    expect(seatRefusal("waitlist", unverified, { ...fullPaid, is_private: true }, standing, { ok: true, type: "free" }, now)).toBe("emailNotVerified");
    expect(seatRefusal("waitlist", player, fullPaid, standing, null, now)).toBeNull();
    expect(seatRefusal("waitlist", unverified, { ...session, booked_count: 2 }, standing, null, now)).toBeNull();
    // A seat open to them is still theirs to try for first (the free path tries it again).
    expect(seatRefusal("waitlist", unverified, paid, standing, null, now)).toBe("seatsAvailable");
  });

  it(`one account waits in at most ${MAX_WAITING_LINES} lines at once`, () => {
    const full = { ...session, booked_count: 2 };
    expect(seatRefusal("waitlist", player, full, { ...standing, lines: MAX_WAITING_LINES - 1 }, null, now)).toBeNull();
    expect(seatRefusal("waitlist", player, full, { ...standing, lines: MAX_WAITING_LINES }, null, now)).toBe("tooManyLines");
    expect(seatRefusal("waitlist", player, { ...paid, booked_count: 2 }, { ...standing, lines: MAX_WAITING_LINES }, null, now)).toBe("tooManyLines");
    // Seats are not lines: the cap asks nothing of a seat.
    expect(seatRefusal("freeSeat", player, session, { ...standing, lines: MAX_WAITING_LINES }, null, now)).toBeNull();
  });

  it("the cap the message names is the cap the rule applies, in every language", () => {
    for (const lang of ["es", "en", "pt"]) {
      const texts = JSON.parse(readFileSync(`public/locales/${lang}/sessions.json`, "utf8")) as { booking: { errors: Record<string, string> } };
      expect(texts.booking.errors.tooManyHolds).toContain(String(MAX_UNPAID_HOLDS));
      expect(texts.booking.errors.tooManyLines).toContain(String(MAX_WAITING_LINES));
    }
  });
});
