import { describe, expect, it } from "vitest";
import { businessDaysAfter } from "./business-days";

describe("businessDaysAfter", () => {
  it("counts Mexican business days from the charge's Mexico City day, skipping weekends and rest days", () => {
    // Friday 13 November 2026, noon in Mexico City; Monday 16 is Revolution Day (third Monday of November).
    expect(businessDaysAfter(new Date("2026-11-13T18:00:00Z"), 2, "MX").toISOString()).toBe("2026-11-18T06:00:00.000Z");
    // 23:00 on Thursday 12 in Mexico City is already Friday 13 in UTC: the local day counts.
    expect(businessDaysAfter(new Date("2026-11-13T05:00:00Z"), 2, "MX").toISOString()).toBe("2026-11-17T06:00:00.000Z");
  });

  it("counts Brazilian banking days, Carnival included", () => {
    // Friday 5 February 2027; Carnival is Monday 8 and Tuesday 9 (Easter is 28 March 2027).
    expect(businessDaysAfter(new Date("2027-02-05T15:00:00Z"), 2, "BR").toISOString()).toBe("2027-02-11T03:00:00.000Z");
  });

  it("counts weekdays in UTC elsewhere", () => {
    // Saturday 28 November 2026.
    expect(businessDaysAfter(new Date("2026-11-28T10:00:00Z"), 2, "US").toISOString()).toBe("2026-12-01T00:00:00.000Z");
    expect(businessDaysAfter(new Date("2026-11-30T23:59:59Z"), 0, "US").toISOString()).toBe("2026-11-30T00:00:00.000Z");
  });
});
