import { describe, expect, it } from "vitest";
import { linkify } from "./rules";

describe("linkify", () => {
  it("splits links out of text", () => {
    expect(linkify("Open: http://localhost:3000/es/auth/verify-email?token=abc_1-2\nBye")).toEqual([
      { kind: "text", value: "Open: " },
      { kind: "link", value: "http://localhost:3000/es/auth/verify-email?token=abc_1-2" },
      { kind: "text", value: "\nBye" },
    ]);
  });
  it("leaves text without links alone and ignores other schemes", () => {
    expect(linkify("javascript:alert(1)")).toEqual([{ kind: "text", value: "javascript:alert(1)" }]);
  });
});
