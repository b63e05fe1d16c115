import { describe, expect, it } from "vitest";
import { seriesFormSchema } from "./schema";

const schema = seriesFormSchema({ now: new Date("2026-11-22T18:00:00Z"), timeZone: "America/Mexico_City" });
const good = { title: "Campaña del Abismo", game: "D&D 5e", frequency: "WEEKLY", dayOfWeek: "5", timeOfDay: "19:00", startDate: "2026-11-27", sessionInstructions: "Trae tu ficha lista.", price: "120", currency: "MXN" };
const errors = (input: Record<string, unknown>) => {
  const r = schema.safeParse({ ...good, ...input });
  return (r.success ? {} : r.error.flatten().fieldErrors) as Record<string, string[]>;
};

describe("series form schema", () => {
  it("applies the spec defaults", () => {
    expect(schema.parse(good)).toMatchObject({ duration: 180, maxParticipants: 5, minParticipants: 3, autoGenerateAhead: 2, bookingLockHours: 24, price: 12000, paymentMethods: ["CARD"] });
  });
  it.each([
    [{ sessionInstructions: "corto" }, "sessionInstructions", "seriesInstructionsTooShort"],
    [{ sessionInstructions: "x".repeat(1001) }, "sessionInstructions", "seriesInstructionsTooLong"],
    [{ autoGenerateAhead: "11" }, "autoGenerateAhead", "autoGenerateInvalid"],
    [{ bookingLockHours: "169" }, "bookingLockHours", "lockHoursInvalid"],
    [{ tags: ["a", "b", "c", "d", "e", "f"] }, "tags", "tooManySeriesTags"],
    [{ frequency: "IRREGULAR" }, "frequency", "frequencyRequired"],
    [{ endDate: "2026-11-01" }, "endDate", "endBeforeStart"],
  ])("%# refuses %o", (input, field, key) => {
    expect(errors(input)[field]).toContain(key);
  });
  it("drops the end date of an ongoing series", () => {
    expect(schema.parse({ ...good, isOngoing: true, endDate: "2027-01-01" }).endDate).toBeUndefined();
  });
});
