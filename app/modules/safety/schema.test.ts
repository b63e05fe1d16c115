import { describe, expect, it } from "vitest";
import { refusedSafetyState, seatNoteFormSchema } from "./schema";

describe("seatNoteFormSchema", () => {
  it("saves what the form carries, also without a button value, and removes on intent remove", () => {
    expect(seatNoteFormSchema.parse({ intent: "save", lines: ["torture", "torture"], anonymous: "on" })).toMatchObject({
      intent: "save",
      input: { lines: ["torture"], veils: [], anonymous: true },
    });
    expect(seatNoteFormSchema.parse({ veils: "phobias" })).toMatchObject({ intent: "save", input: { veils: ["phobias"] } });
    expect(seatNoteFormSchema.parse({ intent: "remove", lines: "anything" })).toEqual({ intent: "remove" });
    expect(seatNoteFormSchema.safeParse({ intent: "other" }).error?.issues[0]?.path).toEqual(["intent"]);
  });

  it("shows a refused form again with each message once as a translation key", () => {
    const form = new FormData();
    form.append("lines", "torture");
    form.append("safetyNote", "x");
    const state = refusedSafetyState(form, ["safety:validation.noteTooLong", "safety:validation.noteTooLong", "tooLong"]);
    expect(state).toEqual({
      values: { lines: ["torture"], veils: [], safetyNote: "x", anonymous: false },
      errors: ["safety:validation.noteTooLong", "validation:tooLong"],
    });
  });
});
