import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "#app/modules/i18n/config";
import { testTranslations } from "../../../tests/fixtures/i18n";
import { RatingLink } from "./rating-link";

async function render(lang: Locale, rating: { average: number | null; count: number }) {
  const element = (
    <I18nextProvider i18n={testTranslations(lang, ["reviews"])}>
      <RatingLink userId="u1" rating={rating} />
    </I18nextProvider>
  );
  const handler = createStaticHandler([{ path: "/:lang/session/:id", element }]);
  const context = await handler.query(new Request(`http://localhost/${lang}/session/s1`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const html = renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />);
  return html.replace(/<script>window\.__staticRouterHydrationData[^<]*<\/script>$/, "").replace(/<[^>]+>/g, "");
}

describe("the host rating link", () => {
  it("writes the average with one decimal in the reader's locale, with the count", async () => {
    expect(await render("es", { average: 4.7, count: 3 })).toBe("★4,7 · 3 reseñas");
    expect(await render("en", { average: 4.7, count: 1 })).toBe("★4.7 · 1 review");
    expect(await render("pt", { average: 4, count: 2 })).toContain("4,0 · 2");
    expect(await render("es", { average: null, count: 0 })).toBe("Sin reseñas todavía");
  });
});
