import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";
import { refundDeskSchema } from "./refund-desk-schema";
import { moderationSchema, reportSchema } from "./schema";

const posted = (schema: ZodTypeAny, fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema });
};
const id = "7b0d3c9e-5f4a-4c61-9a1e-2d8f6b3c0a11";

describe("the moderation queue's forms", () => {
  it("takes only the actions of the item's kind", () => {
    expect(posted(moderationSchema, { target: "review", id, action: "hide_review" }).status).toBe("success");
    expect(posted(moderationSchema, { target: "profile", id, action: "hide_review" }).status).toBe("error");
    expect(posted(moderationSchema, { target: "dispute", id, action: "uphold" }).status).toBe("success");
    expect(posted(moderationSchema, { target: "comment", id, action: "dismiss" }).status).toBe("error");
  });

  it("takes dismiss, remove and ban on a chat message, nothing else", () => {
    for (const action of ["dismiss", "remove_message", "ban_user"])
      expect(posted(moderationSchema, { target: "message", id: "42", action }).status).toBe("success");
    expect(posted(moderationSchema, { target: "message", id: "42", action: "hide_review" }).status).toBe("error");
    expect(posted(moderationSchema, { target: "review", id, action: "remove_message" }).status).toBe("error");
  });

  it("unbans with no action named, the reason left to the use case", () => {
    expect(posted(moderationSchema, { target: "user", id })).toMatchObject({ status: "success", value: { target: "user", id, reason: "" } });
  });
});

describe("the refunds desk's forms", () => {
  it("keeps what was typed for the use case to judge, the payment cut at 100 characters", () => {
    const typed = posted(refundDeskSchema, { intent: "refund", payment: "x".repeat(150), reason: "" });
    expect(typed).toMatchObject({ status: "success", value: { intent: "refund", reason: "", note: "" } });
    expect(typed.status === "success" && typed.value.payment).toHaveLength(100);
    expect(posted(refundDeskSchema, { intent: "retry" })).toMatchObject({ status: "success", value: { intent: "retry", paymentId: "" } });
  });

  it("refuses a form with no intent", () => {
    expect(posted(refundDeskSchema, { paymentId: id }).status).toBe("error");
  });
});

describe("the report form and POST /api/reports", () => {
  const report = (body: Record<string, unknown>) => reportSchema.safeParse({ reason: "SPAM", ...body });
  it("names a chat message by its whole-number id, as text or a JSON number; reviews and profiles by a uuid", () => {
    expect(report({ kind: "message", targetId: "42" })).toMatchObject({ success: true, data: { kind: "message", targetId: "42", details: "" } });
    expect(report({ kind: "message", targetId: 42 })).toMatchObject({ success: true, data: { targetId: "42" } });
    expect(report({ kind: "review", targetId: id })).toMatchObject({ success: true, data: { targetId: id } });
  });

  it("refuses a message named by a uuid, a review by a number, and anything else as a target", () => {
    for (const body of [
      { kind: "message", targetId: id },
      { kind: "message", targetId: "0" },
      { kind: "review", targetId: "42" },
      { kind: "profile", targetId: 42 },
      { kind: "message" },
    ]) {
      const parsed = report(body);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((i) => i.message)).toEqual(["admin:errors.targetInvalid"]);
    }
  });
});
