import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { loader } from "../../app/routes/api.live-templates.$lang.$version";
import { liveTemplates, liveTemplatesUrl } from "../../app/web/live-templates.server";

const call = (lang: string, version: string) =>
  loader({ params: { lang, version }, request: new Request(`http://localhost/api/live-templates/${lang}/${version}`), context: {} });
const words = (lang: string) => JSON.parse(fs.readFileSync(`public/locales/${lang}/notifications.json`, "utf8")) as Record<string, string>;

describe("the live layer's templates", () => {
  it.each(["es", "en", "pt"] as const)("come translated in %s, every piece the live script clones, at an address named by their content", async (lang) => {
    const url = liveTemplatesUrl(lang);
    const version = url.split("/").pop()!;
    const response = call(lang, version);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const html = await response.text();
    for (const piece of ["toasts", "toast", "panel", "item", "icon-SYSTEM"]) expect(html).toContain(`data-tpl="${piece}"`);
    expect(html).toContain(words(lang).markAllRead);
    expect(html).toContain(`href="/${lang}/notifications"`);
  });

  it("differ by language, so each language has its own address", () => {
    expect(new Set(["es", "en", "pt"].map((lang) => liveTemplates(lang as "es").version)).size).toBe(3);
  });

  it("answer an old address with today's markup, cached only briefly", () => {
    const response = call("es", "an-old-build");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=300");
  });

  it("are not found in a language we do not speak", () => {
    let thrown: unknown;
    try {
      call("fr", "x");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(404);
  });
});
