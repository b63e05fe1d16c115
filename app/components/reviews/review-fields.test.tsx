import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { testTranslations } from "../../../tests/fixtures/i18n";
import { ReviewActions } from "./review-actions";
import { CommentField, StarsField } from "./review-fields";

async function render(element: React.ReactNode) {
  const routes = [
    { path: "/:lang/session/:id", element: <I18nextProvider i18n={testTranslations("es", ["reviews", "validation"])}>{element}</I18nextProvider> },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request("http://localhost/es/session/s1"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const html = renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />);
  return html.replace(/<script>window\.__staticRouterHydrationData[^<]*<\/script>$/, "");
}

const radios = (html: string) =>
  [...html.matchAll(/<input type="radio" name="rating"[^>]*>/g)].map(([input]) => [/value="(\d)"/.exec(input)?.[1], input.includes('checked=""')]);

describe("the review's fields", () => {
  it("the session page's dialog posts five star radios (5 unless changed) and the comment to the review page, a real form", async () => {
    const html = await render(
      <ReviewActions actions={[{ name: "Ana", href: "/es/session/s1/review?target=h1", state: "open", role: "DM", targetId: "h1" }]} verifyEmailHref={null} />,
    );
    expect(html).toContain('<form method="post" action="/es/session/s1/review?target=h1"');
    expect(radios(html)).toEqual([
      ["1", false],
      ["2", false],
      ["3", false],
      ["4", false],
      ["5", true],
    ]);
    expect(html).toContain('<span class="sr-only">4 estrellas</span>');
    expect(html).toContain('<span class="sr-only">1 estrella</span>');
    expect(html).toMatch(/<label for="review-h1-comment"[^>]*>Comentario \(opcional\)<\/label>/);
    expect(html).toMatch(/<textarea id="review-h1-comment" name="comment" maxLength="1000" rows="4" aria-describedby="review-h1-limit"/);
    expect(html).toContain('<p id="review-h1-limit" class="text-xs text-stone-600"');
  });

  it("the page's stars keep a saved rating and show its errors; the comment keeps what was typed, tied to its counter and errors", async () => {
    const html = await render(
      <>
        <StarsField name="rating" checked="3" disabled errorId="rating-error" errors={["ratingInvalid"]} />
        <CommentField textarea={{ id: "c", name: "comment", defaultValue: "Gran narradora" }} counterId="review-counter" rows={5} errorId="c-error" />
      </>,
    );
    expect(html).toContain('<fieldset aria-describedby="rating-error" disabled="">');
    expect(radios(html).filter(([, checked]) => checked)).toEqual([["3", true]]);
    expect(html).toMatch(/<ul id="rating-error"[^>]*><li>[^<]+<\/li><\/ul>/);
    expect(html).toMatch(/<textarea id="c" name="comment" maxLength="1000" rows="5" aria-describedby="c-error review-counter"[^>]*>Gran narradora<\/textarea>/);
    expect(html).toContain('data-counter="0 de 1000 caracteres"');
  });
});
