import { describe, expect, it } from "vitest";
import { allowedPaymentMethods, currencies } from "./options";
import { tagDescriptions } from "./tag-descriptions";
import { freeTagText, isHiddenOnCards, popularTagIds, predefinedTags, resolveTag, tagCategories, tagLabel } from "./tags";

describe("tag catalogue", () => {
  it("has the 32 predefined ids of the spec, each complete", () => {
    expect(predefinedTags).toHaveLength(32);
    expect(new Set(predefinedTags.map((t) => t.id)).size).toBe(32);
    for (const t of predefinedTags) {
      expect(tagCategories).toContain(t.category);
      for (const value of [
        t.label,
        t.labelEs,
        t.labelPt,
        t.emoji,
        t.icon,
        t.colour,
        tagDescriptions[t.id]?.en,
        tagDescriptions[t.id]?.es,
        tagDescriptions[t.id]?.pt,
      ])
        expect(value ?? "").not.toBe("");
    }
    for (const id of popularTagIds) expect(predefinedTags.map((t) => t.id)).toContain(id);
  });

  it("matches by id or by any label, ignoring case and accents", () => {
    expect(resolveTag("one-shot").id).toBe("one-shot");
    expect(resolveTag("PARA PRINCIPIANTES").id).toBe("beginner-friendly");
    expect(resolveTag("bilingue").id).toBe("bilingual");
    expect(resolveTag("  Mucha   interpretación ").id).toBe("roleplay-heavy");
  });

  it("keeps other names as free tags", () => {
    expect(resolveTag("Sandbox  Urbano")).toEqual({ id: "sandbox-urbano", name: "Sandbox Urbano", predefined: null });
  });

  it("hides weekly tags on cards", () => {
    expect(isHiddenOnCards("Weekly")).toBe(true);
    expect(isHiddenOnCards("Campaña semanal")).toBe(true);
    expect(isHiddenOnCards("one-shot")).toBe(false);
  });

  it("labels by language", () => {
    const t = resolveTag("in-person").predefined!;
    expect([tagLabel(t, "en"), tagLabel(t, "es"), tagLabel(t, "pt")]).toEqual(["In person", "Presencial", "Presencial"]);
  });

  it("writes the free tags back as the 'Other tags' text, leaving out the predefined ones", () => {
    expect(freeTagText(["one-shot", "Sandbox", "latam", "Horror cósmico"])).toBe("Sandbox, Horror cósmico");
    expect(freeTagText(["one-shot"])).toBe("");
    expect(freeTagText([])).toBe("");
  });
});

describe("options", () => {
  it("lists the 14 currencies and offers OXXO only for MXN", () => {
    expect(currencies).toHaveLength(14);
    expect(allowedPaymentMethods("MXN")).toContain("OXXO");
    expect(allowedPaymentMethods("USD")).toEqual(["CARD", "CASH"]);
  });
});
