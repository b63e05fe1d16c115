// Pages on a slow network that is really applied, not simulated: Chromium's own throttling (the
// DevTools presets "Regular 3G" and "Regular 2G") on every request of a cold load at a phone's size,
// timing what the player sees: the first contentful paint, the largest one, and on the voucher the
// moment its reference is on screen.
import { type Browser, chromium } from "@playwright/test";
import type { Network, ThrottledRun } from "./budgets";
import { cookiePairs } from "./visits";

/** DevTools' presets, in its own units (kbit/s of 1,024 bits, turned into bytes per second; latency added to each request). */
export const NETWORKS: Record<Network, { downKbps: number; upKbps: number; latencyMs: number }> = {
  "3g": { downKbps: 750, upKbps: 250, latencyMs: 100 },
  "2g": { downKbps: 250, upKbps: 50, latencyMs: 300 },
};
const bytesPerSecond = (kbps: number) => (kbps * 1024) / 8;

type Marks = { lcp: number | null; reference: number | null };
declare global {
  interface Window {
    __phoneMarks?: Marks;
  }
}

/**
 * Runs in the page before its own HTML: keeps the latest LCP candidate and, when a reference is
 * given, notes the first animation frame in which an element showing it has a size. A frame is
 * only run once the page may render (not while its stylesheet still blocks it), so that frame is
 * the one that paints the reference. A string, not a function: tsx would wrap a function's inner
 * arrows in a naming helper the page does not have.
 */
const watchPaints = (reference: string | null) => `(() => {
  const reference = ${JSON.stringify(reference)};
  const marks = { lcp: null, reference: null };
  window.__phoneMarks = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  if (reference === null) return;
  function shows(element) {
    return (element instanceof HTMLInputElement ? element.value : element.textContent || "").includes(reference);
  }
  function tick() {
    const element = [...document.querySelectorAll("input, dd, p, span, code, strong")].find(shows);
    if (element && element.getBoundingClientRect().height > 0) marks.reference = performance.now();
    else requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
})();`;

export async function openThrottledBrowser() {
  const browser: Browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update"],
  });
  return {
    /** One cold load of `url` (a new context: empty cache, no service worker) on `network`; `cookie` as the browser would send it. */
    load: async (url: string, network: Network, options: { cookie: string | null; reference: string | null }): Promise<ThrottledRun> => {
      const context = await browser.newContext({
        viewport: { width: 360, height: 640 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        locale: "es-MX",
      });
      try {
        if (options.cookie) {
          await context.addCookies(cookiePairs(options.cookie).map((c) => ({ ...c, url: new URL(url).origin })));
        }
        const page = await context.newPage();
        await page.addInitScript(watchPaints(options.reference));
        const cdp = await context.newCDPSession(page);
        const { downKbps, upKbps, latencyMs } = NETWORKS[network];
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: latencyMs,
          downloadThroughput: bytesPerSecond(downKbps),
          uploadThroughput: bytesPerSecond(upKbps),
        });
        const response = await page.goto(url, { waitUntil: "load", timeout: 120_000 });
        if (!response?.ok() || page.url() !== url) throw new Error(`${url} answered ${response?.status()} (${page.url()}) on ${network}`);
        if (options.reference !== null) await page.waitForFunction(() => window.__phoneMarks?.reference !== null, undefined, { timeout: 30_000 });
        // Paint entries arrive when the compositor reports the frame shown, which can be after the load
        // event and a few frames later: wait for both (a page that never paints them gets null).
        await page
          .waitForFunction(
            () => performance.getEntriesByType("paint").some((entry) => entry.name === "first-contentful-paint") && window.__phoneMarks?.lcp !== null,
            undefined,
            { timeout: 15_000 },
          )
          .catch(() => {});
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        const marks = await page.evaluate(() => ({
          fcp: performance.getEntriesByType("paint").find((entry) => entry.name === "first-contentful-paint")?.startTime ?? null,
          lcp: window.__phoneMarks?.lcp ?? null,
          reference: window.__phoneMarks?.reference ?? null,
        }));
        const round = (ms: number | null) => (ms === null ? null : Math.round(ms));
        return { fcpMs: round(marks.fcp), lcpMs: round(marks.lcp), referenceMs: round(marks.reference) };
      } finally {
        await context.close();
      }
    },
    close: () => browser.close(),
  };
}
