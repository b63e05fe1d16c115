import { getDb } from "../../db/client.server";
import { expectNoAxeViolations } from "./axe";
import { expect, newUser, otherHost, ready, signInAs, test } from "./fixtures";
import { journeyRuns, text } from "./locale-text";

// A direct booking inquiry from end to end, on a 360 px phone, with and without JavaScript in
// every language: a signed-out player finds the form on a DM's profile, signs in and is brought
// back to it, sends an inquiry (a bad one first: the message shows and what was typed stays);
// the DM answers in a chat and accepts it into a private session; the player books it with the code.

test.use({ baseURL: otherHost(), viewport: { width: 360, height: 740 } });

const money = (lang: string, cents: number) =>
  `${new Intl.NumberFormat({ es: "es-MX", en: "en-US", pt: "pt-BR" }[lang], { style: "currency", currency: "MXN", currencyDisplay: "narrowSymbol" }).format(cents / 100)} MXN`;

for (const { lang, tag } of journeyRuns(2)) {
  test(`${lang}: a player's inquiry becomes a private session the player books with the code`, { tag }, async ({ page, browser, javaScriptEnabled }) => {
    const t = (key: string, values?: Record<string, string | number>) => text(lang, "inquiries", key, values);
    const stamp = Date.now();
    const dm = await newUser({ role: "dm", preferredLanguage: lang, displayName: `DM ${stamp}` });
    const player = await newUser({ preferredLanguage: lang, displayName: `Jugadora ${stamp}` });
    await getDb()
      .updateTable("profiles")
      .set({ accepts_direct_bookings: true, direct_booking_rate_cents: 20000, direct_booking_currency: "MXN" })
      .where("user_id", "=", dm.id)
      .execute();

    // Signed out: 'Sign In to Book' leads to the login page, which brings the player back to the form.
    await page.goto(`/${lang}/profile/${dm.id}`);
    await page.getByRole("link", { name: t("form.signIn") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/login\\?redirect=`));
    // A submit while React is still hydrating the login page tears that hydration down (React error 345 in the console).
    await ready(page, javaScriptEnabled);
    await page.locator("input[name=email]").fill(player.email);
    await page.locator("input[name=password]").fill(player.password);
    await page.locator("form#login button[type=submit]").click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/profile/${dm.id}/inquiry$`));
    await expect(page.getByRole("heading", { name: t("form.title") })).toBeVisible();
    // Signed in, the profile (plain HTML) leads to the form on its own page, whose live parts need scripts.
    await page.goto(`/${lang}/profile/${dm.id}`);
    await page.getByRole("link", { name: t("form.write") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/profile/${dm.id}/inquiry$`));
    await ready(page, javaScriptEnabled);

    const availability = page.getByLabel(t("form.availability"));
    const details = page.getByLabel(t("form.details"));
    const send = page.getByRole("button", { name: t("form.submit") });
    if (javaScriptEnabled) {
      // The estimate follows the form; sending waits for availability.
      await expect(page.getByTestId("inquiry-estimate")).toHaveText(money(lang, 4 * 3 * 20000));
      await page.getByLabel(t("form.playerCount")).selectOption("2");
      await expect(page.getByTestId("inquiry-estimate")).toHaveText(money(lang, 2 * 3 * 20000));
      await expect(send).toBeDisabled();
    } else {
      await expect(page.getByText(t("form.estimateAfterSubmit"))).toBeVisible();
      await page.getByLabel(t("form.playerCount")).selectOption("2");
    }
    await details.fill("Dos amigas, primera vez con terror.");
    await expect(page.getByText(text(lang, "common", "counter", { count: 35, max: 500 }))).toBeVisible({ visible: javaScriptEnabled });
    await availability.fill("Sáb");
    await send.click();
    await expect(page.getByText(t("validation.availabilityTooShort"))).toBeVisible();
    await expect(details).toHaveValue("Dos amigas, primera vez con terror.");
    await expect(page.getByLabel(t("form.playerCount"))).toHaveValue("2");
    // Without JavaScript the server's estimate for what was sent shows beside the refused form.
    await expect(page.getByTestId("inquiry-estimate")).toHaveText(money(lang, 2 * 3 * 20000));
    await expectNoAxeViolations(page, browser, javaScriptEnabled, "the inquiry form");
    if (process.env.INQUIRY_SHOTS) await page.screenshot({ path: `/tmp/inq-form-${lang}-${javaScriptEnabled}.png`, fullPage: true });
    await availability.fill("Sábados después de las 18:00");
    await send.click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/inquiries/[0-9a-f-]{36}$`));
    await expect(page.getByRole("status").filter({ hasText: t("toasts.sent") })).toBeVisible();
    await expect(page.getByTestId("inquiry-estimate")).toHaveText(money(lang, 2 * 3 * 20000));
    const inquiryUrl = new URL(page.url()).pathname;

    // The DM finds it in the inbox, answers in a chat, then accepts it (a free first game).
    await page.context().clearCookies();
    await signInAs(page, dm);
    await page.goto(`/${lang}/inquiries`);
    if (process.env.INQUIRY_SHOTS) await page.screenshot({ path: `/tmp/inq-inbox-${lang}-${javaScriptEnabled}.png`, fullPage: true });
    await page.getByRole("link", { name: player.displayName }).click();
    await expect(page).toHaveURL(new RegExp(`${inquiryUrl}$`));
    await page.getByRole("button", { name: t("detail.answer") }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/chats/[0-9a-f-]{36}$`));
    await page.goto(inquiryUrl);
    await expect(page.getByText(t("status.answered"), { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, browser, javaScriptEnabled, "the inquiry, for its DM");
    if (process.env.INQUIRY_SHOTS) await page.screenshot({ path: `/tmp/inq-detail-${lang}-${javaScriptEnabled}.png`, fullPage: true });
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel(t("detail.date")).fill(day);
    await page.getByLabel(t("detail.time")).fill("19:30");
    await expect(page.getByLabel(t("detail.price", { currency: "MXN" }))).toHaveValue("600");
    await page.getByLabel(t("detail.price", { currency: "MXN" })).fill("0");
    await page.getByRole("button", { name: t("detail.acceptSubmit") }).click();
    await expect(page.getByRole("status").filter({ hasText: t("toasts.accepted") })).toBeVisible();
    const code = (await page.getByTestId("invite-code").textContent())?.trim() ?? "";
    expect(code).toMatch(/^[A-Z2-9]{12}$/);

    // The player has the code by notification, and books the private session with it.
    await page.context().clearCookies();
    await signInAs(page, player);
    await page.goto(`/${lang}/notifications`);
    await expect(page.getByText(text(lang, "notifications", "inquiry_accepted.message", { dm: dm.displayName, code }))).toBeVisible();
    await page.goto(inquiryUrl);
    await page.getByRole("link", { name: t("detail.book") }).click();
    await expect(page).toHaveURL(new RegExp(`/confirm\\?invite=${code}$`));
    await ready(page, javaScriptEnabled);
    await page.getByRole("button", { name: text(lang, "sessions", "booking.confirmFree") }).click();
    await expect(page.getByRole("status").filter({ hasText: text(lang, "sessions", "toasts.bookingConfirmed") })).toBeVisible();
  });
}

// With JavaScript, the form is sent by fetch: when the connection drops, the page stays with every
// value typed and says so, and sending again acts once even if the first send did reach the server.
test("pt: an inquiry whose connection dropped keeps what was typed and is sent once on retry", { tag: "@js-only" }, async ({ page }) => {
  const lang = "pt";
  const t = (key: string) => text(lang, "inquiries", key);
  const stamp = Date.now();
  const dm = await newUser({ role: "dm", preferredLanguage: lang, displayName: `DM ${stamp}` });
  const player = await newUser({ preferredLanguage: lang });
  await getDb()
    .updateTable("profiles")
    .set({ accepts_direct_bookings: true, direct_booking_rate_cents: 20000, direct_booking_currency: "MXN" })
    .where("user_id", "=", dm.id)
    .execute();
  await signInAs(page, player);
  await page.goto(`/${lang}/profile/${dm.id}/inquiry`);
  await page.getByLabel(t("form.playerCount")).selectOption("3");
  await page.getByLabel(t("form.hours")).selectOption("2");
  await page.getByLabel(t("form.open")).check();
  await page.getByLabel(t("form.availability")).fill("Sábados depois das 18:00");
  await page.getByLabel(t("form.details")).fill("Três amigos, primeira vez.");

  // The server gets the first send, but its answer never arrives.
  await page.route("**/*", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    await route.fetch();
    await route.abort("internetdisconnected");
  });
  await page.getByRole("button", { name: t("form.submit") }).click();
  const notice = page.getByRole("alert").filter({ hasText: text(lang, "common", "offline.notSentInline.title") });
  await expect(notice).toContainText(text(lang, "common", "offline.notSentInline.body"));
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile/${dm.id}/inquiry$`));
  await expect(page.getByLabel(t("form.playerCount"))).toHaveValue("3");
  await expect(page.getByLabel(t("form.hours"))).toHaveValue("2");
  await expect(page.getByLabel(t("form.open"))).toBeChecked();
  await expect(page.getByLabel(t("form.availability"))).toHaveValue("Sábados depois das 18:00");
  await expect(page.getByLabel(t("form.details"))).toHaveValue("Três amigos, primeira vez.");

  await page.unroute("**/*");
  await notice.getByRole("button", { name: text(lang, "common", "offline.notSentInline.retry") }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/inquiries/[0-9a-f-]{36}$`));
  const sent = await getDb().selectFrom("direct_inquiries").select(["player_count", "hours", "session_type"]).where("dm_id", "=", dm.id).execute();
  expect(sent).toEqual([{ player_count: 3, hours: 2, session_type: "open" }]);
});
