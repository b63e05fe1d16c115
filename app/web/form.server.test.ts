import { describe, expect, it } from "vitest";
import { z } from "zod";
import { parseForm, schemaFieldNames } from "./form.server";

const fd = (entries: [string, string][]) => {
  const data = new FormData();
  for (const [k, v] of entries) data.append(k, v);
  return data;
};

describe("schemaFieldNames", () => {
  it("looks through effects, preprocess, unions and intersections", () => {
    const base = z.object({ a: z.string(), b: z.string().optional() });
    expect([...schemaFieldNames(base)!]).toEqual(["a", "b"]);
    expect([...schemaFieldNames(base.refine(() => true))!]).toEqual(["a", "b"]);
    expect([...schemaFieldNames(z.preprocess((v) => v, base))!]).toEqual(["a", "b"]);
    expect([...schemaFieldNames(z.union([base, z.object({ c: z.string() })]))!]).toEqual(["a", "b", "c"]);
    expect([...schemaFieldNames(z.intersection(base, z.object({ d: z.string() })))!]).toEqual(["a", "b", "d"]);
    expect(schemaFieldNames(z.string())).toBeNull();
  });
});

describe("parseForm", () => {
  const schema = z.preprocess(
    (v) => ({ ...(v as object), name: (v as { name?: string; nameOther?: string }).name ?? (v as { nameOther?: string }).nameOther }),
    z.object({ name: z.string().min(3, "tooShort"), tags: z.array(z.string()).optional() }),
  );
  it("parses the whole form but echoes only the schema's fields and the named helpers", () => {
    const submission = parseForm(
      fd([
        ["nameOther", "x"],
        ["tags[0]", "a"],
        ["junk", "y".repeat(10_000)],
      ]),
      { schema, echo: ["nameOther"] },
    );
    expect(submission.status).toBe("error");
    const reply = submission.reply();
    expect(reply.error).toEqual({ name: ["tooShort"] });
    expect(reply.initialValue).toEqual({ nameOther: "x", tags: ["a"] });
  });
  it("keeps reply options such as hideFields", () => {
    const reply = parseForm(
      fd([
        ["name", "ab"],
        ["junk", "z"],
      ]),
      { schema },
    ).reply({ hideFields: ["name"] });
    expect(reply.initialValue).toEqual({});
  });
});
