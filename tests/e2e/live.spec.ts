import type { Browser, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./axe";
import { bookSeat, expect, hostSession, newUser, ready, signInAs, test, type TestUser } from "./fixtures";

/** A second browser (its own cookies), signed in as `user`, with JavaScript as the project runs. */
async function browserFor(browser: Browser, user: TestUser, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, javaScriptEnabled, locale: "es-MX" });
  const page = await context.newPage();
  await signInAs(page, user);
  return page;
}

const liveOpen = (page: Page) => expect(page.locator("html[data-live='open']")).toHaveCount(1);

test("a host and a player see each other's chat messages and the booking notifications arrive live", async ({ page, browser, javaScriptEnabled }) => {
  // Skipped on purpose in the no-js project: live updates arrive through the event-stream script; the plain pages have their own test below. The js project runs it.
  test.skip(!javaScriptEnabled, "live updates need JavaScript; the no-JS test below covers the plain pages");
  const host = await newUser({ role: "dm", preferredLanguage: "en", displayName: "Hana Host" });
  const player = await newUser({ preferredLanguage: "en", displayName: "Pita Player" });
  await signInAs(page, host);
  const title = `Live table ${Date.now()}`;
  const id = await hostSession(page, { title });

  // The host waits on a page that ships no React; the bell still goes live.
  await page.goto("/en/notifications");
  await liveOpen(page);
  const playerPage = await browserFor(browser, player, true);
  await playerPage.goto(`/en/session/${id}/confirm`);
  await ready(playerPage, true);
  await playerPage.getByRole("button", { name: "Confirm free booking" }).click();
  await expect(playerPage.getByText("Your seat is booked. See you at the table!")).toBeVisible();

  // Toast with its action, and the bell's count, on the host's open page.
  const toast = page.getByRole("status").filter({ hasText: "New player" });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(`Pita Player joined ${title}.`);
  await expect(toast.locator("svg")).toHaveCount(1); // the booking type's icon, drawn as SVG

  await expect(toast.getByRole("link", { name: "Open" })).toHaveAttribute("href", `/en/session/${id}`);
  await expect(page.locator("[data-live='bell']")).toHaveText("1");

  // The dropdown: latest notifications, mark all read.
  await page.locator("[data-live='bell-link']").click();
  const panel = page.locator("#live-panel");
  await expect(panel.getByText(`Pita Player joined ${title}.`)).toBeVisible();
  // Unread is said in words before the title (seen, and heard as "Unread: New player"), not only by a tint.
  const joined = panel.getByRole("listitem").filter({ hasText: `Pita Player joined ${title}.` });
  await expect(joined.getByText("Unread", { exact: false })).toBeVisible();
  await expect(joined.locator("p.font-semibold").first()).toHaveText("Unread: New player");
  await panel.getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.locator("[data-live='bell']")).toBeHidden();
  await expect(joined.getByText("Unread", { exact: false })).toBeHidden();
  // Opened again, the list comes read from the server: no label.
  await page.locator("[data-live='bell-link']").click();
  await expect(panel).toBeHidden();
  await page.locator("[data-live='bell-link']").click();
  await expect(joined).toBeVisible();
  await expect(joined.getByText("Unread", { exact: false })).toBeHidden();
  await expect(panel.getByRole("link", { name: "View all" })).toHaveAttribute("href", "/en/notifications");

  // Both open the session chat; messages appear on the other side without a reload.
  await page.goto(`/en/session/${id}/chat`);
  await expect(page).toHaveURL(/\/en\/chats\/[0-9a-f-]{36}$/);
  const chatUrl = page.url();
  await liveOpen(page);
  await playerPage.goto(chatUrl);
  await liveOpen(playerPage);
  await page.getByLabel("Message").fill("Welcome! <b>bring dice</b>");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(page.getByLabel("Message")).toHaveValue("");
  const received = playerPage.locator("[data-live-chat] li").filter({ hasText: "Welcome!" });
  await expect(received).toContainText("Welcome! <b>bring dice</b>"); // shown as text, never as markup
  await expect(playerPage.locator("[data-live-chat] b")).toHaveCount(0);
  await playerPage.getByLabel("Message").fill("Thanks, see you there");
  await playerPage.getByRole("button", { name: "Send" }).click();
  await expect(page.locator("[data-live-chat] li").filter({ hasText: "Thanks, see you there" })).toBeVisible();
  // The next message typed while one is still on its way (a slow network) stays in the field.
  await playerPage.route("**/api/chats/*/messages*", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600));
    await route.continue();
  });
  await playerPage.getByLabel("Message").fill("First of two");
  await playerPage.getByRole("button", { name: "Send" }).click();
  await playerPage.getByLabel("Message").fill("Second, half typed");
  await expect(playerPage.locator("[data-live-chat] li").filter({ hasText: "First of two" })).toBeVisible();
  await expect(page.locator("[data-live-chat] li").filter({ hasText: "First of two" })).toBeVisible();
  await expect(playerPage.getByLabel("Message")).toHaveValue("Second, half typed");
  await playerPage.unroute("**/api/chats/*/messages*");
  // Too long: the message appears next to the field and the text stays.
  await playerPage.getByLabel("Message").fill("x".repeat(2001));
  await playerPage.getByRole("button", { name: "Send" }).click();
  await expect(playerPage.getByText("A message can have at most 2000 characters.")).toBeVisible();
  await expect(playerPage.getByLabel("Message")).toHaveValue("x".repeat(2001));
  await playerPage.context().close();
});

