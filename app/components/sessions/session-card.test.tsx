import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import type { SaveData } from "#app/modules/save-data/rules";
import { SaveDataProvider } from "#app/utils/save-data";
import { testTranslations } from "../../../tests/fixtures/i18n";
import { type CardData, SessionCard } from "./session-card";

/** Renders a card on a page with scripts, saving data or not. */
async function render(card: CardData, saveData: SaveData) {
  const routes = [
    {
      path: "/es/sessions",
      element: (
        <I18nextProvider i18n={testTranslations("es", ["badges", "sessions"])}>
          <SaveDataProvider value={saveData}>
            <ul>
              <SessionCard card={card} />
            </ul>
          </SaveDataProvider>
        </I18nextProvider>
      ),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/es/sessions"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  return renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />);
}

const copies = "/uploads/u/series/1800000000000-cripta";
const card: CardData = {
  id: "s1",
  href: "/es/session/s1",
  title: "La cripta",
  game: "Ánima: Beyond Fantasy",
  imageUrl: `${copies}.w400.webp`,
  imageSrcSet: `${copies}.w400.webp 400w, ${copies}.w800.webp 800w`,
  when: "1 dic",
  price: null,
  seats: "1 de 5",
  status: { kind: "needsPlayers", count: 2 },
  host: "Ana",
  hostRating: null,
  hostBadges: [],
  badges: [],
  tags: [],
  recurrence: null,
  subscribers: null,
};

describe("a session card's picture", () => {
  it("offers both copies for a phone at 2x, lazily, with its box reserved", async () => {
    const html = await render(card, { on: false, reasons: [] });
    const img = /<img [^>]+>/.exec(html)![0];
    expect(img).toContain(`srcSet="${copies}.w400.webp 400w, ${copies}.w800.webp 800w"`);
    expect(img).toContain('sizes="(min-width: 1024px) 320px, (min-width: 640px) calc(50vw - 2rem), calc(100vw - 2rem)"');
    expect(img).toMatch(/width="400" height="225"/);
    expect(img).toContain('loading="lazy"');
    expect(img).toContain('fetchpriority="low"');
  });

  it("saving data, shows the game's initial in the same box and fetches nothing ahead", async () => {
    const html = await render(card, { on: true, reasons: ["browser"] });
    expect(html).not.toContain("<img");
    expect(html).toMatch(/<div aria-hidden="true" data-placeholder="" class="[^"]*aspect-video[^"]*"><span [^>]*>Á<\/span><\/div>/);
    // The router's link does not look its route up ahead of a click.
    expect(html).toContain('href="/es/session/s1"');
    expect(html).not.toContain("data-discover");
  });
});
