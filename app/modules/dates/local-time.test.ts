import { describe, expect, it } from "vitest";
import { localToInstant } from "./local-time";

describe("localToInstant", () => {
  it("reads local dates in a zone", () => {
    expect(localToInstant("2026-11-22", "19:00", "America/Mexico_City")?.toISOString()).toBe("2026-11-23T01:00:00.000Z");
    expect(localToInstant("2026-13-01", "19:00", "America/Mexico_City")).toBeNull();
    expect(localToInstant("2026-11-22", "25:00", "America/Mexico_City")).toBeNull();
  });
});
