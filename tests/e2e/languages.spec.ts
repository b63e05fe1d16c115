import { demo, expect, ready, shareOfPages, signIn, test } from "./fixtures";
import { keysShownIn, localeKeys } from "./locale-keys";
import { LANGS } from "./locale-text";

test("switching language on a deep page keeps the path and query", async ({ page }) => {
  await signIn(page, demo.player, "es", "/es/settings/profile?x=1");
  await expect(page).toHaveURL(/\/es\/settings\/profile\?x=1$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  // The pills in the navbar; the footer has its own language links.
  const pills = page.locator("header");
  await expect(pills.getByRole("link", { name: "Español" })).toHaveAttribute("aria-current", "true");
  await pills.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/en\/settings\/profile\?x=1$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.getByRole("heading", { name: "Your profile" })).toBeVisible();
  await expect(pills.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "true");

  await pills.getByRole("link", { name: "Português" }).click();
  await expect(page).toHaveURL(/\/pt\/settings\/profile\?x=1$/);
  await expect(page.getByRole("heading", { name: "Seu perfil" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
});

test("the footer language links and select keep the page", async ({ page, javaScriptEnabled }) => {
  await page.goto("/es/forgot-password?x=1");
  await page.locator("footer").getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/en\/forgot-password\?x=1$/);
  await expect(page.getByRole("heading", { name: "Reset your password" })).toBeVisible();

  await ready(page, javaScriptEnabled);
  await page.locator("footer select[name=lang]").selectOption("pt");
  // Without JavaScript the select sits in a GET form with a <noscript> submit button.
  if (!javaScriptEnabled) await page.locator("footer form").getByRole("button", { name: "Change" }).click();
  await expect(page).toHaveURL(/\/pt\/forgot-password\?x=1$/);
  await expect(page.getByRole("heading", { name: "Redefinir senha" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
});

test("/ goes to the remembered language, else the browser's, else Spanish", async ({ browser, baseURL, javaScriptEnabled }) => {
  // The browser's language is the context's locale (Chromium sends it as Accept-Language).
  const visit = async (locale: string) => {
    const context = await browser.newContext({ baseURL, locale, javaScriptEnabled });
    const page = await context.newPage();
    await page.goto("/");
    return { context, page };
  };
  const german = await visit("de-DE");
  await expect(german.page).toHaveURL(/\/es$/);
  await german.context.close();

  const { context, page } = await visit("pt-BR");
  await expect(page).toHaveURL(/\/pt$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");
  // Visiting a language remembers it, and the cookie wins over the browser's language.
  await page.goto("/en");
  await page.goto("/");
  await expect(page).toHaveURL(/\/en$/);
  await context.close();
});

test("an unknown locale is a 404 page", async ({ page }) => {
  const response = await page.goto("/fr/x");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página no encontrada" })).toBeVisible(); // Accept-Language es-MX
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  await page.goto("/pt");
  const again = await page.goto("/fr/sessions?q=1");
  expect(again?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Página não encontrada" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "pt");

  expect((await page.goto("/en/no/such/page"))?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("the raw-key check recognises raw keys and nothing else", () => {
  const keys = localeKeys();
  expect(keysShownIn("Mesa · nav.sessions · auth:login.title · validation.invalidCredentials", keys)).toEqual(["nav.sessions", "auth:login.title"]);
  expect(keysShownIn("Escríbenos a lucia@mesa.test o visita www.example.com. Fin.", keys)).toEqual([]);
});

const publicPages = [
  "",
  "/login",
  "/signup",
  "/auth/verify-email",
  "/auth/verify-email?token=nope",
  "/forgot-password",
  "/reset-password?token=nope",
  "/dev/mailbox",
  "/no-such-page",
];
const playerPages = [
  "/settings/profile",
  "/settings/password",
  "/settings/sessions",
  "/settings/calendar",
  "/settings/data",
  "/settings/hosting",
  "/notifications",
  "/tickets",
  "/sessions",
  "/calendar",
  "/chats",
  "/chats/new-group",
];
const dmPages = ["/settings/hosting", "/create", "/series/new"];

test("pages never show raw translation keys", async ({ page, javaScriptEnabled }) => {
  // Every page in three languages, each once: half with JavaScript, half without.
  test.setTimeout(180_000);
  const keys = localeKeys();
  const check = async (path: string) => {
    await page.goto(path);
    const visible = await page.locator("body").innerText();
    const attributes = await page
      .locator("[aria-label], [title], [placeholder], [alt]")
      .evaluateAll((nodes) => nodes.flatMap((n) => ["aria-label", "title", "placeholder", "alt"].map((a) => n.getAttribute(a) ?? "")));
    expect.soft(keysShownIn([await page.title(), visible, ...attributes].join("\n"), keys), path).toEqual([]);
  };
  const everyLanguage = (paths: string[]) =>
    shareOfPages(
      LANGS.flatMap((lang) => paths.map((path) => `/${lang}${path}`)),
      javaScriptEnabled,
    );
  for (const path of everyLanguage(publicPages)) await check(path);
  await signIn(page, demo.player, "pt");
  for (const path of everyLanguage(playerPages)) await check(path);
  await page.context().clearCookies();
  await signIn(page, demo.dm, "en");
  for (const path of everyLanguage(dmPages)) await check(path);
  // The public profile's path holds an id: take the host's from a session page.
  await page.goto("/en/sessions?searchTerm=cripta");
  await page.getByRole("link", { name: "La Cripta del Rey Dragón" }).click();
  const profile = (await page.getByRole("complementary").getByRole("link", { name: "4.7 · 3 reviews" }).getAttribute("href"))!.replace(/^\/en|\?.*$/g, "");
  for (const path of everyLanguage([profile, `${profile}?tab=reviews`])) await check(path);
});
