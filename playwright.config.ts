import { defineConfig } from "@playwright/test";

// Debian's Chromium; these flags keep it quiet on a machine with no outside network.
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
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: chromiumArgs },
    // The service worker only where a spec asks for it (offline.spec.ts): elsewhere pages behave as without one.
    serviceWorkers: "block",
  },
  projects: [
    // A test tagged for one mode runs only there (journeyRuns in tests/e2e/locale-text.ts).
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@no-js-only/ },
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@js-only/ },
  ],
});
