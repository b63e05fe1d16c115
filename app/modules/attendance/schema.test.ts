import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { attendanceSheetSchema, disputeSchema } from "./schema";

const form = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
};
const id = "7f1c2a8e-9b6d-4c3e-8a1f-2b3c4d5e6f70";

describe("the attendance sheet's form", () => {
  it("reads one mark per player and ignores other fields", () => {
    const parsed = parseWithZod(
      form([
        [`mark:${id}`, "NO_SHOW"],
        ["other", "x"],
      ]),
      { schema: attendanceSheetSchema },
    );
    expect(parsed.status === "success" && parsed.value).toEqual([{ userId: id, present: false }]);
  });

  it.each([
    [
      "a mark sent twice",
      [
        [`mark:${id}`, "PRESENT"],
        [`mark:${id}`, "NO_SHOW"],
      ],
    ],
    ["an unknown mark", [[`mark:${id}`, "MAYBE"]]],
    ["an emptied mark", [[`mark:${id}`, ""]]],
    ["no mark at all", [["other", "x"]]],
  ] as [string, [string, string][]][])("refuses %s as a whole", (_, entries) => {
    const parsed = parseWithZod(form(entries), { schema: attendanceSheetSchema });
    expect(parsed.status).toBe("error");
  });
});

describe("the dispute form", () => {
  it.each([
    ["", "attendance:errors.reasonRequired"],
    ["   ", "attendance:errors.reasonRequired"],
    ["a\u0000b", "attendance:errors.reasonInvalid"],
    ["x".repeat(1001), "attendance:errors.reasonTooLong"],
  ])("refuses %j with its message", (reason, message) => {
    const parsed = parseWithZod(form([["reason", reason]]), { schema: disputeSchema });
    expect(parsed.status === "error" && parsed.error?.reason).toEqual([message]);
  });

  it("takes a reason as typed", () => {
    const parsed = parseWithZod(form([["reason", "Estuve ahí"]]), { schema: disputeSchema });
    expect(parsed.status === "success" && parsed.value.reason).toBe("Estuve ahí");
  });
});
