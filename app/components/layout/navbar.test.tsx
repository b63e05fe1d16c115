import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { PlainHtmlProvider } from "#app/components/ui/link";
import type { Locale } from "#app/modules/i18n/config";
import { testTranslations } from "../../../tests/fixtures/i18n";
import { Navbar, type NavUser } from "./navbar";

const translations = (lang: Locale) => testTranslations(lang, ["common", "notifications"]);

const user: NavUser = {
  id: "5f0c2d9e-1b7a-4c1e-9d3f-2a6b8c0e4f11",
  name: "Lucía Pérez",
  initials: "LP",
  isDm: false,
  isAdmin: false,
  emailVerified: true,
  unread: 0,
  chats: 0,
};

/** The navbar as a page without scripts renders it, at /{lang}/sessions. */
async function render(lang: Locale) {
  const element = (
    <I18nextProvider i18n={translations(lang)}>
      <PlainHtmlProvider value={true}>
        <Navbar lang={lang} user={user} />
      </PlainHtmlProvider>
    </I18nextProvider>
  );
  const handler = createStaticHandler([{ path: `/${lang}/sessions`, element }]);
  const context = await handler.query(new Request(`http://localhost/${lang}/sessions`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  return renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />);
}

/** The account menu's links, as [address, words]. */
function menuLinks(html: string) {
  const menu = [...html.matchAll(/<details[\s\S]*?<\/details>/g)].map(([d]) => d).find((d) => d.includes("/logout"))!;
  return [...menu.matchAll(/<a href="([^"]+)"[^>]*>([^<]*)<\/a>/g)].map(([, href, text]) => [href, text]);
}

describe("the account menu", () => {
  it("leads to one's own public profile, and to the settings under their own name, in es, en and pt", async () => {
    const words = { es: ["Mi perfil", "Ajustes"], en: ["My profile", "Settings"], pt: ["Meu perfil", "Configurações"] } as const;
    for (const [lang, [profile, settings]] of Object.entries(words) as [Locale, readonly [string, string]][]) {
      const links = menuLinks(await render(lang));
      expect(links[0], lang).toEqual([`/${lang}/profile/${user.id}`, profile]);
      expect(links[1], lang).toEqual([`/${lang}/settings/profile`, settings]);
      // 'Perfil' alone named the settings before; no link is called that now.
      expect(
        links.map(([, text]) => text),
        lang,
      ).not.toContain("Perfil");
    }
  });
});
