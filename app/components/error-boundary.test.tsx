import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import type { Locale } from "#app/modules/i18n/config";
import { outageBody } from "#app/web/outage";
import { testTranslations } from "../../tests/fixtures/i18n";
import { GeneralErrorBoundary } from "./error-boundary";

const translations = (lang: Locale) => testTranslations(lang, ["common", "errors"]);

/** The boundary as a route shows it when its loader (GET) or action (POST) threw `thrown`. */
async function render(lang: Locale, thrown: () => unknown, method: "GET" | "POST" = "GET") {
  const fail = () => {
    throw thrown();
  };
  const handler = createStaticHandler([{ path: "/:lang/*", loader: fail, action: fail, element: null, errorElement: <GeneralErrorBoundary /> }]);
  const init: RequestInit = method === "POST" ? { method, body: new URLSearchParams({ title: "Mesa" }) } : {};
  const context = await handler.query(new Request(`http://localhost/${lang}/sessions?page=2`, init));
  if (context instanceof Response) throw new Error("unexpected redirect");
  return renderToStaticMarkup(
    <I18nextProvider i18n={translations(lang)}>
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} hydrate={false} />
    </I18nextProvider>,
  );
}

const outage = (submitted: boolean) => () => Response.json(outageBody(5, submitted), { status: 503 });

describe("the error boundary when the database is away", () => {
  const words = {
    es: ["Volvemos en un momento", "Intentar de nuevo", "Si enviaste un formulario"],
    en: ["Back in a moment", "Try again", "If you sent a form"],
    pt: ["Voltamos em um instante", "Tentar de novo", "Se você enviou um formulário"],
  } as const;

  it.each(["es", "en", "pt"] as const)("shows 'back in a moment' in %s with a link that loads the page again, not the generic error", async (lang) => {
    const [title, retry, form] = words[lang];
    const html = await render(lang, outage(false));
    expect(html).toContain(`<h1 class="text-2xl font-bold">${title}</h1>`);
    expect(html).toMatch(new RegExp(`<a href="/${lang}/sessions\\?page=2"[^>]*>${retry}</a>`));
    expect(html).not.toContain(form);
    expect(html).not.toMatch(/errors:|unavailable\./);
  });

  it.each(["es", "en", "pt"] as const)("says in %s that a form sent during the outage may not have been saved", async (lang) => {
    const [title, , form] = words[lang];
    const html = await render(lang, outage(true), "POST");
    expect(html).toContain(title);
    expect(html).toContain(form);
  });

  it("keeps the generic error for any other 503 or failure", async () => {
    for (const thrown of [() => Response.json({ other: true }, { status: 503 }), () => new Response("Oops", { status: 500 })]) {
      const html = await render("en", thrown);
      expect(html).toContain("Something went wrong");
      expect(html).not.toContain("Back in a moment");
    }
  });
});
