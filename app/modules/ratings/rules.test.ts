import { describe, expect, it } from "vitest";
import { formatRatingAverage, ratingAverage, ratingSummary } from "./rules";

describe("a rating as shown", () => {
  it("the average is rounded to one decimal; nobody without reviews has one", () => {
    expect(ratingAverage(14, 3)).toBe(4.7);
    expect(ratingAverage(9, 2)).toBe(4.5);
    expect(ratingAverage(4, 1)).toBe(4);
    expect(ratingAverage(0, 0)).toBeNull();
  });

  it("is written with one decimal in the reader's locale", () => {
    expect(formatRatingAverage(4.7, "es")).toBe("4,7");
    expect(formatRatingAverage(4.7, "en")).toBe("4.7");
    expect(formatRatingAverage(4.7, "pt")).toBe("4,7");
    expect(formatRatingAverage(4, "es")).toBe("4,0");
    expect(formatRatingAverage(5, "en")).toBe("5.0");
  });

  it("from the stored sum and count: the formatted average and the count, or nothing without reviews", () => {
    expect(ratingSummary(14, 3, "es")).toEqual({ average: "4,7", count: 3 });
    expect(ratingSummary(14, 3, "en")).toEqual({ average: "4.7", count: 3 });
    expect(ratingSummary(23, 5, "pt")).toEqual({ average: "4,6", count: 5 });
    expect(ratingSummary(4, 1, "pt")).toEqual({ average: "4,0", count: 1 });
    expect(ratingSummary(0, 0, "es")).toBeNull();
  });
});
