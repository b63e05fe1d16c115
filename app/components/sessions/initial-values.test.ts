import { describe, expect, it } from "vitest";
import { initialList, initialText } from "./initial-values";

describe("form initial values", () => {
  it("reads one value or many as a list of strings", () => {
    expect(initialList(undefined)).toEqual([]);
    expect(initialList("CASH")).toEqual(["CASH"]);
    expect(initialList(["OXXO", "CASH"])).toEqual(["OXXO", "CASH"]);
    expect(initialList(["OXXO", 3, null])).toEqual(["OXXO"]);
  });

  it("reads text only when it is text", () => {
    expect(initialText("120")).toBe("120");
    expect(initialText("")).toBe("");
    expect(initialText(undefined)).toBeUndefined();
    expect(initialText(["a", "b"])).toBeUndefined();
  });
});
