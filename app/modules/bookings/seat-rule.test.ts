import { describe, expect, it } from "vitest";
import { MAX_UNPAID_HOLDS } from "./rules";
import { seatRefusal } from "./seat-rule";

// The asks the seat pipeline added (decision record 073): groups, a guest's claim, banned accounts,
// several seats at once, and the order every path follows. The single seat's asks are in rules.test.ts.

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
