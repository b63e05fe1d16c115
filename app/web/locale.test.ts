import { describe, expect, it } from "vitest";
import { pageLocale } from "./locale";
import { localeOf } from "./locale.server";

describe("the page's language", () => {
  it("is read from the URL's $lang segment", () => {
    expect(localeOf({ lang: "pt" })).toBe("pt");
    const params = { lang: "en", id: "x" };
    expect(localeOf(params)).toBe("en");
  });

  it("is the 404 page when the segment names no language, as the $lang layout answers", () => {
    for (const params of [{ lang: "fr" }, { lang: "ES" }, {}]) {
      let thrown: unknown;
      try {
        localeOf(params);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(404);
    }
  });

  it("falls back to the default language only for a value nobody set", () => {
    expect(pageLocale("en")).toBe("en");
    expect(pageLocale(undefined)).toBe("es");
    expect(pageLocale("fr")).toBe("es");
  });
});
