import { expect, type Page, test as base } from "@playwright/test";
import { closeDb } from "../../db/client.server";
import { bookSeat as bookSeatIn } from "../fixtures/sessions";
import { createUser, loginCookie, type TestUser, type UserOptions } from "../fixtures/users";

export { expect };
export type { TestUser };

export const demo = {
  player: { email: "lucia@mesa.test", password: "Jugadora-2026!" },
  dm: { email: "ana.dm@mesa.test", password: "Dragones-2026!" },
};

let counter = 0;
/** The server is shared by every test of the run, so each sign-up needs its own address. */
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${counter++}@e2e.test`;

/**
 * The e2e server under another host name than its APP_URL's (same port): `localhost` for
 * `127.0.0.1`, the other way round otherwise. A phone on the local network reaches the app this
 * way, so the journeys that matter run here with `test.use({ baseURL: otherHost() })`. Undefined
 * while Playwright lists the tests, before the global setup has started the server.
 */
export function otherHost(): string | undefined {
  const base = process.env.E2E_BASE_URL;
  if (!base) return undefined;
  const url = new URL(base);
  return `${url.protocol}//${url.hostname === "localhost" ? "127.0.0.1" : "localhost"}:${url.port}`;
}

/** The origin the running test browses on (its `baseURL`), so signInAs sets the cookie for that host. */
let browsingOrigin: string | undefined;

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Every test fails when the page throws, logs an error (React's hydration mismatches included)
 * or cannot load one of its built assets. The last one usually means `public/build` was rebuilt
 * while the suite ran: the page then shows without its stylesheet and later checks fail oddly.
 */
export const test = base.extend<{ pageProblems: void; browsingOrigin: void }, { serverDatabase: void }>({
  /** The fixtures below open a pool to the server's database; close it when the worker ends. */
  serverDatabase: [
    // eslint-disable-next-line no-empty-pattern -- Playwright wants a destructuring pattern here
    async ({}, use) => {
      await use();
      await closeDb();
    },
    { scope: "worker", auto: true },
  ],
  /**
   * With JavaScript on, page.goto() and page.reload() also wait until React has hydrated. The
   * app works before that (forms post natively), but a click while React 18 hydrates in a
   * transition makes it throw "Root did not complete" (error #345), which would flake every test.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await ready(page, true);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        await ready(page, true);
        return response;
      };
    }
    await use(page);
  },
  browsingOrigin: [
    async ({ baseURL }, use) => {
      browsingOrigin = baseURL;
      await use();
      browsingOrigin = undefined;
    },
    { auto: true },
  ],
  pageProblems: [
    async ({ page, javaScriptEnabled, baseURL }, use) => {
      const problems: string[] = [];
      // A test that browses under another host name than APP_URL's must stay on it: a redirect
      // to APP_URL's host would lose the login cookie (and the page's form-action 'self').
      const browsingHost = baseURL ? new URL(baseURL).host : undefined;
      if (browsingHost && browsingHost !== new URL(process.env.E2E_BASE_URL!).host)
        page.on("framenavigated", (frame) => {
          const url = new URL(frame.url());
          if (frame === page.mainFrame() && url.protocol.startsWith("http") && url.host !== browsingHost)
            problems.push(`left ${browsingHost} for ${frame.url()}`);
        });
      page.on("pageerror", (error) => problems.push(`page error on ${page.url()}: ${error.message}`));
      page.on("console", (message) => {
        // The browser reports every 4xx answer this way, and several are expected (404 page, wrong password).
        if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
          problems.push(`console.error on ${page.url()}: ${message.text()}`);
      });
      page.on("response", (response) => {
        if (new URL(response.url()).pathname.startsWith("/build/") && response.status() >= 400) problems.push(`asset ${response.status()}: ${response.url()}`);
      });
      page.on("requestfailed", (request) => {
        const failure = request.failure()?.errorText ?? "";
        // Navigating away cancels what is still loading, and without JavaScript scripts are blocked: neither is a fault of the page.
        const expected = failure.includes("ERR_ABORTED") || (!javaScriptEnabled && request.resourceType() !== "stylesheet");
        if (new URL(request.url()).pathname.startsWith("/build/") && !expected) problems.push(`asset failed (${failure}): ${request.url()}`);
      });
      await use();
      expect(problems, "problems in the browser while the test ran").toEqual([]);
    },
    { auto: true },
  ],
});

export type Credentials = { email: string; password: string };

/** Signs in through the real form (works with and without JavaScript). */
export async function signIn(page: Page, who: Credentials, lang = "es", redirect?: string) {
  await page.goto(`/${lang}/login${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ""}`);
  await page.locator("input[name=email]").fill(who.email);
  await page.locator("input[name=password]").fill(who.password);
  await page.locator("form#login button[type=submit]").click();
  await page.waitForURL((url) => !url.pathname.endsWith("/login"));
  await expect(accountMenu(page)).toBeVisible();
}

/** The avatar menu in the navbar: a <details> whose summary names the signed-in user. */
export const accountMenu = (page: Page) => page.locator("header details:has(form[action$='/logout']) > summary");

/** Opens the avatar menu and submits its sign-out form. */
export async function signOut(page: Page, buttonName: string) {
  await accountMenu(page).click();
  await page.getByRole("button", { name: buttonName }).click();
}

/** With JavaScript on, waits until React has hydrated so event handlers are attached (or the page ships no script). */
export async function ready(page: Page, javaScriptEnabled: boolean) {
  // Pages served without scripts (the search) say so with data-static.
  if (javaScriptEnabled) await expect(page.locator("html[data-hydrated='true'], html[data-static='true']")).toHaveCount(1);
}

/** Opens, in the local mailbox, the newest message to `to` whose subject matches. */
export async function openMail(page: Page, lang: string, to: string, subject: RegExp) {
  // Some mail leaves after the answer that caused it (a reset link, a notice): look again until it is there.
  const mail = page.getByRole("link").filter({ hasText: subject }).filter({ hasText: to }).first();
  await expect(async () => {
    await page.goto(`/${lang}/dev/mailbox`);
    await expect(mail).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await mail.click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/dev/mailbox/[^/?#]+$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(subject);
  await expect(page.getByText(to, { exact: true })).toBeVisible();
}

/**
 * Points the shared fixtures at the e2e server's database and secret (see global-setup.ts), so
 * an account made here is one the server knows and a cookie signed here is one it accepts.
 */
function useServerDatabase() {
  if (!process.env.E2E_DATABASE_URL || !process.env.E2E_SESSION_SECRET) throw new Error("the e2e global setup has not run");
  process.env.DATABASE_URL = process.env.E2E_DATABASE_URL;
  process.env.SESSION_SECRET = process.env.E2E_SESSION_SECRET;
}

/**
 * A new account of its own for a test that changes something (a profile, a session, who plays
 * in it), so the demo accounts and sessions that other tests read stay as seeded. A player unless
 * `role` says otherwise; the email is verified. Its password is `user.password`.
 */
export async function newUser(options: UserOptions = {}): Promise<TestUser> {
  useServerDatabase();
  return createUser({ email: uniqueEmail(options.role ?? "user"), ...options });
}

/**
 * Signs the user in without the login form: a new login session and its signed cookie, as signing
 * in sets them, for the host the test browses on (the browser keeps cookies per host name).
 */
export async function signInAs(page: Page, user: { id: string }) {
  useServerDatabase();
  const cookie = await loginCookie(user.id);
  const at = cookie.indexOf("=");
  await page.context().addCookies([{ name: cookie.slice(0, at), value: cookie.slice(at + 1), url: browsingOrigin ?? process.env.E2E_BASE_URL! }]);
}

/** Switches the browser to another account: signs out whoever was signed in, then signs `user` in. */
export async function actAs(page: Page, user: { id: string }) {
  await page.context().clearCookies();
  await signInAs(page, user);
}

/** Gives the player a confirmed seat in the session straight in the table (a shortcut for tests that are not about booking). */
export async function bookSeat(sessionId: string, userId: string) {
  useServerDatabase();
  await bookSeatIn(sessionId, userId, { amountCents: 0, currency: "MXN" });
}

/** A session hosted by the signed-in DM of `page`, made through the API; returns its id. */
export async function hostSession(page: Page, fields: Record<string, unknown> = {}) {
  const date = new Date(Date.now() + 14 * 86_400_000).toISOString();
  const response = await page.request.post("/api/session", {
    data: {
      title: `Mesa de prueba ${Date.now()}`,
      game: "D&D 5e",
      date,
      duration: 120,
      maxParticipants: 5,
      minPlayers: 2,
      price: 0,
      currency: "MXN",
      ...fields,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/**
 * A paid session (250 MXN, card and OXXO, a 3-day voucher, 3 seats, going ahead from 1 player)
 * 14 days ahead, far enough for OXXO's 120 h minimum, made by `host` through the API: the page is
 * left signed in as the host. `fields` overrides any of it; returns the session's id.
 */
export async function hostPaidSession(page: Page, host: { id: string }, fields: Record<string, unknown> = {}) {
  await actAs(page, host);
  return hostSession(page, {
    title: `Mesa paga ${Date.now()}`,
    price: 25000,
    currency: "MXN",
    allowedPaymentMethods: ["CARD", "OXXO"],
    minAdvanceBookingHours: 120,
    voucherPaymentDays: 3,
    maxParticipants: 3,
    minPlayers: 1,
    ...fields,
  });
}

/**
 * The half of a list of pages this project checks: each page is checked in one of the two modes
 * (alternating), so a page-by-page sweep (axe, raw keys) covers every page once and both modes
 * across the list, instead of every page twice. Decision record 072.
 */
export function shareOfPages<T>(items: readonly T[], javaScriptEnabled: boolean): T[] {
  return items.filter((_, index) => index % 2 === (javaScriptEnabled ? 0 : 1));
}
