import { existsSync } from "node:fs";
import { defineConfig } from "@playwright/test";

/**
 * Debian's Chromium in its headless shell (package chromium-headless-shell: the same build run
 * headless without the browser's window machinery, as Playwright uses by default) takes about a
 * third less CPU for the same tests than the full browser (decision record 104). Without it, or
 * with CHROMIUM_PATH=/usr/bin/chromium, the tests run in the full browser.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

// These flags keep it quiet on a machine with no outside network.
const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  // Two files at a time: one keeps the two cores about 80 % busy (a journey waits on the server and
  // on its own polling), two about 96 %, 13 % less time (decision record 072). Each test makes its own
  // accounts and sessions, so files do not share rows; tests within a file still run in order.
  workers: 2,
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // The page-by-page checks (axe, raw keys) load dozens of pages in one test.
  timeout: 60_000,
  reporter: [["list"]],
  use: {
    // Set by the global setup once the server answers; workers start after it and inherit it.
    baseURL: process.env.E2E_BASE_URL,
    browserName: "chromium",
    locale: "es-MX",
    launchOptions: { executablePath: chromium, args: chromiumArgs },
    // The service worker only where a spec asks for it (offline.spec.ts): elsewhere pages behave as without one.
    serviceWorkers: "block",
  },
  projects: [
    // A test tagged for one mode runs only there (journeyRuns in tests/e2e/locale-text.ts).
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@no-js-only/ },
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
});
