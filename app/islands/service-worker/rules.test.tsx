import fs from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { KeptNote } from "#app/components/offline/kept-note";
import { testTranslations } from "../../../tests/fixtures/i18n";
import { offlinePageHtml, type OfflineWords } from "./offline-page";
import { buildFilesOf, handlingOf, KIT_REFRESH_MS, kitDue, langOf, mustWipe, revealKeptNote, stalePaths } from "./rules";

const origin = "https://mesa.example";
const get = (path: string, mode = "navigate") => ({ method: "GET", mode, url: `${origin}${path}` });

describe("what the worker answers", () => {
  it("pages by navigation, build files, and form posts by navigation", () => {
    expect(handlingOf(get("/es/tickets"), origin)).toBe("page");
    expect(handlingOf(get("/"), origin)).toBe("page");
    expect(handlingOf(get("/build/_assets/tailwind-ABC.css", "no-cors"), origin)).toBe("file");
    expect(handlingOf({ method: "POST", mode: "navigate", url: `${origin}/es/session/1/confirm` }, origin)).toBe("post");
  });

  it("never the API, event streams, other writes, other sites or other subresources", () => {
    expect(handlingOf(get("/api/offline/kit", "cors"), origin)).toBeNull();
    expect(handlingOf(get("/api/notifications/stream", "cors"), origin)).toBeNull();
    // Even a navigation to the API (a PDF voucher opened in a tab) goes straight to the network.
    expect(handlingOf(get("/api/payments/offline/pi_1/voucher"), origin)).toBeNull();
    expect(handlingOf({ method: "POST", mode: "cors", url: `${origin}/es/session/1/confirm` }, origin)).toBeNull();
    expect(handlingOf({ method: "DELETE", mode: "cors", url: `${origin}/es/x` }, origin)).toBeNull();
    expect(handlingOf({ method: "POST", mode: "navigate", url: "https://checkout.stripe.com/pay" }, origin)).toBeNull();
    expect(handlingOf(get("/uploads/a.webp", "no-cors"), origin)).toBeNull();
    expect(handlingOf(get("/es/sessions.data", "cors"), origin)).toBeNull();
  });
});

describe("the offline page's language", () => {
  it("is the address's, else the browser's, else Spanish", () => {
    expect(langOf("/pt/session/1")).toBe("pt");
    expect(langOf("/en")).toBe("en");
    expect(langOf("/", ["en-GB", "es"])).toBe("en");
    expect(langOf("/", ["fr-FR", "pt-BR"])).toBe("pt");
    expect(langOf("/", ["de"])).toBe("es");
    expect(langOf("/fr/x")).toBe("es");
  });
});

describe("wiping what was kept", () => {
  it("when a fresh answer was made for nobody or for someone else", () => {
    expect(mustWipe("tag-ana", "none")).toBe(true);
    expect(mustWipe("tag-ana", "tag-bea")).toBe(true);
  });

  it("not for the same viewer, an answer that names nobody (a file, an outage page), or when nothing is kept", () => {
    expect(mustWipe("tag-ana", "tag-ana")).toBe(false);
    expect(mustWipe("tag-ana", null)).toBe(false);
    expect(mustWipe(null, "tag-bea")).toBe(false);
    expect(mustWipe(null, "none")).toBe(false);
  });
});

describe("when the kit is fetched again", () => {
  const now = 1_800_000_000_000;
  const kept = { checkedAt: now - 1000, lang: "es", paths: ["/es/tickets", "/es/booking/b1/voucher", "/es/session/s1"] };
  const seen = (over: Partial<Parameters<typeof kitDue>[1]> = {}) => ({ now, lang: "es", pathname: "/es/sessions", afterPost: false, ...over });

  it("at once when nothing is kept, or in another language", () => {
    expect(kitDue(null, seen())).toBe(true);
    expect(kitDue(kept, seen({ lang: "en", pathname: "/en/sessions" }))).toBe(true);
  });

  it("at once after a form post, or on a voucher or tickets page the kit does not name yet", () => {
    expect(kitDue(kept, seen({ afterPost: true }))).toBe(true);
    expect(kitDue(kept, seen({ pathname: "/es/booking/b2/voucher" }))).toBe(true);
    expect(kitDue(kept, seen({ pathname: "/es/tip/t1" }))).toBe(true);
    expect(kitDue(kept, seen({ pathname: "/es/booking/b1/voucher" }))).toBe(false);
    expect(kitDue(kept, seen({ pathname: "/es/session/s2" }))).toBe(false);
  });

  it("else not more than once a minute", () => {
    expect(kitDue(kept, seen())).toBe(false);
    expect(kitDue({ ...kept, checkedAt: now - KIT_REFRESH_MS }, seen())).toBe(true);
  });
});

