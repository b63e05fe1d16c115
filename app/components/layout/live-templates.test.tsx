import fs from "node:fs";
import postcss from "postcss";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import tailwind from "tailwindcss";
import { describe, expect, it } from "vitest";
import type { Locale } from "#app/modules/i18n/config";
import { testTranslations } from "../../../tests/fixtures/i18n";
import { LiveLayer } from "./live-layer";
import { LiveTemplates } from "./live-templates";

const read = (lang: string, ns: string) => JSON.parse(fs.readFileSync(`public/locales/${lang}/${ns}.json`, "utf8")) as Record<string, unknown>;

const translations = (lang: Locale) => testTranslations(lang, ["common", "notifications"]);

/** The dropdown item the live script clones for each notification, as the page ships it. */
function itemTemplate(lang: Locale) {
  const html = renderToStaticMarkup(
    <I18nextProvider i18n={translations(lang)}>
      <LiveTemplates lang={lang} />
    </I18nextProvider>,
  );
  return /<li data-tpl="item"[\s\S]*?<\/li>/.exec(html)![0];
}

describe("the bell dropdown's unread item", () => {
  it.each(["es", "en", "pt"] as const)("in %s says 'unread' in words before the title, for the eye and for screen readers", (lang) => {
    const word = read(lang, "notifications").unread as string;
    const item = itemTemplate(lang);
    // The label is a visible word (white on the brand colour, also in high-contrast modes), not a tint.
    const label = /<span data-unread-label="" class="([^"]+)">([^<]+)<span class="sr-only">: <\/span><\/span><span data-slot="title"><\/span>/.exec(item);
    expect(label, item).not.toBeNull();
    expect(label![2]).toBe(word);
    expect(item).not.toMatch(/data-unread-label=""[^>]*aria-hidden/);
    // It shows only inside an item that carries data-unread (the template's own state; the live
    // script drops the attribute for a read item and when one is marked read).
    expect(item).toMatch(/^<li data-tpl="item" data-unread="" class="group /);
    expect(label![1]!.split(" ")).toEqual(expect.arrayContaining(["hidden", "group-data-[unread]:inline"]));
  });

  it("is shown in an unread item and not in a read one: the stylesheet this markup builds says so", async () => {
    const { css } = await postcss([tailwind({ content: [{ raw: itemTemplate("es"), extension: "html" }], corePlugins: { preflight: false } })]).process(
      "@tailwind utilities;",
      { from: undefined },
    );
    const rules = css.replace(/\s+/g, " ");
    // Hidden by default (a read item), shown inside an item marked unread (a more specific rule).
    expect(rules).toMatch(/\.hidden \{ display: none;? \}/);
    expect(rules).toContain(".group[data-unread] .group-data-\\[unread\\]\\:inline { display: inline");
  });
});

describe("the live script's settings", () => {
  const config = (waitForUse?: boolean) => {
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={translations("es")}>
        <LiveLayer lang="es" userId="u1" chatId={null} templatesUrl="/api/live-templates/es/v1" nonce="n0nce" waitForUse={waitForUse} />
      </I18nextProvider>,
    );
    return JSON.parse(/<script type="application\/json" id="live-config"[^>]*>([^<]*)<\/script>/.exec(html)![1]!) as Record<string, unknown>;
  };

  it("tell the script to wait for the bell or a chat only when the page saves data", () => {
    expect(config(true).lazy).toBe(true);
    expect(config().lazy).toBeUndefined();
  });

  it("name where the templates are, and the page carries none of them", () => {
    expect(config().tpl).toBe("/api/live-templates/es/v1");
    const html = renderToStaticMarkup(
      <I18nextProvider i18n={translations("es")}>
        <LiveLayer lang="es" userId="u1" chatId={null} templatesUrl="/api/live-templates/es/v1" nonce="n0nce" />
      </I18nextProvider>,
    );
    expect(html).not.toContain("data-tpl");
  });
});
