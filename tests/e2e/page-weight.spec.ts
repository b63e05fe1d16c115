import { request } from "node:http";
import { brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { bookSeat, expect, hostPaidSession, hostSession, newUser, signInAs, test } from "./fixtures";

// Budgets from decision record 021: the pages a player opens on a phone ship no framework script
// to a player, only the live layer (decision record 030: at most 8 KiB gzipped); the DM's
// authoring pages ship at most 160 KiB of gzipped script. Opening the card payment dialog on the
// confirmation page fetches at most 100 KiB of gzipped script (decision record 032).
const AUTHORING_BUDGET = 160 * 1024;
const LIVE_BUDGET = 8 * 1024;
const CARD_DIALOG_BUDGET = 100 * 1024;
// The live layer (app/islands/live.ts), built as one classic script with a hashed name.
const isLive = (url: string) => /^\/build\/islands\/live-[A-Z0-9]+\.js$/.test(new URL(url).pathname);

/** Gzipped bytes of every script the server's HTML for the page loads (scripts and modulepreloads); `only` picks some. */
async function scriptBytes(page: Page, only: (url: string) => boolean = (url) => !isLive(url)): Promise<number> {
  const html = await (await page.request.get(page.url())).text();
  const urls = new Set(
    [...html.matchAll(/<(?:script[^>]*\s(?:data-)?src|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)].map((m) => new URL(m[1]!, page.url()).href),
  );
  // The inline module script imports the route modules; they are preloaded above as well.
  if (/<script[^>]*type="module"/.test(html) && urls.size === 0) return Number.POSITIVE_INFINITY;
  let total = 0;
  for (const url of [...urls].filter(only)) total += gzipSync(await (await page.request.get(url)).body()).length;
  return total;
}

/** A new DM, signed in on `page`, hosting a free session 14 days ahead and an ongoing weekly series starting in 3 days. */
async function dmWithSessionAndSeries(page: Page) {
  const dm = await newUser({ role: "dm" });
  await signInAs(page, dm);
  const sessionId = await hostSession(page, { title: `Peso ${Date.now()}` });
  const start = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const series = await page.request.post("/api/session-series", {
    data: {
      title: `Peso campaña ${Date.now()}`,
      game: "Call of Cthulhu",
      frequency: "WEEKLY",
      startDate: start,
      timeOfDay: "20:00",
      sessionInstructions: "Llega puntual.",
      isOngoing: true,
    },
  });
  expect(series.status()).toBe(201);
  return { dm, sessionId, seriesId: ((await series.json()) as { id: string }).id };
}

test("the pages a player uses ship no framework script to a player, only the live layer within 8 KiB; the host's manage dialog still gets its scripts", async ({
  page,
}) => {
  const { dm, sessionId, seriesId } = await dmWithSessionAndSeries(page);

  // The host needs the manage dialog, so the host's copy of the session page is hydrated.
  await page.goto(`/es/session/${sessionId}`);
  await expect(page.locator("html[data-static]")).toHaveCount(0);
  expect(await scriptBytes(page)).toBeGreaterThan(0);

  await page.context().clearCookies();
  await signInAs(page, await newUser());
  for (const path of [
    "/es",
    "/es/sessions",
    `/es/session/${sessionId}`,
    `/es/series/${seriesId}`,
    "/es/notifications",
    `/es/profile/${dm.id}`,
    "/es/chats",
    "/es/calendar",
  ]) {
    await page.goto(path);
    await expect(page.locator("html[data-static='true']"), path).toHaveCount(1);
    expect(await scriptBytes(page), path).toBe(0);
    const live = await scriptBytes(page, isLive);
    test.info().annotations.push({ type: "live script bytes gzip", description: `${path}: ${live}` });
    expect(live, path).toBeGreaterThan(0);
    expect(live, path).toBeLessThanOrEqual(LIVE_BUDGET);
  }
});

test("the DM's authoring pages ship at most 160 KiB of gzipped script", async ({ page, javaScriptEnabled }) => {
  // Skipped on purpose in the no-js project: it weighs the scripts a browser with JavaScript downloads; without JavaScript none run. The js project runs it.
  test.skip(!javaScriptEnabled, "measures the scripts a browser with JavaScript runs");
  const { sessionId, seriesId } = await dmWithSessionAndSeries(page);
  for (const path of ["/es/create", `/es/session/${sessionId}/edit`, "/es/series/new", `/es/series/${seriesId}/edit`, `/es/series/${seriesId}`]) {
    await page.goto(path);
    const bytes = await scriptBytes(page);
    test.info().annotations.push({ type: "script KiB gzip", description: `${path}: ${(bytes / 1024).toFixed(1)}` });
    expect(bytes, `${path}: ${(bytes / 1024).toFixed(1)} KiB`).toBeGreaterThan(0);
    expect(bytes, `${path}: ${(bytes / 1024).toFixed(1)} KiB`).toBeLessThanOrEqual(AUTHORING_BUDGET);
  }
});

test("the confirmation page ships no framework script; opening the card dialog fetches at most 100 KiB of gzipped script", async ({
  page,
  javaScriptEnabled,
}) => {
  // Skipped on purpose in the no-js project: without JavaScript 'Pay by card' is a form post (payments.spec.ts covers it). The js project runs it.
  test.skip(!javaScriptEnabled, "measures the scripts a browser with JavaScript runs");
  await signInAs(page, await newUser({ role: "dm" }));
  const id = await hostSession(page, { price: 25000, currency: "USD", allowedPaymentMethods: ["CARD"] });
  await page.context().clearCookies();
  await signInAs(page, await newUser());

  const fetched: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script" && !isLive(request.url())) fetched.push(request.url());
  });
  await page.goto(`/es/session/${id}/confirm`);
  await expect(page.locator("html[data-static='true']")).toHaveCount(1);
  expect(await scriptBytes(page)).toBe(0);
  expect(fetched).toEqual([]);

  await page.getByRole("button", { name: "Pagar con tarjeta" }).click();
  const dialog = page.getByRole("dialog", { name: "Completar pago" });
  await expect(dialog.getByText("$250.00 USD")).toBeVisible();
  expect(fetched.length).toBeGreaterThan(0);
  expect(
    fetched.every((url) => new URL(url).pathname.startsWith("/build/islands/")),
    fetched.join(" "),
  ).toBe(true);
  let bytes = 0;
  for (const url of new Set(fetched)) bytes += gzipSync(await (await page.request.get(url)).body()).length;
  test.info().annotations.push({ type: "card dialog script KiB gzip", description: (bytes / 1024).toFixed(1) });
  expect(bytes, `${(bytes / 1024).toFixed(1)} KiB`).toBeLessThanOrEqual(CARD_DIALOG_BUDGET);
});