describe("a kept copy", () => {
  const note = (lang: "es" | "en" | "pt", payment: boolean) =>
    renderToStaticMarkup(
      <I18nextProvider i18n={testTranslations(lang, ["offline"])}>
        <main>
          <KeptNote savedAt="10:32 (hora del centro de México)" payment={payment} />
          <p hidden>other</p>
        </main>
      </I18nextProvider>,
    );

  it("reveals its 'saved at' note, and the payment's 'as of', and nothing else that is hidden", () => {
    const served = note("es", true);
    expect(served).toContain('data-kept-copy="" hidden=""');
    const kept = revealKeptNote(served);
    expect(kept).not.toContain('data-kept-copy="" hidden=""');
    expect(kept).toMatch(/<div data-kept-copy="" class="[^"]+"><p class="font-semibold">[^<]*10:32 \(hora del centro de México\)/);
    expect(kept).toContain("revisa tu reserva cuando tengas conexión");
    expect(kept).toContain('<p hidden="">other</p>');
  });

  it.each(["es", "en", "pt"] as const)("in %s says when it was saved, and only speaks of payment where a payment is shown", (lang) => {
    const words = JSON.parse(fs.readFileSync(`public/locales/${lang}/offline.json`, "utf8")) as { kept: { paymentAsOf: string } };
    const asOf = words.kept.paymentAsOf.split("{{time}}")[0]!;
    expect(revealKeptNote(note(lang, true))).toContain(asOf);
    expect(revealKeptNote(note(lang, false))).not.toContain(asOf);
  });

  it("keeps the stylesheets and scripts its page loads from the build, wherever they are", () => {
    const html =
      '<head><link rel="stylesheet" href="/build/_assets/tailwind-AB12.css"/><link rel="icon" href="/favicon.svg"/><link rel="modulepreload" href="/build/m.js"/></head>' +
      '<body><link rel="stylesheet" href="/build/_assets/tailwind-AB12.css"><link href="/build/x.css" rel="stylesheet">' +
      '<script src="/build/islands/live-Q1.js" defer></script><script nonce="n">inline()</script></body>';
    expect(buildFilesOf(html)).toEqual(["/build/_assets/tailwind-AB12.css", "/build/x.css", "/build/islands/live-Q1.js"]);
  });

  it("is dropped once the kit no longer names it (a voucher paid, a game over)", () => {
    expect(stalePaths(["/es/tickets", "/es/booking/b1/voucher", "/es/session/s1"], ["/es/tickets", "/es/session/s1"])).toEqual(["/es/booking/b1/voucher"]);
  });
});

describe("the offline page", () => {
  const words = JSON.parse(fs.readFileSync("public/locales/en/offline.json", "utf8")).page as OfflineWords;

  it("speaks the address's language, offers another try at the same address, and the kept tickets when there are some", () => {
    const html = offlinePageHtml("en", words, { retry: "/en/sessions?q=<x>", tickets: "/en/tickets" });
    expect(html).toContain('<html lang="en" data-static="true">');
    expect(html).toContain(`<h1>${words.title}</h1>`);
    expect(html).toContain('href="/en/sessions?q=&#60;x&#62;"');
    expect(html).toContain('href="/en/tickets"');
    expect(offlinePageHtml("en", words, { retry: "/en", tickets: null })).not.toContain("/tickets");
  });
});
