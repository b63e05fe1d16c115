import AxeBuilder from "@axe-core/playwright";
import { expect, type Page,test } from "@playwright/test";
import { demo, signIn } from "./fixtures";

async function expectNoViolations(page: Page, path: string) {
  await page.goto(path);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag22aa"]).analyze();
  const summary = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  expect(summary, path).toEqual([]);
}

// axe runs inside the page, so it needs JavaScript; the no-JS project renders the same server HTML.
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe needs JavaScript in the page");

const publicPages = ["/es", "/es/login", "/es/signup", "/es/auth/verify-email", "/es/forgot-password", "/es/reset-password?token=nope", "/es/no-existe", "/es/dev/mailbox"];

test("public pages have no axe violations", async ({ page }) => {
  for (const path of publicPages) await expectNoViolations(page, path);
});

test("signed-in pages have no axe violations", async ({ page }) => {
  await signIn(page, demo.player, "es");
  await expectNoViolations(page, "/es/settings/hosting"); // the guard screen
});

test("settings pages have no axe violations", async ({ page }) => {
  await signIn(page, demo.dm, "es");
  for (const path of ["/es/settings/profile", "/es/settings/hosting", "/es/settings/password", "/es/settings/sessions", "/es/notifications", "/es/sessions", "/es/create", "/es/calendar", "/es/calendar?view=week", "/es/series/new"]) {
    await expectNoViolations(page, path);
  }
  await page.goto("/es/sessions?searchTerm=cripta");
  await expectNoViolations(page, (await page.getByRole("link", { name: "La Cripta del Rey Dragón" }).getAttribute("href"))!);
  // Ask for a reset link so the mailbox surely has a message to open.
  await page.goto("/es/forgot-password");
  await page.locator("input[name=email]").fill(demo.player.email);
  await page.getByRole("button", { name: "Enviar enlace" }).click();
  // Signed in, the login page it redirects to sends us on to the home page.
  await page.waitForURL((url) => !url.pathname.endsWith("/forgot-password"));
  await page.goto("/es/dev/mailbox");
  const href = await page.locator("main ul a").first().getAttribute("href");
  await expectNoViolations(page, href!);
});
