import { describe, expect, it } from "vitest";
import { bodyProblem } from "#app/web/api.server";
import { BOOK_BODY_WORDS, bookSeatBodySchema, confirmIntentSchema, joinLineSchema } from "./schema";

describe("the seat commands' schemas", () => {
  it("read the confirmation page's four intents, with the code and the lines and veils where a seat is taken", () => {
    expect(confirmIntentSchema.parse({ intent: "book", inviteCode: "MESA-123456", lines: ["suicide"] })).toMatchObject({
      intent: "book",
      inviteCode: "MESA-123456",
      lines: ["suicide"],
      veils: [],
      anonymous: false,
    });
    expect(confirmIntentSchema.parse({ intent: "leaveWaitlist", lines: ["suicide"] })).toEqual({ intent: "leaveWaitlist" });
    expect(confirmIntentSchema.safeParse({ intent: "cancel" }).success).toBe(false);
  });

  it("refuse a code longer than any code, in the form and in the JSON calls alike", () => {
    const long = "A".repeat(21);
    expect(confirmIntentSchema.safeParse({ intent: "payCard", inviteCode: long }).success).toBe(false);
    expect(joinLineSchema.safeParse({ inviteCode: long }).success).toBe(false);
    const booked = bookSeatBodySchema.safeParse({ paymentMethod: "free", inviteCode: long });
    expect(!booked.success && bodyProblem(booked.error, BOOK_BODY_WORDS)).toBe("inviteCode is not valid");
  });

  it("name the first refused field of the book call as the endpoint always has", () => {
    const paid = bookSeatBodySchema.safeParse({ paymentMethod: "card", lines: ["nope"] });
    expect(!paid.success && bodyProblem(paid.error, BOOK_BODY_WORDS)).toBe('paymentMethod must be "free"');
    const lines = bookSeatBodySchema.safeParse({ paymentMethod: "FREE", lines: ["nope"] });
    expect(!lines.success && bodyProblem(lines.error, BOOK_BODY_WORDS)).toBe("lines is not valid");
    expect(bookSeatBodySchema.parse({ paymentMethod: "free", joinWaitlist: "true" }).joinWaitlist).toBe(true);
    expect(bookSeatBodySchema.parse({ paymentMethod: "free", joinWaitlist: "yes" }).joinWaitlist).toBe(false);
  });
});
