import { describe, expect, it } from "vitest";
import { chooseLocale, isLocale, localePath, parseAcceptLanguage, switchLocalePath, withoutLocale } from "./rules";

describe("chooseLocale", () => {
  it("prefers a valid cookie over the header", () => {
    expect(chooseLocale({ cookie: "pt", acceptLanguage: "en-US,en;q=0.9" })).toBe("pt");
  });
  it("ignores an unknown cookie and reads Accept-Language by quality", () => {
    expect(chooseLocale({ cookie: "fr", acceptLanguage: "fr-FR;q=1, pt-BR;q=0.8, en;q=0.9" })).toBe("en");
  });
  it("matches regional variants to their base language", () => {
    expect(chooseLocale({ acceptLanguage: "pt-BR" })).toBe("pt");
  });
  it("falls back to Spanish", () => {
    expect(chooseLocale({})).toBe("es");
    expect(chooseLocale({ acceptLanguage: "de, *;q=0.5" })).toBe("es");
    expect(chooseLocale({ acceptLanguage: "en;q=0" })).toBe("es");
  });
});

describe("parseAcceptLanguage", () => {
  it("keeps header order for equal quality and drops garbage", () => {
    expect(parseAcceptLanguage("es-MX, en;q=abc, pt;q=0.5")).toEqual(["es-mx", "pt"]);
  });
});

describe("locale paths", () => {
  it("validates locales", () => {
    expect(isLocale("es")).toBe(true);
    expect(isLocale("ES")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });
  it("builds links", () => {
    expect(localePath("en", "/")).toBe("/en");
    expect(localePath("pt", "settings/profile")).toBe("/pt/settings/profile");
  });
  it("switches the language and keeps path and query", () => {
    expect(switchLocalePath("/es/settings/profile", "?tab=a&b=1", "en")).toBe("/en/settings/profile?tab=a&b=1");
    expect(switchLocalePath("/es", "", "pt")).toBe("/pt");
    expect(switchLocalePath("/login", "", "pt")).toBe("/pt/login");
  });
  it("strips the locale", () => {
    expect(withoutLocale("/en/settings")).toBe("/settings");
    expect(withoutLocale("/en")).toBe("/");
  });
});