test("without JavaScript a player reads and sends chat messages and reads notifications, in Spanish and Portuguese", async ({
  page,
  browser,
  javaScriptEnabled,
}) => {
  // Skipped on purpose in the js project: this is the plain-HTML path of chat and notifications; the live path is the test above. The no-js project runs it.
  test.skip(javaScriptEnabled, "the plain-HTML path; the live one is above");
  const host = await newUser({ role: "dm" });
  const player = await newUser({ displayName: "Pati" });
  await signInAs(page, host);
  const id = await hostSession(page, { title: `Mesa sin JS ${Date.now()}` });
  await bookSeat(id, player.id);
  await page.context().clearCookies();
  await signInAs(page, player);

  await page.goto(`/es/session/${id}`);
  await page.getByRole("link", { name: "Abrir el chat de la partida" }).click();
  await expect(page.getByText("Aún no hay mensajes. ¡Saluda!")).toBeVisible();
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByText("Escribe un mensaje primero.")).toBeVisible();
  await page.getByLabel("Mensaje").fill("Hola <i>mesa</i>");
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page.locator("[data-live-chat] li").filter({ hasText: "Hola <i>mesa</i>" })).toBeVisible();
  await expect(page.getByLabel("Mensaje")).toHaveValue("");

  const chatPath = new URL(page.url()).pathname.replace("/es/", "/pt/");
  await page.goto(chatPath);
  await expect(page.getByText("Conversa da sessão")).toBeVisible();
  await page.getByLabel("Mensagem").fill("y".repeat(2001));
  await page.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByText("Uma mensagem pode ter no máximo 2000 caracteres.")).toBeVisible();
  await expect(page.getByLabel("Mensagem")).toHaveValue("y".repeat(2001));
  await expectNoAxeViolations(page, browser, javaScriptEnabled, "chat page with an error");

  // The bell is a link with the server's count; the notifications page works as before.
  await page.goto("/es/chats");
  await expect(page.getByRole("link", { name: /Mesa sin JS/ })).toBeVisible();
  await expectNoAxeViolations(page, browser, javaScriptEnabled, "chats list");
  await page.goto("/es/notifications");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Notificaciones");
});

