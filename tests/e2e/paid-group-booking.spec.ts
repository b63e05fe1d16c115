import { createSession } from "../fixtures/sessions";
import { escapeRegExp, expect, newUser, openMail, ready, signInAs, test, uniqueEmail } from "./fixtures";
import { text } from "./locale-text";

// A paid session's group on a 360 px phone: the booker sees every total written out, pays once by
// card on the provider's page for their own seat and two guests', returns to the group page with
// the payment confirmed, and a guest gets the booking mail only then. One language per project
// (the free journey covers es, en and pt): English with JavaScript, Portuguese without.

test.use({ viewport: { width: 360, height: 740 } });

test("a player pays once for their seat and two guests' in a paid session", async ({ page, javaScriptEnabled }) => {
  const lang = javaScriptEnabled ? "en" : "pt";
  const t = (key: string, values?: Record<string, string | number>) => text(lang, "groups", key, values);
  const stamp = Date.now();
  const host = await newUser({ role: "dm" });
  const booker = await newUser({ preferredLanguage: lang, displayName: `Pagadora ${stamp}` });
  const title = `Mesa paga de grupo ${stamp}`;
  const { id } = await createSession({
    host: host.id,
    title,
    maxParticipants: 6,
    priceCents: 25000,
    paymentMethods: ["CARD", "OXXO"],
    startsAt: new Date(Date.now() + 10 * 86_400_000),
  });
  await signInAs(page, booker);

  await page.goto(`/${lang}/session/${id}`);
  await page.getByRole("link", { name: t("page.title") }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/session/${id}/group$`));
  await ready(page, javaScriptEnabled);
  const terms = page.getByTestId("paid-group-terms");
  // Six seats: the booker and up to five guests, so five totals and five guest rows.
  await expect(terms.getByRole("listitem")).toHaveCount(5);
  await expect(page.getByRole("group", { name: text(lang, "groups", "page.guest", { n: 5 }) })).toBeVisible();
  await expect(page.getByRole("group", { name: text(lang, "groups", "page.guest", { n: 6 }) })).toHaveCount(0);
  await expect(terms.getByRole("listitem").nth(1)).toContainText("750");

  const claimer = uniqueEmail("paidguest");
  const guests = [
    { name: "Rosa Lima", email: claimer },
    { name: "Tomás Vidal", email: uniqueEmail("paidguest") },
  ];
  const row = (i: number) => page.getByRole("group", { name: t("page.guest", { n: i + 1 }) });
  for (const [i, g] of guests.entries()) {
    await row(i).getByLabel(t("page.name")).fill(g.name);
    await row(i).getByLabel(t("page.email")).fill(g.email);
  }
  await page.getByRole("radio", { name: t("paid.card") }).check();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(360);
  await page.getByRole("button", { name: t("paid.submit") }).click();

  // The provider's page (the offline adapter's here) takes the card for the whole group.
  await expect(page).toHaveURL(new RegExp(`/${lang}/dev/payments/cs_offline_[0-9a-f]+$`));
  await page.getByRole("button", { name: text(lang, "payments", "dev.succeed") }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/session/${escapeRegExp(id)}/group\\?payment=success$`));
  await expect(page.getByTestId("group-payment")).toContainText(t("paid.confirmed", { amount: "" }).split(":")[0]!);
  await expect(page.getByTestId("group-payment")).toContainText("750");
  await expect(page.getByTestId("seats-left")).toHaveText(t("page.seatsLeft", { count: 3 }));
  await expect(page.getByTestId("group-seats").getByText(t("page.held"), { exact: true })).toHaveCount(2);

  // Once paid, each guest is mailed an invitation to accept, as in a free session; the mail names the
  // booker only, never the session's or the guests' typed text.
  await page.context().clearCookies();
  await openMail(page, lang, claimer, new RegExp(escapeRegExp(t("mail.subject", { booker: booker.displayName }))));
});
