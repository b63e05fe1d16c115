import { describe, expect, it } from "vitest";
import { cardStatus, durationProblem, formatPrice, SERIES_READY_AT } from "./rules";

describe("cardStatus (spec section 4 order)", () => {
  const base = { status: "UPCOMING", capacity: 6, readyAt: 3 };
  it.each([
    [{ ...base, status: "CANCELLED", booked: 6 }, { kind: "cancelled" }],
    [{ ...base, status: "CONFIRMED", booked: 0 }, { kind: "confirmed" }],
    [{ ...base, booked: 6 }, { kind: "full" }],
    [{ ...base, booked: 5 }, { kind: "lastSpot" }],
    [
      { ...base, booked: 3 },
      { kind: "spotsLeft", count: 3 },
    ],
    [{ ...base, capacity: 10, booked: 4 }, { kind: "readyToStart" }],
    [
      { ...base, capacity: 10, booked: 1 },
      { kind: "needsPlayers", count: 2 },
    ],
    [
      { ...base, capacity: 10, booked: 0, readyAt: SERIES_READY_AT },
      { kind: "needsPlayers", count: 3 },
    ],
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
});

describe("durations", () => {
  it("allows 15 to 480 minutes in steps of 15, the presets among them", () => {
    for (const ok of [15, 60, 120, 180, 240, 465, 480]) expect(durationProblem(ok)).toBeNull();
    expect(durationProblem(50)).toBe("durationInvalid");
    expect(durationProblem(0)).toBe("durationInvalid");
    expect(durationProblem(-15)).toBe("durationInvalid");
    expect(durationProblem(90.5)).toBe("durationInvalid");
    expect(durationProblem(495)).toBe("durationTooLong");
  });
});
