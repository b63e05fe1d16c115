import { describe, expect, it } from "vitest";
import { addSessionSchema, generateSessionsSchema, seriesFormSchema } from "./schema";

const schema = seriesFormSchema({ now: new Date("2026-11-22T18:00:00Z"), timeZone: "America/Mexico_City" });
const good = {
  title: "Campaña del Abismo",
  game: "D&D 5e",
  frequency: "WEEKLY",
  dayOfWeek: "5",
  timeOfDay: "19:00",
  startDate: "2026-11-27",
  sessionInstructions: "Trae tu ficha lista.",
  price: "120",
  currency: "MXN",
};
const errors = (input: Record<string, unknown>) => {
  const r = schema.safeParse({ ...good, ...input });
  return (r.success ? {} : r.error.flatten().fieldErrors) as Record<string, string[]>;
};

describe("series form schema", () => {
  it("applies the spec defaults", () => {
    expect(schema.parse(good)).toMatchObject({
      duration: 180,
      maxParticipants: 5,
      minParticipants: 3,
      autoGenerateAhead: 2,
      bookingLockHours: 24,
      price: 12000,
      paymentMethods: ["CARD"],
      minAdvanceBookingHours: 120,
      voucherPaymentDays: 3,
    });
  });
  it.each([
    [{ sessionInstructions: "corto" }, "sessionInstructions", "seriesInstructionsTooShort"],
    [{ sessionInstructions: "x".repeat(1001) }, "sessionInstructions", "seriesInstructionsTooLong"],
    [{ autoGenerateAhead: "11" }, "autoGenerateAhead", "autoGenerateInvalid"],
    [{ bookingLockHours: "169" }, "bookingLockHours", "lockHoursInvalid"],
    [{ tags: ["a", "b", "c", "d", "e", "f"] }, "tags", "tooManySeriesTags"],
    [{ frequency: "IRREGULAR" }, "frequency", "frequencyRequired"],
    [{ endDate: "2026-11-01" }, "endDate", "endBeforeStart"],
    // One duration rule with the session form and the API: 15 to 480 minutes in steps of 15.
    [{ duration: "50" }, "duration", "durationInvalid"],
    [{ duration: "481" }, "duration", "durationTooLong"],
    [{ minAdvanceBookingHours: "24" }, "minAdvanceBookingHours", "advanceInvalid"],
    [{ voucherPaymentDays: "5" }, "voucherPaymentDays", "voucherDaysInvalid"],
    [{ currency: "USD", paymentMethods: "OXXO" }, "paymentMethods", "oxxoNeedsMxn"],
  ])("%# refuses %o", (input, field, key) => {
    expect(errors(input)[field]).toContain(key);
  });
  it("takes the OXXO choices the session form takes", () => {
    expect(schema.parse({ ...good, paymentMethods: "OXXO", minAdvanceBookingHours: "48", voucherPaymentDays: "1" })).toMatchObject({
      paymentMethods: ["CARD", "OXXO"],
      minAdvanceBookingHours: 48,
      voucherPaymentDays: 1,
    });
    expect(schema.parse({ ...good, price: "125.50" }).price).toBe(12550);
  });
  it("drops the end date of an ongoing series", () => {
    expect(schema.parse({ ...good, isOngoing: true, endDate: "2027-01-01" }).endDate).toBeUndefined();
  });
});

describe("series form when editing, and the hand-made session forms", () => {
  const now = new Date("2026-11-22T18:00:00Z");
  it("keeps a first date already in the past, and an IRREGULAR frequency, only when they were saved so", () => {
    const editing = seriesFormSchema({ now, timeZone: "America/Mexico_City", existing: { startDate: "2026-10-01", frequency: "IRREGULAR" } });
    expect(editing.safeParse({ ...good, startDate: "2026-10-01", frequency: "IRREGULAR" }).success).toBe(true);
    expect(editing.safeParse({ ...good, startDate: "2026-10-02" }).success).toBe(false);
  });
  it("joins typed tags to the checked ones (5 at most) and ignores the end date of an ongoing series", () => {
    expect(schema.parse({ ...good, tags: ["weekly"], tagsOther: "Sandbox, Homebrew" }).tags).toEqual(["weekly", "Sandbox", "Homebrew"]);
    expect(errors({ tags: ["a", "b", "c"], tagsOther: "d, e, f" }).tags).toContain("tooManySeriesTags");
    expect(schema.safeParse({ ...good, isOngoing: true, endDate: "not a date" }).success).toBe(true);
  });
  it("checks 'Add a session' and 'Generate next sessions'", () => {
    const add = addSessionSchema({ now, timeZone: "America/Mexico_City" });
    expect(add.safeParse({ date: "2026-11-22", time: "20:00" }).success).toBe(true);
    expect(add.safeParse({ date: "2026-11-21", time: "20:00" }).error?.flatten().fieldErrors.date).toEqual(["datePast"]);
    expect(generateSessionsSchema.safeParse({ count: "10", daysBetween: "30" }).success).toBe(true);
    expect(generateSessionsSchema.safeParse({ count: "11", daysBetween: "0" }).error?.flatten().fieldErrors).toEqual({
      count: ["generateCountInvalid"],
      daysBetween: ["daysBetweenInvalid"],
    });
  });
});
