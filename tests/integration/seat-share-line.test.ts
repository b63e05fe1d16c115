import { DateTime } from "luxon";
import { type ComponentType, createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { PlainHtmlProvider } from "../../app/components/ui/link";
import type { Locale } from "../../app/modules/i18n/config";
import { platformFeeBps } from "../../app/modules/payouts/fee-setting.server";
import { action as createAction, default as CreateSessionPage, loader as createLoader } from "../../app/routes/$lang.create";
import { action as newSeriesAction, default as NewSeriesPage, loader as newSeriesLoader } from "../../app/routes/$lang.series.new";
import { default as EditSessionPage, loader as editLoader } from "../../app/routes/$lang.session.$id.edit";
import { testTranslations } from "../fixtures/i18n";
import { sessionCount, sessionFormFields } from "../fixtures/sessions";
import { signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { form, run } from "./route";

useTestDatabase();

// The host forms without JavaScript: after a submit the page is the server's markup of the form with
// what was sent, and under the price it says what the DM receives per seat after the platform's fee
// (PLATFORM_FEE_BPS, 1000 = 10 % in tests), also when another field refused the form.
const base = "http://localhost:3000";
const zone = "America/Mexico_City";
const tomorrow = DateTime.now().setZone(zone).plus({ days: 2 }).toISODate()!;
const seriesFields = {
  title: "Campaña del Abismo",
  game: "D&D 5e",
  frequency: "WEEKLY",
  dayOfWeek: "1",
  timeOfDay: "10:00",
  startDate: tomorrow,
  duration: "180",
  maxParticipants: "5",
  minParticipants: "3",
  autoGenerateAhead: "3",
  bookingLockHours: "24",
  preSessionCheckHours: "24",
};

type Route = Parameters<typeof run>[0];
type Page = { path: string; loader: Route; action?: Route; Component: ComponentType; params?: Record<string, string> };

let dm = "";
beforeAll(async () => {
  dm = (await signedInUser({ role: "dm" })).cookie;
  // The words below are worded for the default fee.
  expect(platformFeeBps()).toBe(1000);
});

/**
 * The page as a browser without scripts gets it: the real loader (and, for a POST, the real action
 * first), then the page's markup from their data. Returns the statuses and the HTML.
 */
async function page(lang: Locale, route: Page, fields?: Record<string, string>) {
  const url = `${base}/${lang}${route.path}`;
  const params = { lang, ...route.params };
  const acted = fields && route.action ? await run(route.action, form(url, fields, { Cookie: dm }), params) : null;
  const loaded = await run(route.loader, new Request(url, { headers: { Cookie: dm } }), params);
  expect(loaded.status).toBe(200);
  const element = createElement(
    I18nextProvider,
    { i18n: testTranslations(lang, ["sessions", "common", "validation", "safety"]) },
    createElement(PlainHtmlProvider, { value: true }, createElement(route.Component)),
  );
  const handler = createStaticHandler([
    { id: "page", path: `/${lang}${route.path}`, loader: () => loaded.data as object, action: () => (acted?.data ?? null) as object, element },
  ]);
  const routed = await handler.query(acted ? form(url, fields ?? {}) : new Request(url));
  if (routed instanceof Response) throw new Error("unexpected redirect");
  const html = renderToStaticMarkup(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, routed), context: routed }));
  return { status: acted?.status ?? loaded.status, html };
}

/** The "you receive" line under the price, as text (entities decoded, Intl's no-break spaces made plain), or null when absent. */
const shareLine = (html: string) =>
  /<span data-testid="seat-share">([^<]*)<\/span>/.exec(html)?.[1]?.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replace(/\s/g, " ") ?? null;

const createPage: Page = { path: "/create", loader: createLoader, action: createAction, Component: CreateSessionPage };
const seriesPage: Page = { path: "/series/new", loader: newSeriesLoader, action: newSeriesAction, Component: NewSeriesPage };

describe("'you receive X per seat' on the host forms without JavaScript", () => {
  it("after a session form refused for another field, shows the line for the price that was sent, in the DM's language", async () => {
    const before = await sessionCount();
    const refused = { ...sessionFormFields("x".repeat(201), tomorrow), price: "250" };
    const es = await page("es", createPage, refused);
    expect(es.status).toBe(400);
    expect(shareLine(es.html)).toBe("Recibes $225.00 MXN por lugar (comisión de Mesa 10%)");
    // The line sits under the price field and describes it.
    expect(es.html).toMatch(/<input[^>]*name="price"[^>]*aria-describedby="[^"]*-hint"/);

    const en = await page("en", createPage, { ...refused, price: "125.50", currency: "USD" });
    expect(shareLine(en.html)).toBe("You receive $112.95 USD per seat (Mesa's fee 10%)");
    const pt = await page("pt", createPage, { ...refused, currency: "BRL" });
    expect(shareLine(pt.html)).toBe("Você recebe R$ 225,00 BRL por vaga (taxa da Mesa 10%)");
    expect(await sessionCount()).toBe(before);
  });

  it("rounds the fee half up: 0.05 at 10 % leaves the DM 0.04", async () => {
    const sent = await page("en", createPage, { ...sessionFormFields("x".repeat(201), tomorrow), price: "0.05" });
    expect(shareLine(sent.html)).toBe("You receive $0.04 MXN per seat (Mesa's fee 10%)");
  });

  it("shows nothing for a free game, a price of 0, or a price the form refuses", async () => {
    const refused = sessionFormFields("x".repeat(201), tomorrow);
    expect(shareLine((await page("es", createPage, { ...refused, price: "250", isFree: "on" })).html)).toBeNull();
    expect(shareLine((await page("es", createPage, { ...refused, price: "0" })).html)).toBeNull();
    expect(shareLine((await page("es", createPage, { ...refused, price: "1000001" })).html)).toBeNull();
    // A new form has no price yet.
    expect(shareLine((await page("es", createPage)).html)).toBeNull();
  });

  it("after a series form refused for another field, shows the line too", async () => {
    const sent = await page("es", seriesPage, { ...seriesFields, minParticipants: "6", price: "150" });
    expect(sent.status).toBe(400);
    expect(shareLine(sent.html)).toBe("Recibes $135.00 MXN por lugar (comisión de Mesa 10%)");
  });

  it("on the edit page, shows the line for the saved price before any submit", async () => {
    const created = await run(createAction, form(`${base}/es/create`, sessionFormFields("Mesa de pago", tomorrow, { price: "300" }), { Cookie: dm }), {
      lang: "es",
    });
    expect(created.status).toBe(302);
    const id = created.headers.get("Location")!.split("/").pop()!;
    const edit = await page("es", { path: `/session/${id}/edit`, loader: editLoader, Component: EditSessionPage, params: { id } });
    expect(shareLine(edit.html)).toBe("Recibes $270.00 MXN por lugar (comisión de Mesa 10%)");
  });
});
