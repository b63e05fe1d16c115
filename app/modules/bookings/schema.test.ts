import { describe, expect, it } from "vitest";
import { bookSeatBodySchema, confirmIntentSchema, joinLineSchema } from "./schema";

/** The field an API answer names: the first the schema refused. */
const firstRefused = (result: { success: boolean; error?: { issues: { path: (string | number)[] }[] } }) => result.error?.issues[0]?.path[0];

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
    expect(firstRefused(bookSeatBodySchema.safeParse({ paymentMethod: "free", inviteCode: long }))).toBe("inviteCode");
  });

  it("name the first refused field of the book call as the endpoint always has", () => {
    expect(firstRefused(bookSeatBodySchema.safeParse({ paymentMethod: "card", lines: ["nope"] }))).toBe("paymentMethod");
    expect(firstRefused(bookSeatBodySchema.safeParse({ paymentMethod: "FREE", lines: ["nope"] }))).toBe("lines");
    expect(bookSeatBodySchema.parse({ paymentMethod: "free", joinWaitlist: "true" }).joinWaitlist).toBe(true);
    expect(bookSeatBodySchema.parse({ paymentMethod: "free", joinWaitlist: "yes" }).joinWaitlist).toBe(false);
  });
});
