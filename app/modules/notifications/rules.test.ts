import { describe, expect, it } from "vitest";
import { parseLimit, unreadBadge } from "./rules";

describe("unreadBadge", () => {
  it("hides zero and caps at 99+", () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(7)).toBe("7");
    expect(unreadBadge(99)).toBe("99");
    expect(unreadBadge(100)).toBe("99+");
  });
});

describe("parseLimit", () => {
  it.each([
    [null, 10],
    ["5", 5],
    ["500", 100],
    ["-1", 10],
    ["abc", 10],
    ["2.5", 10],
  ])("%s → %s", (raw, expected) => {
    expect(parseLimit(raw)).toBe(expected);
  });
});
