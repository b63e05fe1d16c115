import { describe, expect, it } from "vitest";
import { cardStatus, formatPrice, formPriceToCents, SERIES_READY_AT } from "./rules";

describe("cardStatus (spec section 4 order)", () => {
  const base = { status: "UPCOMING", capacity: 6, readyAt: 3 };
  it.each([
    [{ ...base, status: "CANCELLED", booked: 6 }, { kind: "cancelled" }],
    [{ ...base, status: "CONFIRMED", booked: 0 }, { kind: "confirmed" }],
    [{ ...base, booked: 6 }, { kind: "full" }],
    [{ ...base, booked: 5 }, { kind: "lastSpot" }],
    [{ ...base, booked: 3 }, { kind: "spotsLeft", count: 3 }],
    [{ ...base, capacity: 10, booked: 4 }, { kind: "readyToStart" }],
    [{ ...base, capacity: 10, booked: 1 }, { kind: "needsPlayers", count: 2 }],
    [{ ...base, capacity: 10, booked: 0, readyAt: SERIES_READY_AT }, { kind: "needsPlayers", count: 3 }],
  ])("%o → %o", (input, expected) => {
    expect(cardStatus(input)).toEqual(expected);
  });
});

describe("prices", () => {
  it("formats cents by locale", () => {
    expect(formatPrice(15000, "MXN", "es")).toBe("$150.00");
    expect(formatPrice(15050, "USD", "en")).toBe("$150.50");
    expect(formatPrice(15000, "BRL", "pt").replace(/\s/g, " ")).toBe("R$ 150,00");
    expect(formatPrice(15099, "MXN", "en", { wholeUnits: true })).toBe("$150");
  });
  it("reads the form's whole units, turning non-numbers into 0", () => {
    expect(formPriceToCents("150")).toBe(15000);
    expect(formPriceToCents("abc")).toBe(0);
    expect(formPriceToCents("")).toBe(0);
    expect(formPriceToCents("1000001")).toBe(100000100);
  });
});
