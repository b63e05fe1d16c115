import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import type { Locale } from "#app/modules/i18n/config";
import { testTranslations } from "../../../tests/fixtures/i18n";
import { Faq, HostCard, SecurityNote } from "./confirm-parts";
import { OxxoNotEligible } from "./payment-choices";

// The parts both confirmation screens (a session's and a series') share, in every language.
const render = (lang: Locale, node: React.ReactNode) =>
  renderToStaticMarkup(<I18nextProvider i18n={testTranslations(lang, ["sessions", "payments", "common"])}>{node}</I18nextProvider>);
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("the confirmation screens' shared parts", () => {
  for (const lang of ["es", "en", "pt"] as const) {
    it(`${lang}: OXXO too close is a disabled button whose reason names OXXO and the hours`, () => {
      const html = render(lang, <OxxoNotEligible label="Pay at OXXO" hours={120} />);
      expect(html).toMatch(/<button[^>]*disabled=""[^>]*aria-describedby="oxxo-not-eligible"/);
      const note = text(html.slice(html.indexOf('id="oxxo-not-eligible"')));
      expect(note).toContain("OXXO");
      expect(note).toContain("120");
    });

    it(`${lang}: the host card, the FAQ as native <details> (one open, no script) and the security note`, () => {
      const html = render(
        lang,
        <>
          <HostCard host={{ name: "Marta", initials: "M", avatarUrl: null, description: "Terror", bio: "Dirijo desde 2009." }} />
          <Faq />
          <SecurityNote promise="booking.securityPaid" />
        </>,
      );
      expect(text(html)).toContain("Marta");
      expect(text(html)).toContain("Terror");
      expect(text(html)).toContain("Dirijo desde 2009.");
      expect(html.match(/<details name="booking-faq"/g)).toHaveLength(3);
      expect(html.match(/<details name="booking-faq" open=""/g)).toHaveLength(1);
      expect(html).not.toContain("booking.");
      expect(html).toContain("🔒");
    });
  }
});
