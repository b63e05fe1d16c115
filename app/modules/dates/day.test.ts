import { describe, expect, it } from "vitest";
import { isTodayOrLater, plusDays, todayIn } from "./day";

describe("todayIn", () => {
  it("is the date in the zone, not in UTC", () => {
    const now = new Date("2027-03-01T03:30:00Z");
    expect(todayIn("America/Mexico_City", now)).toBe("2027-02-28");
    expect(todayIn("Asia/Tokyo", now)).toBe("2027-03-01");
    expect(todayIn("UTC", new Date("2027-12-31T23:59:59Z"))).toBe("2027-12-31");
  });
  it("is empty for an unknown zone", () => expect(todayIn("Mars/Olympus", new Date())).toBe(""));
});

describe("isTodayOrLater", () => {
  const now = new Date("2027-03-01T03:30:00Z");
  it("compares with the zone's today", () => {
    expect(isTodayOrLater("2027-02-28", "America/Mexico_City", now)).toBe(true);
    expect(isTodayOrLater("2027-02-28", "Asia/Tokyo", now)).toBe(false);
    expect(isTodayOrLater("28/02/2027", "UTC", now)).toBe(false);
  });
});

describe("plusDays", () => {
  it("crosses months, years and leap days", () => {
    expect(plusDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(plusDays("2027-12-31", 1)).toBe("2028-01-01");
    expect(plusDays("2027-03-01", -1)).toBe("2027-02-28");
  });
  it("refuses dates that do not exist", () => expect(plusDays("2027-02-30", 1)).toBe(""));
});
