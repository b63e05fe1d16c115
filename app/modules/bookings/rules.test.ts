import { describe, expect, it } from "vitest";
import {
  ACTIVE_BOOKING_STATUSES,
  BOOKING_STATUSES,
  bookingDeadline,
  capacityBelowBooked,
  closedReason,
  holdHasLapsed,
  inviteUseChange,
  isActiveBooking,
  leaveActor,
  leaveRefusal,
  offerExpiry,
  seatCanceller,
  seatPaymentDeadline,
  seatsLeft,
  seatsOpenTo,
  sessionCanceller,
  termsChanged,
} from "./rules";

describe("booking statuses", () => {
  it("counts pending payment and confirmed as holding a seat, and nothing else", () => {
    expect(BOOKING_STATUSES.filter(isActiveBooking)).toEqual(["PENDING_PAYMENT", "CONFIRMED"]);
    expect(ACTIVE_BOOKING_STATUSES.every((s) => BOOKING_STATUSES.includes(s))).toBe(true);
    expect(isActiveBooking("confirmed")).toBe(false);
  });
});

describe("holds", () => {
  it("a pending payment's hold lapses at its time, not a moment later, and nothing else lapses", () => {
    const until = new Date("2026-11-02T16:30:00Z");
    expect(holdHasLapsed({ status: "PENDING_PAYMENT", hold_until: until }, new Date("2026-11-02T16:29:59Z"))).toBe(false);
    expect(holdHasLapsed({ status: "PENDING_PAYMENT", hold_until: until }, until)).toBe(true);
    expect(holdHasLapsed({ status: "PENDING_PAYMENT", hold_until: until.toISOString() }, new Date("2026-11-02T17:00:00Z"))).toBe(true);
    expect(holdHasLapsed({ status: "CONFIRMED", hold_until: null }, until)).toBe(false);
  });
});

describe("invite uses", () => {
  it("a hold that ends unpaid gives its code's use back; a paid or free seat given up keeps it; a late payment takes it again", () => {
    expect(["EXPIRED", "CANCELLED", "REFUNDED"].map((to) => inviteUseChange("PENDING_PAYMENT", to as "EXPIRED"))).toEqual([-1, -1, -1]);
    expect(inviteUseChange("PENDING_PAYMENT", "CONFIRMED")).toBe(0);
    expect(inviteUseChange("CONFIRMED", "CANCELLED")).toBe(0);
    expect(inviteUseChange("EXPIRED", "CONFIRMED")).toBe(1);
    expect(inviteUseChange("EXPIRED", "REFUNDED")).toBe(0);
  });
});

describe("seats", () => {
  it("never reports negative seats and refuses a capacity under the seats taken", () => {
    expect(seatsLeft(5, 2)).toBe(3);
    expect(seatsLeft(2, 3)).toBe(0);
    expect(capacityBelowBooked(2, 3)).toBe(true);
    expect(capacityBelowBooked(3, 3)).toBe(false);
  });
});

describe("when a session takes bookings", () => {
  const startsAt = new Date("2026-11-01T20:00:00Z");
  const open = { status: "UPCOMING", starts_at: startsAt, booking_lock_hours: null };
  const before = new Date("2026-11-01T19:59:00Z");

  it("takes them while UPCOMING or CONFIRMED and before the start", () => {
    expect(closedReason(open, before)).toBeNull();
    expect(closedReason({ ...open, status: "CONFIRMED" }, before)).toBeNull();
    expect(closedReason(open, startsAt)).toBe("bookingClosed");
  });

  it("names the cancelled, active and completed states, and closes anything else", () => {
    expect(closedReason({ ...open, status: "CANCELLED" }, before)).toBe("sessionCancelled");
    expect(closedReason({ ...open, status: "ACTIVE" }, before)).toBe("sessionActive");
    expect(closedReason({ ...open, status: "IN_PROGRESS" }, before)).toBe("sessionActive");
    expect(closedReason({ ...open, status: "COMPLETED" }, before)).toBe("sessionCompleted");
    expect(closedReason({ ...open, status: "DRAFT" }, before)).toBe("bookingClosed");
  });

  it("closes a series occurrence at the series' booking lock", () => {
    expect(bookingDeadline(startsAt, 24)).toEqual(new Date("2026-10-31T20:00:00Z"));
    // A subscription's unpaid seat is due one waitlist offer (12 hours) before bookings close.
    expect(seatPaymentDeadline(startsAt, 24)).toEqual(new Date("2026-10-31T08:00:00Z"));
    expect(seatPaymentDeadline(startsAt, null)).toEqual(new Date(startsAt.getTime() - 12 * 3_600_000));
    expect(closedReason({ ...open, booking_lock_hours: 24 }, new Date("2026-10-31T20:00:00Z"))).toBe("bookingClosed");
    expect(closedReason({ ...open, booking_lock_hours: 24 }, new Date("2026-10-31T19:59:59Z"))).toBeNull();
  });
});

