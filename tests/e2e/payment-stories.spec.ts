import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { getDb } from "../../db/client.server";
import { actAs, escapeRegExp, expect, hostPaidSession, newUser, test, type TestUser } from "./fixtures";
import { journeyRuns, type Lang } from "./locale-text";

// The paid stories told end to end with the offline adapter, in every language, with the texts
// read from the locale files: card (declined, then paid), OXXO (paid, lapsed) and the host's
// cancellation. The test payment page plays Stripe and posts the signed events to the webhook.

type Notice = { title: string };
type Texts = {
  sessions: {
    booking: Record<
      "alreadyBooked" | "full" | "joinWaitlist" | "onWaitlist" | "offer" | "leave" | "cancelConfirm" | "cancelledBanner" | "refundPolicy" | "payAgain",
      string
    >;
    toasts: Record<"sessionCancelled", string>;
  };
  payments: {
    card: Record<"pay" | "title" | "continue", string>;
    oxxo: Record<"pay" | "title" | "firstName" | "lastName" | "confirm", string>;
    voucher: Record<"heading" | "paid" | "paidHeading" | "lapsed" | "download", string>;
    dev: Record<"title" | "succeed" | "fail" | "expire" | "done" | "declined", string>;
  };
  notifications: Record<"booking_confirmed" | "waitlist_spot_available" | "refund_processed" | "session_cancelled", Notice>;
};
const read = (lang: Lang, ns: string) => JSON.parse(fs.readFileSync(path.resolve(`public/locales/${lang}/${ns}.json`), "utf8")) as unknown;
const texts = (lang: Lang) => ({ sessions: read(lang, "sessions"), payments: read(lang, "payments"), notifications: read(lang, "notifications") }) as Texts;
const before = (text: string, marker: string) => text.slice(0, text.indexOf(marker));

/** A paid session (hostPaidSession) whose title names the language it is booked in. */
const paidSession = (page: Page, host: TestUser, lang: Lang, fields: Record<string, unknown> = {}) =>
  hostPaidSession(page, host, { title: `Mesa paga ${lang} ${Date.now()}`, ...fields });

/**
 * From the confirmation page to the test payment page by 'Pay by card': with JavaScript through
 * the card dialog and its continue link (a PaymentIntent), without it the form post goes to the
 * hosted card page (a Checkout Session). A player whose seat is already held by a card payment
 * tries again by that form post in both projects.
 */
async function openCardPayment(page: Page, t: Texts, lang: Lang, id: string, javaScriptEnabled: boolean, held = false) {
  await page.goto(`/${lang}/session/${id}/confirm`);
  // The written refund policy stands beside the price before anyone pays.
  await expect(page.getByText(t.sessions.booking.refundPolicy)).toBeVisible();
  // After a declined card the confirmation page offers the card again (and OXXO, decision record 048) as plain form posts.
  await page.getByRole("button", { name: t.payments.card.pay }).click();
  if (javaScriptEnabled && !held) {
    const dialog = page.getByRole("dialog", { name: t.payments.card.title });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("link", { name: t.payments.card.continue }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/dev/payments/pi_offline_[0-9a-f]+$`));
  } else {
    await expect(page).toHaveURL(new RegExp(`/${lang}/dev/payments/cs_offline_[0-9a-f]+$`));
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.payments.dev.title);
}

/** Pays a seat by card on the test payment page; the webhook confirms it before the redirect. */
async function payByCard(page: Page, t: Texts, lang: Lang, id: string, javaScriptEnabled: boolean, held = false) {
  await openCardPayment(page, t, lang, id, javaScriptEnabled, held);
  await page.getByRole("button", { name: t.payments.dev.succeed }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/session/${id}\\?payment=success$`));
}

/** Books the seat by OXXO through the name page (the dialog has its own spec) and returns the voucher's offline intent id. */
async function bookByOxxo(page: Page, t: Texts, lang: Lang, id: string) {
  await page.goto(`/${lang}/session/${id}/confirm`);
  await page.goto((await page.getByRole("link", { name: t.payments.oxxo.pay }).getAttribute("href"))!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.payments.oxxo.title);
  await page.getByLabel(t.payments.oxxo.firstName, { exact: true }).fill("Ana");
  await page.getByLabel(t.payments.oxxo.lastName, { exact: true }).fill("Robles");
  await page.getByRole("button", { name: t.payments.oxxo.confirm }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/booking/[0-9a-f-]{36}/voucher$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.payments.voucher.heading);
  const pdf = await page.getByRole("link", { name: t.payments.voucher.download }).getAttribute("href");
  return { voucherUrl: page.url(), intent: /\/api\/payments\/offline\/(pi_offline_[0-9a-f]+)\/voucher/.exec(pdf!)![1]! };
}

/** Plays the provider's part for one offline payment: the button of `outcome` on the test payment page. */
async function settle(page: Page, t: Texts, lang: Lang, intent: string, outcome: "succeed" | "expire") {
  await page.goto(`/${lang}/dev/payments/${intent}`);
  await page.getByRole("button", { name: t.payments.dev[outcome] }).click();
  await expect(page.getByTestId("offline-status")).toHaveText(outcome === "succeed" ? "succeeded" : "expired");
}

