import { describe, expect, it } from "vitest";
import { z } from "zod";
import { intentsOf, optionalId } from "./zod";

const schema = intentsOf(
  "make",
  z.discriminatedUnion("intent", [z.object({ intent: z.literal("make") }), z.object({ intent: z.literal("off"), id: optionalId })]),
);

describe("intentsOf", () => {
  it("reads a named intent as itself", () => {
    expect(schema.parse({ intent: "off" })).toEqual({ intent: "off" });
    expect(schema.parse({ intent: "make" })).toEqual({ intent: "make" });
  });

  it("reads a missing or unknown intent as the main one", () => {
    expect(schema.parse({})).toEqual({ intent: "make" });
    expect(schema.parse({ intent: "nonsense" })).toEqual({ intent: "make" });
  });
});

describe("optionalId", () => {
  it("keeps a uuid and reads anything else as absent", () => {
    const id = "0b6c1f0e-8a4b-4c1d-9e2f-3a4b5c6d7e8f";
    expect(schema.parse({ intent: "off", id })).toEqual({ intent: "off", id });
    expect(schema.parse({ intent: "off", id: "1; drop table" })).toEqual({ intent: "off", id: undefined });
    expect(schema.parse({ intent: "off" })).toEqual({ intent: "off", id: undefined });
  });
});