// Decision record 093: a player page's first view and the CSS it needs arrive in TCP's first flight
// (ten segments of 1,460 bytes: status line, headers and the start of the compressed body).
const FIRST_FLIGHT = 14_600;
const PHONE = { width: 412, height: 823 };

type FirstResponse = { status: number; bytes: number; html: string; firstFlight: string };

/** The page as Chromium asks for it (Brotli or gzip): its bytes on the wire, headers included, its HTML, and what of it the first flight holds. */
function firstResponse(path: string, cookie: string): Promise<FirstResponse> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(path, process.env.E2E_BASE_URL), { headers: { "Accept-Encoding": "gzip, deflate, br", Cookie: cookie } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => {
        const body = Buffer.concat(chunks);
        const head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n${res.rawHeaders.map((v, i) => (i % 2 ? `${v}\r\n` : `${v}: `)).join("")}\r\n`;
        const encoding = res.headers["content-encoding"];
        // A truncated stream decodes as far as it goes.
        const decode = (bytes: Buffer) =>
          encoding === "br"
            ? brotliDecompressSync(bytes, { finishFlush: constants.BROTLI_OPERATION_FLUSH })
            : encoding === "gzip"
              ? gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH })
              : bytes;
        const firstBody = body.subarray(0, Math.max(0, FIRST_FLIGHT - Buffer.byteLength(head)));
        resolve({
          status: res.statusCode ?? 0,
          bytes: Buffer.byteLength(head) + body.length,
          html: decode(body).toString("utf8"),
          firstFlight: decode(firstBody).toString("utf8"),
        });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

/**
 * The phone's first screen of `html` as Chromium paints it: the full stylesheet loads when
 * `stylesheet` is true, and is refused otherwise, so only the inlined CSS applies.
 */
async function firstScreen(page: Page, path: string, html: string, stylesheet: boolean): Promise<Buffer> {
  await page.route(/\/build\/_assets\/.*\.css$/, (route) => (stylesheet ? route.continue() : route.abort("aborted")));
  await page.route(new URL(path, process.env.E2E_BASE_URL).href, (route) =>
    route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: html }),
  );
  await page.goto(path);
  const shot = await page.screenshot({ animations: "disabled", caret: "hide" });
  await page.unrouteAll();
  return shot;
}

test("every player page sends its first view and the CSS it needs in its first 14 KB, and looks the same before the full stylesheet arrives @no-js-only", async ({
  page,
}) => {
  const host = await newUser({ role: "dm" });
  const player = await newUser();
  const paid = await hostPaidSession(page, host);
  const free = await hostSession(page, { title: `Peso gratis ${Date.now()}` });
  await bookSeat(free, player.id);
  await page.setViewportSize(PHONE);

  const sizes: string[] = [];
  const check = async (who: string, path: string) => {
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const { status, bytes, html, firstFlight } = await firstResponse(path, cookie);
    expect(status, `${who} ${path}`).toBe(200);
    expect(html, `${who} ${path}: critical CSS inlined, no stylesheet before it`).toMatch(
      /^<!DOCTYPE html><html[^>]*><head>(?:(?!<link rel="stylesheet")[^])*<style id="critical-css">/,
    );
    expect(firstFlight, `${who} ${path}: the first flight holds the critical CSS`).toMatch(/<\/style>/);
    sizes.push(`${who} ${path}: ${bytes}`);
    // What the first flight alone draws, with the inlined CSS only, is what the whole page draws with its full stylesheet.
    const whole = await firstScreen(page, path, html, true);
    const first = await firstScreen(page, path, firstFlight, false);
    expect(first.equals(whole), `${who} ${path}: the first flight draws the first screen as the whole page does`).toBe(true);
  };

  // A representative share of the pages of decision record 093 (all of them are measured there).
  await page.context().clearCookies();
  for (const path of ["/es", "/es/signup", `/es/session/${paid}`]) await check("signed out", path);

  await signInAs(page, player);
  // The confirmation page and the OXXO name form, then the voucher it makes (both are gone once the seat is held).
  for (const path of [`/es/session/${paid}/confirm`, `/es/session/${paid}/oxxo`]) await check("signed in", path);
  await page.goto(`/es/session/${paid}/oxxo`);
  await page.getByLabel("Nombre", { exact: true }).fill("Ana");
  await page.getByLabel("Apellido").fill("Robles");
  await page.getByRole("button", { name: "Confirmar y generar ficha" }).click();
  await expect(page).toHaveURL(/\/voucher$/);
  const voucher = new URL(page.url()).pathname;
  await page.goto(`/es/session/${free}/chat`);
  await expect(page).toHaveURL(/\/es\/chats\/[0-9a-f-]{36}$/);
  const chat = new URL(page.url()).pathname;
  for (const path of ["/es/sessions", voucher, `/es/profile/${host.id}`, chat, "/es/calendar"]) await check("signed in", path);
  test.info().annotations.push({ type: "first response bytes", description: sizes.join(", ") });
});
