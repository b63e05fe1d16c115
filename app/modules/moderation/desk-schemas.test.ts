import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";
import { refundDeskSchema } from "./refund-desk-schema";
import { moderationSchema } from "./schema";

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
