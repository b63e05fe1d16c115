import { describe, expect, it } from "vitest";
import { limits, retryAfterSeconds, windowStart } from "./rules";

describe("rate limit windows", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it("starts the window the right amount of time ago", () => {
    expect(windowStart(limits.usernameChecks, now).toISOString()).toBe("2026-11-22T11:50:00.000Z");
  });
  it("tells when the oldest hit expires", () => {
    expect(retryAfterSeconds(limits.usernameChecks, new Date("2026-11-22T11:55:00Z"), now)).toBe(300);
    expect(retryAfterSeconds(limits.usernameChecks, null, now)).toBe(0);
  });
});
