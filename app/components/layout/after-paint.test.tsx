import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { buildFilesOf } from "#app/islands/service-worker/rules";
import { AfterPaint } from "./after-paint";

describe("the page's after-paint script", () => {
  const html = (props: Partial<Parameters<typeof AfterPaint>[0]> = {}) =>
    renderToStaticMarkup(
      <AfterPaint nonce="n0nce" stylesheet="/build/_assets/t-1.css" manifest="/pt/manifest.webmanifest" liveScript="/build/islands/live-2.js" {...props} />,
    );

  it("is one nonced script that waits for the first paint and registers the worker", () => {
    const page = html();
    expect(page.match(/<script/g)).toHaveLength(1);
    expect(page).toContain('nonce="n0nce"');
    expect(page).toContain("first-contentful-paint");
    expect(page).toContain('register("/sw.js")');
    expect(page).toContain('data-manifest="/pt/manifest.webmanifest"');
    expect(page).toContain('"/favicon.svg"');
  });

  it("names the build files it adds where the service worker looks for a kept page's files", () => {
    expect(buildFilesOf(html())).toEqual(["/build/_assets/t-1.css", "/build/islands/live-2.js"]);
  });

  it("adds no stylesheet to a hydrating page and no live script for a visitor", () => {
    const page = html({ stylesheet: null, liveScript: null });
    expect(page).not.toContain("data-href");
    expect(page).not.toContain("data-src");
    expect(buildFilesOf(page)).toEqual([]);
  });
});
