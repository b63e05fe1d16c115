import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { dmRecord, playerRecord } from "#app/modules/attendance/rules";
import { locales } from "#app/modules/i18n/config";
import { testTranslations } from "../../../tests/fixtures/i18n";
import { Reliability } from "./reliability";

const render = (lang: (typeof locales)[number], element: React.ReactNode) =>
  renderToStaticMarkup(<I18nextProvider i18n={testTranslations(lang, ["attendance"])}>{element}</I18nextProvider>);

describe("Reliability", () => {
  it("shows a player's counts and percentage, translated in every locale, with no raw keys", () => {
    for (const lang of locales) {
      const html = render(lang, <Reliability player={playerRecord(7, 2, 1)} />);
      expect(html).toContain(">7<");
      expect(html).toContain(">2<");
      expect(html).toContain(">1<");
      expect(html).toContain("70%");
      expect(html).not.toMatch(/reliability\./);
    }
    expect(render("en", <Reliability player={playerRecord(7, 2, 1)} />)).toContain("No-shows");
    expect(render("es", <Reliability player={playerRecord(7, 2, 1)} />)).toContain("Ausencias");
  });

  it("shows a host's sessions run and cancelled; no percentage without sessions; nothing without a record", () => {
    const html = render("en", <Reliability dm={dmRecord(9, 1)} />);
    expect(html).toContain("Sessions run");
    expect(html).toContain("90%");
    expect(render("pt", <Reliability dm={dmRecord(0, 0)} />)).toContain("Ainda sem sessões");
    expect(render("en", <Reliability />)).toBe("");
  });
});
