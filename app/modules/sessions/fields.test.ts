import { describe, expect, it } from "vitest";
import { apiSessionSchema } from "./api-schema";
import { preSessionCheckHours, seatCount } from "./fields";
import { sessionFormSchema } from "./schema";

describe("the fields a session's form and API share", () => {
  it("takes pre-session check hours from 1 to 168 in the form, and also 0 (no check) from the API", () => {
    expect(preSessionCheckHours("form").safeParse("0").success).toBe(false);
    expect(preSessionCheckHours("form").safeParse("1").data).toBe(1);
    expect(preSessionCheckHours("form").safeParse("169").success).toBe(false);
    expect(preSessionCheckHours("api").safeParse(0).data).toBe(0);
    expect(preSessionCheckHours("api").safeParse(169).success).toBe(false);
    expect(preSessionCheckHours("api").safeParse("24").success).toBe(false);
    expect(preSessionCheckHours("api").parse(undefined)).toBe(24);
  });

  it("counts 1 to 20 seats on both channels, with the form's message key", () => {
    expect(seatCount("form", "maxParticipantsInvalid").safeParse("21").error?.issues[0]?.message).toBe("maxParticipantsInvalid");
    expect(seatCount("api").safeParse(0).success).toBe(false);
    expect(seatCount("api").safeParse(20).data).toBe(20);
  });

  it("is what the session form and the API schema use", () => {
    const form = sessionFormSchema({ now: new Date("2026-01-01T00:00:00Z"), timeZone: "UTC" });
    const formIssue = form.safeParse({ preSessionCheckHours: "0" }).error?.issues.find((i) => i.path[0] === "preSessionCheckHours");
    expect(formIssue?.message).toBe("preSessionCheckInvalid");
    const api = apiSessionSchema.safeParse({ title: "T", game: "D&D", date: "2026-02-01T19:00:00Z", preSessionCheckHours: 0 });
    expect(api.data?.preSessionCheckHours).toBe(0);
  });
});
