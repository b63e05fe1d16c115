import fs from "node:fs";
import path from "node:path";
import { actAs, expect, hostSession, newUser, signInAs, test } from "./fixtures";

// The whole free-seat story (book, wait in line, take the offer, leave) in Spanish and
// Portuguese, read from the locale files; bookings.spec.ts tells it in English.
type Texts = {
  booking: Record<"book" | "full" | "confirmFree" | "joinWaitlist" | "onWaitlist" | "offer" | "leave" | "leaveConfirm", string>;
  toasts: Record<"bookingConfirmed" | "bookingLeft", string>;
};
const texts = (lang: string) => JSON.parse(fs.readFileSync(path.resolve(`public/locales/${lang}/sessions.json`), "utf8")) as Texts;
const before = (text: string, marker: string) => text.slice(0, text.indexOf(marker));

for (const lang of ["es", "pt"] as const) {
  test(`in ${lang}: a player books, another waits, takes the offer when the first leaves, then leaves too`, async ({ page, javaScriptEnabled }) => {
    const t = texts(lang);
    const host = await newUser({ role: "dm" });
    const [first, second] = [await newUser({ preferredLanguage: lang }), await newUser({ preferredLanguage: lang })];
    await signInAs(page, host);
    const id = await hostSession(page, { maxParticipants: 1, minPlayers: 1, title: `Uma vaga ${lang} ${Date.now()}` });

    await actAs(page, first);
    await page.goto(`/${lang}/session/${id}`);
    await page.getByRole("link", { name: t.booking.book }).click();
    await page.getByRole("button", { name: t.booking.confirmFree }).click();
    await expect(page.getByText(t.toasts.bookingConfirmed)).toBeVisible();

    await actAs(page, second);
    await page.goto(`/${lang}/session/${id}/confirm`);
    await expect(page.getByText(t.booking.full)).toBeVisible();
    await page.getByRole("button", { name: t.booking.joinWaitlist }).click();
    await expect(page.getByText(t.booking.onWaitlist.replace("{{position}}", "1"))).toBeVisible();

    const leave = async () => {
      await page.goto(`/${lang}/session/${id}`);
      await page.getByRole("link", { name: t.booking.leave }).click();
      if (javaScriptEnabled) await expect(page.getByRole("dialog")).toBeVisible();
      else await expect(page).toHaveURL(new RegExp(`/${lang}/session/${id}/leave$`));
      await page.getByRole("button", { name: t.booking.leaveConfirm }).click();
      await expect(page.getByText(t.toasts.bookingLeft)).toBeVisible();
    };
    await actAs(page, first);
    await leave();

    await actAs(page, second);
    await page.goto(`/${lang}/session/${id}/confirm`);
    await expect(page.getByText(before(t.booking.offer, "{{until}}"))).toBeVisible();
    await page.getByRole("button", { name: t.booking.confirmFree }).click();
    await expect(page.getByText(t.toasts.bookingConfirmed)).toBeVisible();
    await leave();
    await expect(page.getByRole("link", { name: t.booking.book })).toBeVisible();
  });
}
