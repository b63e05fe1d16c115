import { describe, expect, it } from "vitest";
import { sessionFormSchema } from "./schema";

const now = new Date("2026-11-22T18:00:00Z");
const schema = sessionFormSchema({ now, timeZone: "America/Mexico_City" });
const good = {
  title: "La cripta del rey",
  game: "D&D 5e",
  date: "2026-11-28",
  time: "19:00",
  duration: "120",
  maxParticipants: "5",
  minParticipants: "3",
  price: "150",
  currency: "MXN",
};
const errors = (input: Record<string, unknown>) => {
  const result = schema.safeParse({ ...good, ...input });
  return result.success ? {} : result.error.flatten().fieldErrors;
};

describe("session form schema", () => {
  it("accepts a good session, stores cents and always allows cards", () => {
    const result = schema.parse({ ...good, paymentMethods: "OXXO" });
    expect(result.price).toBe(15000);
    expect(result.paymentMethods).toEqual(["CARD", "OXXO"]);
    expect(result.preSessionCheckHours).toBe(24);
    expect(result.minAdvanceBookingHours).toBe(120);
  });

  it.each([
    [{ title: "x".repeat(201) }, "title", "sessionTitleTooLong"],
    [{ title: "" }, "title", "sessionTitleRequired"],
    [{ game: "Chess" }, "game", "gameRequired"],
    [{ price: "1000001" }, "price", "priceTooHigh"],
    [{ maxParticipants: "21" }, "maxParticipants", "maxParticipantsInvalid"],
    [{ minParticipants: "6" }, "minParticipants", "minAboveMax"],
    [{ duration: "481" }, "duration", "durationTooLong"],
    [{ duration: "50" }, "duration", "durationInvalid"],
    [{ tags: Array.from({ length: 11 }, (_, i) => `tag ${i}`) }, "tags", "tooManyTags"],
    [{ date: "2026-11-21" }, "date", "datePast"],
    [{ currency: "USD", paymentMethods: ["OXXO"] }, "paymentMethods", "oxxoNeedsMxn"],
    [{ minAdvanceBookingHours: "24" }, "minAdvanceBookingHours", "advanceInvalid"],
    [{ preSessionCheckHours: "169" }, "preSessionCheckHours", "preSessionCheckInvalid"],
  ])("%# refuses %o on %s with %s", (input, field, key) => {
    expect((errors(input) as Record<string, string[]>)[field]).toContain(key);
  });

  it("adds typed tags to the ticked ones", () => {
    expect(schema.parse({ ...good, tags: ["one-shot"], tagsOther: " Sandbox, horror urbano ," }).tags).toEqual(["one-shot", "Sandbox", "horror urbano"]);
  });

  it("reads a custom duration", () => {
    expect(schema.parse({ ...good, duration: "custom", durationCustom: "195" }).duration).toBe(195);
    expect((errors({ duration: "custom", durationCustom: "200" }) as Record<string, string[]>).duration).toContain("durationInvalid");
  });

  it("turns a non-numeric price into 0 and free into price 0 without payment methods", () => {
    expect(schema.parse({ ...good, price: "abc" }).price).toBe(0);
    expect(schema.parse({ ...good, isFree: true, paymentMethods: ["CASH"] })).toMatchObject({ price: 0, paymentMethods: [] });
  });

  it("accepts today in the host's zone even when it is already tomorrow in UTC", () => {
    const late = sessionFormSchema({ now: new Date("2026-11-23T03:00:00Z"), timeZone: "America/Mexico_City" });
    expect(late.safeParse({ ...good, date: "2026-11-22" }).success).toBe(true);
  });
});

describe("session form messages", () => {
  it("are all keys of the validation namespace", async () => {
    const { default: es } = await import("../../../public/locales/es/validation.json");
    const all = schema.safeParse({
      title: "x".repeat(300),
      game: "?",
      date: "x",
      time: "x",
      duration: "x",
      maxParticipants: "99",
      minParticipants: "0",
      price: "99999999",
      currency: "X",
      tags: Array(11).fill("t"),
      paymentMethods: ["X"],
      minAdvanceBookingHours: "1",
      voucherPaymentDays: "9",
      location: "x".repeat(201),
      imageUrl: "nope",
      description: "x".repeat(1001),
      sessionInstructions: "x".repeat(1001),
      genre: "?",
      experienceLevel: "?",
      preSessionCheckHours: "0",
    });
    expect(all.success).toBe(false);
    const messages = all.success ? [] : all.error.issues.map((i) => i.message);
    expect(messages.length).toBeGreaterThan(15);
    for (const message of messages) expect(Object.keys(es), message).toContain(message);
  });
});
