import { describe, expect, it } from "vitest";
import { ACTIVE_BOOKING_STATUSES, BOOKING_STATUSES, capacityBelowBooked, isActiveBooking, seatsLeft } from "./rules";

describe("booking statuses", () => {
  it("counts pending payment and confirmed as holding a seat, and nothing else", () => {
    expect(BOOKING_STATUSES.filter(isActiveBooking)).toEqual(["PENDING_PAYMENT", "CONFIRMED"]);
    expect(ACTIVE_BOOKING_STATUSES.every((s) => BOOKING_STATUSES.includes(s))).toBe(true);
    expect(isActiveBooking("confirmed")).toBe(false);
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
