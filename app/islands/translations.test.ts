import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { locales } from "#app/modules/i18n/config";
import { resources } from "#app/modules/i18n/resources.server";
import { translator } from "./translations";

/** Every key path of a namespace, plural suffixes folded into their key. */
function keysOf(tree: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === "object" && value !== null
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, "")}`],
  );
}

// Values for every placeholder the payments texts use, and counts that pick each plural form.
const values = { until: "1 de mayo", hours: 48, days: 3, title: "La cripta", status: "processing", reference: "123", minutes: 5, amount: "$250.00 MXN" };

describe("the islands' translator says what i18next says", () => {
  it.each(locales)("every payments text and the common actions in %s, with values and plural counts", async (lang) => {
    const i18n = createInstance();
    await i18n.init({ lng: lang, fallbackLng: false, resources: { [lang]: resources[lang]! }, defaultNS: "payments", interpolation: { escapeValue: false } });
    const texts = resources[lang] as { payments: Record<string, unknown>; common: { actions: Record<string, unknown> } };
    const t = translator({ lang, resources: { payments: texts.payments, common: { actions: texts.common.actions } } }, "payments");
    const keys = [...new Set(keysOf(texts.payments))];
    expect(keys.length).toBeGreaterThan(40);
    for (const key of keys)
      for (const count of [undefined, 0, 1, 2, 5]) expect(t(key, { ...values, count }), `${lang} ${key} ${count}`).toBe(i18n.t(key, { ...values, count }));
    expect(t("common:actions.close")).toBe(i18n.t("common:actions.close"));
    expect(t("actions.close", { ns: "common" })).toBe(i18n.t("actions.close", { ns: "common" }));
  });

  it("answers an unknown key with the key, as i18next does", () => {
    expect(translator({ lang: "en", resources: {} }, "payments")("card.nope")).toBe("card.nope");
  });
});
