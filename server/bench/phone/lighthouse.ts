// Lighthouse as a phone sees a page: its default mobile settings (a Moto G Power's screen, slow 4G
// and a 4× slower CPU, all simulated from one unthrottled load), performance only, in Debian's Chromium.
import http from "node:http";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import type { LighthouseRun } from "./budgets";
import { cookiePairs } from "./visits";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

type Item = { url?: string; resourceType?: string; transferSize?: number };

/** A script the page loaded and its gzipped body, to say which one a JavaScript budget is spent on. */
export type LoadedScript = { url: string; bytes: number };
export type LcpBreakdown = { element: string; phases: Record<string, number> };

/** The gzipped body of `url` as the server sends it (fetch would decompress it, so node:http), headers left out. */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": "gzip" } }, (res) => {
        let bytes = 0;
        res.on("data", (chunk: Buffer) => (bytes += chunk.length));
        res.on("end", () => resolve(bytes));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * The figures the budgets read from one report. The document counts with its response headers (all
 * of it must fit in the first round trip); scripts by their gzipped bodies, as the budget is written.
 */
function figures(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"], scripts: LoadedScript[]): LighthouseRun {
  const value = (audit: string) => lhr.audits[audit]?.numericValue ?? Number.NaN;
  const document = networkItems(lhr).find((i) => i.resourceType === "Document");
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcpMs: Math.round(value("largest-contentful-paint")),
    fcpMs: Math.round(value("first-contentful-paint")),
    cls: +value("cumulative-layout-shift").toFixed(3),
    tbtMs: Math.round(value("total-blocking-time")),
    documentBytes: document?.transferSize ?? 0,
    scriptBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

type Table = { type?: string; items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] };

/** Which element Lighthouse took for the LCP and how its time splits (TTFB, load delay, load time, render delay). */
function lcpBreakdown(lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"]): LcpBreakdown {
  const tables = ((lhr.audits["largest-contentful-paint-element"]?.details as { items?: Table[] } | undefined)?.items ?? []) as Table[];
  const element = tables[0]?.items?.[0]?.node?.snippet ?? "unknown";
  const phases = Object.fromEntries((tables[1]?.items ?? []).map((row) => [row.phase ?? "?", Math.round(row.timing ?? 0)]));
  return { element, phases };
}

const networkItems = (lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"]) =>
  ((lhr.audits["network-requests"]?.details as { items?: Item[] } | undefined)?.items ?? []) as Item[];

/**
 * A report, tried up to three times: on a busy machine Chromium now and then loses the trace of a
 * load (NO_NAVSTART, "please run Lighthouse again"), which says nothing about the page.
 */
async function reportOf(port: number, url: string) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance"],
      // A signed-in page's live stream stays open by design: Lighthouse, waiting for the network to
      // go quiet, sat out its 45 s limit on every such page. The stream opens after the page has
      // painted (from a deferred script) and carries nothing the paints depend on.
      blockedUrlPatterns: ["*/api/notifications/stream*"],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    // A load that ended on another page (the sign-in form) measured the wrong page.
    if (result.lhr.finalDisplayedUrl !== url) throw new Error(`Lighthouse asked for ${url} and got ${result.lhr.finalDisplayedUrl}`);
    for (const warning of result.lhr.runWarnings) process.stderr.write(`Lighthouse on ${url}: ${warning}\n`);
    if (!result.lhr.runtimeError) return result;
    if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
    process.stderr.write(`Lighthouse on ${url}: ${result.lhr.runtimeError.code}, again\n`);
  }
}

/**
 * A Chromium for Lighthouse, kept open across pages (each run still loads with an empty cache:
 * Lighthouse clears it, and the origin's storage, before it navigates; not its cookies).
 */
export async function openLighthouse() {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking", "--disable-component-update"],
    logLevel: "silent",
  });
  process.stderr.write(`Lighthouse's Chromium on port ${chrome.port}\n`);
  // The browser's own connection, for its cookie jar.
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const jar = await browser.target().createCDPSession();
  return {
    /**
     * One run of `url`, signed in with `cookie` or signed out. The cookie goes in the browser's jar,
     * not in Lighthouse's extraHeaders: every page sets a language cookie, and once the jar holds
     * one, Chromium sends the jar's cookies instead of the extra header, so later runs were signed out.
     */
    run: async (url: string, cookie: string | null): Promise<{ figures: LighthouseRun; scripts: LoadedScript[]; lcp: LcpBreakdown }> => {
      await jar.send("Storage.clearCookies", {});
      if (cookie) await jar.send("Storage.setCookies", { cookies: cookiePairs(cookie).map((c) => ({ ...c, url: new URL(url).origin })) });
      const result = await reportOf(chrome.port, url);
      const scripts: LoadedScript[] = [];
      for (const item of networkItems(result.lhr).filter((i) => i.resourceType === "Script" && i.url?.startsWith("http"))) {
        scripts.push({ url: new URL(item.url!).pathname, bytes: await gzipBytes(item.url!) });
      }
      return { figures: figures(result.lhr, scripts), scripts, lcp: lcpBreakdown(result.lhr) };
    },
    close: async () => {
      await browser.disconnect();
      chrome.kill();
    },
  };
}
