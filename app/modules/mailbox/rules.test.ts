import { describe, expect, it } from "vitest";
import { isLoopbackAddress, linkify } from "./rules";

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

describe("isLoopbackAddress", () => {
  it("accepts this machine's addresses", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"]) expect(isLoopbackAddress(address), address).toBe(true);
  });
  it("refuses every other address and a missing one", () => {
    for (const address of ["10.0.0.1", "192.168.1.20", "::ffff:10.0.0.1", "fe80::1", "1127.0.0.1", "127.0.0.1.evil", "unknown", "", null, undefined])
      expect(isLoopbackAddress(address), String(address)).toBe(false);
  });
});
