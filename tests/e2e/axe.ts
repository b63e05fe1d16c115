import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "@playwright/test";
import { expect } from "./fixtures";

const tags = ["wcag2a", "wcag2aa", "wcag22aa"];

/**
 * axe's findings on the page as it is now (an open dialog or sheet included), one line each. axe
 * runs inside the page, which a page without JavaScript cannot do, so there the server's HTML as
 * such a browser shows it (<noscript> content visible, no scripts) is analysed in a scripting copy
 * at the same address and of the same size.
 */
export async function axeViolations(page: Page, browser: Browser, javaScriptEnabled: boolean): Promise<string[]> {
  let results;
  if (javaScriptEnabled) {
    results = await new AxeBuilder({ page }).withTags(tags).analyze();
  } else {
    const html = (await page.content())
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
      .replace(/<noscript>/gi, '<div data-noscript="">')
      .replace(/<\/noscript>/gi, "</div>");
    const context = await browser.newContext({ javaScriptEnabled: true, viewport: page.viewportSize() });
    try {
      const copy = await context.newPage();
      const address = page.url();
      await copy.route(
        (url) => url.href === address,
        (route) => route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
      );
      await copy.goto(address);
      results = await new AxeBuilder({ page: copy }).withTags(tags).analyze();
    } finally {
      await context.close();
    }
  }
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) at ${n.target.join(" ")}: ${n.failureSummary?.replace(/\s+/g, " ")}`));
}

/** axe finds nothing on the page as it is now (see axeViolations). */
export async function expectNoAxeViolations(page: Page, browser: Browser, javaScriptEnabled: boolean, label: string) {
  expect(await axeViolations(page, browser, javaScriptEnabled), `axe on ${label}`).toEqual([]);
}