describe("waitlist offers", () => {
  const now = new Date("2026-10-20T12:00:00Z");
  it("hold the seat 12 hours, never past the deadline, and are not made once it passed", () => {
    expect(offerExpiry(now, new Date("2026-11-01T00:00:00Z"))).toEqual(new Date("2026-10-21T00:00:00Z"));
    expect(offerExpiry(now, new Date("2026-10-20T15:00:00Z"))).toEqual(new Date("2026-10-20T15:00:00Z"));
    expect(offerExpiry(now, now)).toBeNull();
  });

  it("count as taken seats for everyone but the person offered", () => {
    expect(seatsOpenTo(5, 4, 1)).toBe(0);
    expect(seatsOpenTo(5, 3, 1)).toBe(1);
    expect(seatsOpenTo(5, 6, 0)).toBe(0);
  });
});

describe("leaving (leaveRefusal)", () => {
  const startsAt = new Date("2026-11-10T20:00:00Z");
  const before = new Date("2026-11-10T19:59:59Z");
  it("a player or the host may give a seat or a place in line up only before the start of an upcoming or confirmed session", () => {
    for (const actor of ["player", "host"] as const) {
      expect(leaveRefusal({ status: "UPCOMING", starts_at: startsAt }, before, actor)).toBeNull();
      expect(leaveRefusal({ status: "CONFIRMED", starts_at: startsAt.toISOString() }, before, actor)).toBeNull();
      expect(leaveRefusal({ status: "UPCOMING", starts_at: startsAt }, startsAt, actor)).toBe("leaveClosed");
      for (const status of ["ACTIVE", "IN_PROGRESS", "COMPLETED", "CANCELLED"])
        expect(leaveRefusal({ status, starts_at: startsAt }, before, actor)).toBe("leaveClosed");
    }
  });

  it("an admin is not bound; who acts is told apart by the session's host", () => {
    expect(leaveRefusal({ status: "COMPLETED", starts_at: startsAt }, new Date("2026-12-01T00:00:00Z"), "admin")).toBeNull();
    expect(leaveActor({ id: "h", isAdmin: false }, { dm_id: "h" })).toBe("host");
    expect(leaveActor({ id: "p", isAdmin: false }, { dm_id: "h" })).toBe("player");
    expect(leaveActor({ id: "p", isAdmin: true }, { dm_id: "h" })).toBe("admin");
  });
});

describe("who a cancellation is recorded against (decision record 058)", () => {
  it("a session: its host, even one who is an admin; anyone else is an admin", () => {
    expect(sessionCanceller({ id: "h" }, { dm_id: "h" })).toBe("HOST");
    expect(sessionCanceller({ id: "a" }, { dm_id: "h" })).toBe("ADMIN");
  });

  it("a seat: the player leaving it, whoever they are; else the host or an admin removing them", () => {
    expect(seatCanceller({ id: "p" }, { dm_id: "h" }, "p")).toBe("PLAYER");
    expect(seatCanceller({ id: "h" }, { dm_id: "h" }, "p")).toBe("HOST");
    expect(seatCanceller({ id: "a" }, { dm_id: "h" }, "p")).toBe("ADMIN");
  });
});

describe("a player's standing in the line", () => {
  const now = new Date("2026-10-20T12:00:00Z");
  it("holds a seat for them only while their offer runs", async () => {
    const { waitlistStanding } = await import("./rules");
    const until = new Date("2026-10-21T00:00:00Z");
    expect(waitlistStanding({ position: 1, offer_expires_at: until }, now)).toEqual({ position: 1, offerUntil: until });
    expect(waitlistStanding({ position: 1, offer_expires_at: until.toISOString() }, now)).toEqual({ position: 1, offerUntil: until });
    expect(waitlistStanding({ position: 2, offer_expires_at: null }, now)).toEqual({ position: 2, offerUntil: null });
    // An offer ends at its instant: at that moment it is no longer held.
    expect(waitlistStanding({ position: 1, offer_expires_at: now }, now)).toEqual({ position: 1, offerUntil: null });
  });
});

describe("a session's terms (termsChanged): what its seat holders are told about", () => {
  const terms = { startsAt: new Date("2026-12-01T01:00:00Z"), durationMinutes: 180, location: null, priceCents: 30_000, currency: "MXN" };
  it("a new time, length, place or price is news; the same terms are not", () => {
    expect(termsChanged(terms, { ...terms })).toBe(false);
    expect(termsChanged(terms, { ...terms, location: "" })).toBe(false);
    expect(termsChanged(terms, { ...terms, startsAt: new Date("2026-12-01T02:00:00Z") })).toBe(true);
    expect(termsChanged(terms, { ...terms, durationMinutes: 240 })).toBe(true);
    expect(termsChanged(terms, { ...terms, location: "Café Dados" })).toBe(true);
    expect(termsChanged(terms, { ...terms, priceCents: 0 })).toBe(true);
    expect(termsChanged(terms, { ...terms, currency: "BRL" })).toBe(true);
  });
});
