import { describe, expect, it } from "vitest";
import { forgetBefore, keepsOutcome, readRequestKey } from "./rules";

describe("readRequestKey", () => {
  it("treats an absent or empty key as none, so forms rendered before keys act as they did", () => {
    expect(readRequestKey(null)).toEqual({ kind: "none" });
    expect(readRequestKey(undefined)).toEqual({ kind: "none" });
    expect(readRequestKey("")).toEqual({ kind: "none" });
  });

  it("takes a form's UUID and an API client's own key", () => {
    expect(readRequestKey("6f1c2a8e-0b7d-4c1e-9a53-2f9e1b0c7d4a")).toEqual({ kind: "key", key: "6f1c2a8e-0b7d-4c1e-9a53-2f9e1b0c7d4a" });
    expect(readRequestKey("order_2026_0001")).toEqual({ kind: "key", key: "order_2026_0001" });
  });

  it("refuses keys too short, too long, with other characters, or not text", () => {
    expect(readRequestKey("short").kind).toBe("malformed");
    expect(readRequestKey("x".repeat(101)).kind).toBe("malformed");
    expect(readRequestKey("has space in it").kind).toBe("malformed");
    expect(readRequestKey("<script>alert(1)</script>").kind).toBe("malformed");
    expect(readRequestKey(12345678).kind).toBe("malformed");
  });
});

describe("keepsOutcome", () => {
  it("keeps what the command did (2xx, a redirect) and never a refusal or an error", () => {
    expect([200, 201, 302, 303].map(keepsOutcome)).toEqual([true, true, true, true]);
    expect([400, 403, 409, 422, 429, 500, 503].map(keepsOutcome)).toEqual([false, false, false, false, false, false, false]);
  });
});

describe("forgetBefore", () => {
  it("is a day before now", () => {
    expect(forgetBefore(new Date("2026-11-29T12:00:00Z"))).toEqual(new Date("2026-11-28T12:00:00Z"));
  });
});