/** The notifications the signed-in user sees, by their titles in the page's language. */
async function expectNotices(page: Page, lang: Lang, notices: Notice[]) {
  await page.goto(`/${lang}/notifications`);
  for (const { title } of notices) await expect(page.getByRole("listitem").filter({ hasText: title }).first()).toBeVisible();
}

for (const { lang, tag } of journeyRuns(1)) {
  const t = texts(lang);

  test(`card in ${lang}: a declined card, then a paid one; the webhook books the seat and the player is told`, { tag }, async ({ page, javaScriptEnabled }) => {
    const host = await newUser({ role: "dm" });
    const player = await newUser({ preferredLanguage: lang });
    const id = await paidSession(page, host, lang);

    await actAs(page, player);
    await openCardPayment(page, t, lang, id, javaScriptEnabled);
    await page.getByRole("button", { name: t.payments.dev.fail }).click();
    await expect(page.getByText(t.payments.dev.declined)).toBeVisible();
    // Declined: no seat yet; the seat stays held and the player tries again from the confirmation page.
    await page.goto(`/${lang}/session/${id}/confirm`);
    await expect(page.getByText(t.sessions.booking.alreadyBooked)).toHaveCount(0);
    await payByCard(page, t, lang, id, javaScriptEnabled, true);
    await expect(page.getByText(t.payments.voucher.paid)).toBeVisible();
    await expect(page.getByRole("link", { name: t.sessions.booking.leave })).toBeVisible();
    await page.goto(`/${lang}/session/${id}/confirm`);
    await expect(page.getByText(t.sessions.booking.alreadyBooked)).toBeVisible();
    await expectNotices(page, lang, [t.notifications.booking_confirmed]);
  });

  test(`OXXO in ${lang}: a voucher holds the last seat, lapses unpaid and the seat goes to the waitlist`, { tag }, async ({ page }) => {
    const host = await newUser({ role: "dm" });
    const [first, second] = [await newUser({ preferredLanguage: lang }), await newUser({ preferredLanguage: lang })];
    const id = await paidSession(page, host, lang, { maxParticipants: 1 });

    await actAs(page, first);
    const { voucherUrl, intent } = await bookByOxxo(page, t, lang, id);

    await actAs(page, second);
    await page.goto(`/${lang}/session/${id}/confirm`);
    await expect(page.getByText(t.sessions.booking.full)).toBeVisible();
    await page.getByRole("button", { name: t.sessions.booking.joinWaitlist }).click();
    await expect(page.getByText(t.sessions.booking.onWaitlist.replace("{{position}}", "1"))).toBeVisible();

    await settle(page, t, lang, intent, "expire");
    await page.goto(`/${lang}/session/${id}/confirm`);
    await expect(page.getByText(before(t.sessions.booking.offer, "{{until}}"))).toBeVisible();
    await expectNotices(page, lang, [t.notifications.waitlist_spot_available]);

    await actAs(page, first);
    await page.goto(voucherUrl);
    await expect(page.getByText(t.payments.voucher.lapsed)).toBeVisible();
  });

  test(`OXXO in ${lang}: the voucher paid at the store confirms the seat`, { tag }, async ({ page }) => {
    const host = await newUser({ role: "dm" });
    const player = await newUser({ preferredLanguage: lang });
    const id = await paidSession(page, host, lang);

    await actAs(page, player);
    const { voucherUrl, intent } = await bookByOxxo(page, t, lang, id);
    await settle(page, t, lang, intent, "succeed");
    await page.goto(voucherUrl);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(t.payments.voucher.paidHeading);
    await expectNotices(page, lang, [t.notifications.booking_confirmed]);
  });

  test(`host cancels in ${lang}: every paid seat is refunded and the players are told`, { tag }, async ({ page, javaScriptEnabled }) => {
    const host = await newUser({ role: "dm", preferredLanguage: lang });
    const players = [await newUser({ preferredLanguage: lang }), await newUser({ preferredLanguage: lang })];
    const id = await paidSession(page, host, lang);
    for (const player of players) {
      await actAs(page, player);
      await payByCard(page, t, lang, id, javaScriptEnabled);
    }

    await actAs(page, host);
    await page.goto(`/${lang}/session/${id}/cancel`);
    await page.getByRole("button", { name: t.sessions.booking.cancelConfirm }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/session/${escapeRegExp(id)}$`));
    await expect(page.getByText(t.sessions.toasts.sessionCancelled)).toBeVisible();

    const bookings = await getDb().selectFrom("bookings").select(["user_id", "status"]).where("session_id", "=", id).execute();
    expect(bookings.map((b) => b.status)).toEqual(["REFUNDED", "REFUNDED"]);
    for (const player of players) {
      await actAs(page, player);
      await page.goto(`/${lang}/session/${id}`);
      await expect(page.getByText(t.sessions.booking.cancelledBanner)).toBeVisible();
      await expectNotices(page, lang, [t.notifications.refund_processed, t.notifications.session_cancelled]);
    }
  });
}
