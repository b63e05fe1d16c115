import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { BADGE_IDS } from "#app/modules/badges/catalogue";
import { type Locale, locales } from "#app/modules/i18n/config";
import { testTranslations } from "../../../tests/fixtures/i18n";
import { BadgePill } from "../badges/badge-pill";
import { BadgesCard } from "../badges/badges-card";
import { PlainHtmlProvider } from "../ui/link";
import { SessionCard } from "./session-card";

/** Renders inside a router at a profile page, as a page with scripts (`plain` false) or without. */
async function render(element: React.ReactNode, lang: Locale = "es", plain = false) {
  const routes = [
    {
      path: "/:lang/profile/:id",
      element: (
        <I18nextProvider i18n={testTranslations(lang, ["badges", "sessions"])}>
          <PlainHtmlProvider value={plain}>{element}</PlainHtmlProvider>
        </I18nextProvider>
      ),
    },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost/${lang}/profile/u1`));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const html = renderToStaticMarkup(<StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />);
  // The router's hydration data is not the component's output.
  return html.replace(/<script>window\.__staticRouterHydrationData[^<]*<\/script>$/, "");
}

const hrefFor = (category: string) => `/es/profile/u1?badges=${category}`;
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

describe("BadgePill", () => {
  it("shows the icon, the translated name and the description as a tooltip tied to a focusable pill", async () => {
    const html = await render(<BadgePill id="reliable_dm" />);
    expect(text(html)).toContain("Narrador confiable");
    expect(text(html)).toContain("Dirigió al menos el 90% de las sesiones que programó (3 o más).");
    expect(html).toContain("🛡️");
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)?.[1];
    expect(describedBy).toBeTruthy();
    expect(html).toContain(`role="tooltip" id="${describedBy}"`);
    expect(html).toContain('tabindex="0"');
    // Shown by CSS alone: hidden until hover or focus, no script involved.
    expect(html).toMatch(/class="invisible [^"]*group-focus-within:visible group-hover:visible"/);
  });

  it("renders nothing for an unknown id", async () => {
    const rendered = await render(
      <>
        <BadgePill id="grand_wizard" />
        <BadgePill id="__proto__" />
        <BadgePill id="" />
      </>,
    );
    expect(rendered).toBe("");
  });

  it("colours by category", async () => {
    expect(await render(<BadgePill id="reliable_dm" />)).toContain('data-category="dm"');
    expect(await render(<BadgePill id="reliable_dm" />)).toContain("bg-violet-100 text-violet-900");
    expect(await render(<BadgePill id="committed_player" />)).toContain("bg-sky-100 text-sky-900");
    expect(await render(<BadgePill id="horror_master" />)).toContain("bg-amber-100 text-amber-900");
  });

  it("has three sizes", async () => {
    expect(await render(<BadgePill id="rising_star" size="sm" />)).toContain("text-xs");
    expect(await render(<BadgePill id="rising_star" size="md" />)).toContain("text-sm");
    expect(await render(<BadgePill id="rising_star" size="lg" />)).toContain("text-base");
  });

  it.each(locales)("every badge has its name and description in %s (no raw keys)", async (lang) => {
    for (const id of BADGE_IDS) {
      const html = text(await render(<BadgePill id={id} />, lang));
      expect(html, id).not.toContain("names.");
      expect(html, id).not.toContain("descriptions.");
      expect(html.trim().length, id).toBeGreaterThan(10);
    }
  });

  it("gives each pill on a page its own tooltip id", async () => {
    const html = await render(
      <>
        <BadgePill id="horror_master" />
        <BadgePill id="fantasy_expert" />
      </>,
    );
    const ids = [...html.matchAll(/aria-describedby="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(2);
  });
});

describe("BadgesCard", () => {
  const earned = ["reliable_dm", "committed_player", "horror_master", "not_a_badge"];

  it("a DM's card has the dm and both tabs as links, the chosen one marked, and its badges", async () => {
    const html = await render(<BadgesCard ids={earned} role="dm" selected={null} hrefFor={hrefFor} />);
    expect(html).toContain('href="/es/profile/u1?badges=dm"');
    expect(html).toContain('href="/es/profile/u1?badges=both"');
    expect(html).not.toContain("badges=player");
    expect(html).toMatch(/aria-current="page"[^>]*>Como narrador</);
    expect(html).toContain('data-badge="reliable_dm"');
    expect(html).not.toContain('data-badge="committed_player"');
    expect(html).not.toContain('data-badge="horror_master"');
    expect(html).not.toContain("not_a_badge");
  });

  it("the both tab shows the badges of both roles", async () => {
    const html = await render(<BadgesCard ids={earned} role="player" selected="both" hrefFor={hrefFor} />);
    expect(html).toContain('data-badge="horror_master"');
    expect(html).not.toContain('data-badge="committed_player"');
    expect(html).toMatch(/aria-current="page"[^>]*>Todos los roles</);
  });

  it("a category the role does not show falls back to the role's own", async () => {
    const html = await render(<BadgesCard ids={earned} role="player" selected="dm" hrefFor={hrefFor} />);
    expect(html).toContain('data-badge="committed_player"');
    expect(html).not.toContain('data-badge="reliable_dm"');
  });

  it.each([
    ["es", "No hay insignias disponibles para la categoría seleccionada"],
    ["en", "No badges available for the selected category"],
    ["pt", "Nenhuma insígnia disponível para a categoria selecionada"],
  ] as const)("shows the empty state in %s", async (lang, message) => {
    const html = await render(<BadgesCard ids={["reliable_dm"]} role="dm" selected="both" hrefFor={hrefFor} />, lang);
    expect(html).toContain(message);
    expect(html).not.toContain("data-badge=");
  });

  it("writes the same tabs, plain anchors, on a page without scripts", async () => {
    const html = await render(<BadgesCard ids={earned} role="dm" selected="both" hrefFor={hrefFor} />, "es", true);
    expect(html).toMatch(/<a href="\/es\/profile\/u1\?badges=dm" class="[^"]*">Como narrador<\/a>/);
    expect(html).toMatch(/<a href="\/es\/profile\/u1\?badges=both" aria-current="page" class="[^"]*">Todos los roles<\/a>/);
    expect(html).not.toContain("data-discover");
  });
});

describe("a session card's host badges", () => {
  it("shows the host's two of highest priority, never a player's badge, and nothing for unknown ids", async () => {
    const card = {
      id: "s1",
      href: "/es/session/s1",
      title: "Mesa",
      game: "D&D 5e",
      imageUrl: null,
      imageSrcSet: null,
      when: "1 dic",
      price: null,
      seats: "1 de 5",
      status: { kind: "needsPlayers", count: 2 },
      host: "Ana",
      hostRating: null,
      hostBadges: ["horror_master", "committed_player", "no_such_badge", "experienced_dm", "verified_host", "reliable_dm"],
      badges: [],
      tags: [],
      recurrence: null,
      subscribers: null,
    } as const;
    const html = await render(<SessionCard card={{ ...card, hostBadges: [...card.hostBadges], badges: [], tags: [] }} />);
    expect([...html.matchAll(/data-badge="([a-z_]+)"/g)].map((m) => m[1])).toEqual(["verified_host", "reliable_dm"]);
  });
});
