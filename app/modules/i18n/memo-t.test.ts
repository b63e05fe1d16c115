import { createInstance } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { memoizeT } from "./memo-t";

const i18n = createInstance();
void i18n.init({
  lng: "es",
  initImmediate: false,
  resources: {
    es: {
      common: {
        showing: "{{start}}–{{end}} de {{total}}",
        hello: "Hola",
        seats_one: "{{count}} lugar",
        seats_other: "{{count}} lugares",
        by: "por {{name}}",
        days: ["lu", "ma"],
      },
    },
  },
  defaultNS: "common",
  interpolation: { escapeValue: false },
});

describe("memoizeT", () => {
  it("answers what i18next answers, for plain keys, counts, values and objects", () => {
    const t = memoizeT(i18n.getFixedT("es", "common"));
    expect(t("hello")).toBe("Hola");
    expect(t("seats", { count: 1 })).toBe("1 lugar");
    expect(t("seats", { count: 3 })).toBe("3 lugares");
    expect(t("by", { name: "Ana" })).toBe("por Ana");
    expect(t("by", { name: "Luis" })).toBe("por Luis");
    expect(t("days", { returnObjects: true })).toEqual(["lu", "ma"]);
    expect(t("missing")).toBe("missing");
    expect(t("showing", { start: 1, end: 12, total: 40 })).toBe("1–12 de 40");
    expect(t("showing", { start: 13, end: 24, total: 40 })).toBe("13–24 de 40");
  });

  it("asks i18next once per plain key and count, every time for interpolated or object results", () => {
    const fixed = i18n.getFixedT("es", "common");
    const spy = vi.fn(fixed);
    const t = memoizeT(spy as unknown as typeof fixed);
    for (let i = 0; i < 5; i += 1) {
      t("hello");
      t("seats", { count: 2 });
      t("by", { name: "Ana" });
      t("days", { returnObjects: true });
      t("showing", { start: 1, end: 12, total: 40 });
    }
    const calls = (key: string) => spy.mock.calls.filter((c) => c[0] === key).length;
    expect(calls("hello")).toBe(1);
    expect(calls("seats")).toBe(1);
    expect(calls("by")).toBe(5);
    expect(calls("days")).toBe(5);
    expect(calls("showing")).toBe(1);
  });

  it("keeps the translator's language and namespace for react-i18next", () => {
    const t = memoizeT(i18n.getFixedT("es", "common")) as unknown as { lng: string; ns: string };
    expect(t.lng).toBe("es");
    expect(t.ns).toBe("common");
  });
});
