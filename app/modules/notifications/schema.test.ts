import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { notificationsPageSchema } from "./schema";

const posted = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return parseWithZod(form, { schema: notificationsPageSchema });
};

describe("the notifications page's forms", () => {
  it("reads 'mark all read' by its intent and 'mark read' by the notice's id alone", () => {
    expect(posted({ intent: "read-all" })).toMatchObject({ status: "success", value: { intent: "read-all" } });
    expect(posted({ id: "12" })).toMatchObject({ status: "success", value: { id: "12" } });
  });

  it("refuses an intent neither form sends", () => {
    expect(posted({ intent: "delete", id: "12" }).status).toBe("error");
  });
});