test("a player whose OXXO payment is pending is told the chat opens after payment", async ({ page }) => {
  const host = await newUser({ role: "dm" });
  const player = await newUser({ preferredLanguage: "en" });
  await signInAs(page, host);
  const id = await hostSession(page, { title: `Voucher table ${Date.now()}` });
  const { getDb } = await import("../../db/client.server");
  // A held seat with its OXXO payment waiting for the store, as a voucher leaves it.
  const booking = await getDb()
    .insertInto("bookings")
    .values({ session_id: id, user_id: player.id, status: "PENDING_PAYMENT", payment_method: "OXXO" })
    .returning("id")
    .executeTakeFirstOrThrow();
  await getDb()
    .insertInto("payments")
    .values({
      booking_id: booking.id,
      session_id: (eb) => eb.selectFrom("bookings").select("session_id").where("id", "=", booking.id),
      user_id: player.id,
      provider: "offline",
      method: "OXXO",
      amount_cents: 25000,
      currency: "MXN",
      status: "requires_action",
    })
    .execute();
  await page.context().clearCookies();
  await signInAs(page, player);
  await page.goto(`/en/session/${id}/chat`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Chat opens after payment");
  await page.goto(`/en/session/${id}`);
  await expect(page.getByText(/opens once your cash payment is confirmed/)).toBeVisible();
  await expect(page.getByRole("link", { name: "Open the game chat" })).toHaveCount(0);
});

/** Another server process on the e2e database, which the test can stop and start again on the same port. */
async function secondServer() {
  const { spawn } = await import("node:child_process");
  const fs = await import("node:fs");
  const os = await import("node:os");
  const path = await import("node:path");
  const { freePort } = await import("../../db/embedded");
  const { bundledEntry } = await import("../../server/bundle/entry");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mesa-second-"));
  let child: ReturnType<typeof spawn> | null = null;
  const start = async () => {
    child = spawn(process.execPath, bundledEntry("index"), {
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        APP_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: process.env.E2E_DATABASE_URL,
        SESSION_SECRET: process.env.E2E_SESSION_SECRET,
        LOG_LEVEL: "warn",
        SEED_DEMO: "false",
        JOBS_IN_SERVER: "false",
        WEB_CONCURRENCY: "1",
        SMTP_URL: "",
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        if ((await fetch(`${url}/healthz`)).ok) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error("the second server did not start");
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  };
  return { url, start, stop, cleanUp: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

test("a player's stream survives a server restart without losing an event", async ({ page, browser, javaScriptEnabled }) => {
  // Skipped on purpose in the no-js project: only the script opens an event stream, so there is no stream to survive a restart. The js project runs it.
  test.skip(!javaScriptEnabled, "the stream is the JavaScript layer");
  test.setTimeout(120_000);
  const host = await newUser({ role: "dm", preferredLanguage: "en", displayName: "Hana Host" });
  const player = await newUser({ preferredLanguage: "en" });
  await signInAs(page, host);
  const title = `Restart table ${Date.now()}`;
  const id = await hostSession(page, { title });
  await bookSeat(id, player.id);
  await page.goto(`/en/session/${id}/chat`);
  const chatId = new URL(page.url()).pathname.split("/").pop();
  const say = async (content: string) => expect((await page.request.post(`/api/chats/${chatId}/messages`, { data: { content } })).status()).toBe(201);

  // The player is served by another process than the host.
  const second = await secondServer();
  await second.start();
  try {
    const context = await browser.newContext({ baseURL: second.url, locale: "en-US" });
    const { loginCookie } = await import("../fixtures/users");
    const cookie = await loginCookie(player.id);
    await context.addCookies([{ name: cookie.slice(0, cookie.indexOf("=")), value: cookie.slice(cookie.indexOf("=") + 1), url: second.url }]);
    const playerPage = await context.newPage();
    await playerPage.goto("/en/sessions");
    await liveOpen(playerPage);
    await say("cero");
    await expect(playerPage.locator("[data-live='chats']")).toHaveText("1");
    await expect(playerPage.locator("[data-live='bell']")).toHaveText("1");
    expect((await playerPage.request.patch("/api/notifications/read-all")).status()).toBe(200);
    await expect(playerPage.locator("[data-live='bell']")).toBeHidden();
    await expect(playerPage.getByRole("status").filter({ hasText: "New message" })).toHaveCount(0, { timeout: 10_000 });

    // The player's server restarts; meanwhile the host writes twice through the other one.
    await second.stop();
    await say("uno");
    await say("dos");
    await second.start();

    // The browser reconnects with its Last-Event-ID and gets what it missed: the toast of the new
    // notification (a fresh connection would only have shown counts) and both messages.
    await expect(playerPage.getByRole("status").filter({ hasText: `Hana Host wrote in ${title}.` })).toBeVisible({ timeout: 30_000 });
    await expect(playerPage.locator("[data-live='bell']")).toHaveText("1");
    await expect(playerPage.locator("[data-live='chats']")).toHaveText("3");
    await context.close();
  } finally {
    await second.stop();
    second.cleanUp();
  }
});
