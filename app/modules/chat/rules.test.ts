import { describe, expect, it } from "vitest";
import { chatBadge, directPair, isUuid, parseBefore } from "./rules";

describe("chat rules", () => {
  it("orders a direct pair the same way whoever starts", () => {
    expect(directPair("b", "a")).toEqual(["a", "b"]);
    expect(directPair("a", "b")).toEqual(["a", "b"]);
  });
  it("pages back only from a real message id", () => {
    expect(parseBefore("120")).toBe(120);
    for (const bad of [null, "", "0", "-3", "x", "1.5"]) expect(parseBefore(bad)).toBeNull();
  });
  it("knows a chat id when it sees one", () => {
    expect(isUuid("5f1c0000-0000-4000-8000-000000000000")).toBe(true);
    expect(isUuid("5f1c0000")).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
  it("caps the badge at 99+", () => {
    expect(chatBadge(0)).toBeNull();
    expect(chatBadge(7)).toBe("7");
    expect(chatBadge(100)).toBe("99+");
  });
});
