import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { PlainHtmlProvider } from "../../app/components/ui/link";
import type { Requester } from "../../app/modules/auth/session.server";
import type { Locale } from "../../app/modules/i18n/config";
import { startCardCheckout } from "../../app/modules/payments/payments.server";
import { default as ConfirmPage, loader as confirmLoader } from "../../app/routes/$lang.session.$id.confirm/route";
import { action as oxxoAction, loader as oxxoLoader } from "../../app/routes/$lang.session.$id.oxxo/route";
import { testTranslations } from "../fixtures/i18n";
import { useTestDatabase } from "../setup/database";
import { loginCookie } from "./helpers";
import { bookingsOf, counter, now, paidSession, paymentsOf, payTestDeps, person } from "./pay-fixtures";
import { form, run } from "./route";

useTestDatabase();

// After a declined card the player comes back to the confirmation page without JavaScript: it says
// the payment was declined and offers every way to pay the held seat again (the card, and an OXXO
// voucher where the session takes one); choosing the voucher pays the same seat, never a second one.
const base = "http://localhost:3000";
const context = { now } as never;

const translations = (lang: Locale) => testTranslations(lang, ["common", "sessions", "payments"]);

/** The confirmation page as a player without scripts gets it: the real loader, then the page's markup. */
async function confirmationHtml(player: Player, id: string, lang: Locale = "es") {
  const url = `${base}/${lang}/session/${id}/confirm`;
  const loaded = await run(confirmLoader, new Request(url, { headers: { Cookie: player.cookie } }), { lang, id }, context);
  expect(loaded.status).toBe(200);
  const element = createElement(I18nextProvider, { i18n: translations(lang) }, createElement(PlainHtmlProvider, { value: true }, createElement(ConfirmPage)));
  const handler = createStaticHandler([{ id: "confirm", path: `/${lang}/session/:id/confirm`, loader: () => loaded.data as object, element }]);
  const routed = await handler.query(new Request(url));
  if (routed instanceof Response) throw new Error("unexpected redirect");
  const html = renderToStaticMarkup(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, routed), context: routed }));
  return { data: loaded.data as { payment: { pending: { state: string; method: string; payAgain: { card: boolean; oxxo: string } } | null } }, html };
}

type Player = Requester & { cookie: string };
const signedInPlayer = async (): Promise<Player> => {
  const who = await person();
  return { ...who, cookie: await loginCookie(who.id) };
};

/** 'Pay by card' without script: the hosted card page (the confirmation page's form post starts it), played by the offline adapter. */
async function cardPage(player: Player, id: string) {
  const { deps, offline } = payTestDeps();
  const started = await startCardCheckout(deps, player, { sessionId: id, lang: "es", inviteCode: null, address: "127.0.0.1" });
  if (!started.ok) throw new Error(started.refusal);
  return { checkout: started.url.split("/").pop()!, offline };
}

/** The player's card is declined on the hosted page (its events reach the webhook handler). */
async function declinedCard(player: Player, id: string) {
  const { checkout, offline } = await cardPage(player, id);
  expect(await offline.act(checkout, "fail", "card")).toMatchObject({ ok: true });
}

const oxxoPage = (player: Player, id: string) =>
  run(oxxoLoader, new Request(`${base}/es/session/${id}/oxxo`, { headers: { Cookie: player.cookie } }), { lang: "es", id }, context);
const sendNames = (player: Player, id: string) =>
  run(oxxoAction, form(`${base}/es/session/${id}/oxxo`, { firstName: "Ana", lastName: "Robles" }, { Cookie: player.cookie }), { lang: "es", id }, context);

const payCardForm =
  /<form method="post" action="\/es\/session\/[0-9a-f-]{36}\/confirm"[^>]*><input type="hidden" name="intent" value="payCard"\/>(?:(?!<\/form>).)*<button[^>]*>Pagar con tarjeta<\/button><\/form>/;

describe("the confirmation page after a declined card", () => {
  it("in an MXN session: the declined message, the card and OXXO as plain HTML; OXXO then pays the same held seat", async () => {
    const host = await person("dm");
    const player = await signedInPlayer();
    const id = await paidSession(host.id, 3);

    // Before the decline a card payment is under way: no voucher beside it (both could be paid).
    const { checkout, offline } = await cardPage(player, id);
    expect((await confirmationHtml(player, id)).data.payment.pending).toMatchObject({ state: "paymentPending", payAgain: { card: true, oxxo: "hidden" } });
    expect((await oxxoPage(player, id)).headers.get("Location")).toBe(`/es/session/${id}/confirm`);
    expect((await sendNames(player, id)).headers.get("Location")).toBe(`/es/session/${id}/confirm`);
    expect(await paymentsOf((await bookingsOf(id))[0]!.id)).toHaveLength(1);

    expect(await offline.act(checkout, "fail", "card")).toMatchObject({ ok: true });
    const { data, html } = await confirmationHtml(player, id);
    expect(data.payment.pending).toEqual(expect.objectContaining({ state: "paymentFailed", payAgain: { card: true, oxxo: "available" } }));
    expect(html).toContain("Tu pago no se completó y tu lugar aún no está confirmado.");
    expect(html).toMatch(payCardForm);
    // The card form carries lines and veils as plain fields (decision record 061).
    expect(html).toMatch(/value="payCard"\/>(?:(?!<\/form>).)*name="safetyNote"/);
    expect(html).toContain(`<a href="/es/session/${id}/oxxo" class="`);
    expect(html).toContain(">Pagar en OXXO</a>");
    expect(html).not.toContain("Ya estás inscrito");

    // The OXXO name page opens for the held seat, and its form makes the voucher for it.
    const page = await oxxoPage(player, id);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ heading: "Pago en efectivo en OXXO" });
    const [held] = await bookingsOf(id);
    const made = await sendNames(player, id);
    expect(made.status).toBe(302);
    expect(made.headers.get("Location")).toBe(`/es/booking/${held!.id}/voucher`);

    // Still one booking, still held (now until the voucher lapses), paid by voucher; the seat counted once.
    const bookings = await bookingsOf(id);
    expect(bookings).toEqual([expect.objectContaining({ id: held!.id, user_id: player.id, status: "PENDING_PAYMENT", payment_method: "OXXO" })]);
    expect(new Date(bookings[0]!.hold_until!).getTime()).toBeGreaterThan(new Date(held!.hold_until!).getTime());
    expect(await counter(id)).toBe(1);
    const payments = await paymentsOf(held!.id);
    expect(payments.map((p) => [p.method, p.status])).toEqual([
      ["CARD", "requires_payment_method"],
      ["OXXO", "requires_action"],
    ]);
    expect(payments[1]!.voucher_reference).toMatch(/^\d{18}$/);

    // Back on the confirmation page: the voucher to pay, no card form; sent again, the same voucher.
    const after = await confirmationHtml(player, id);
    expect(after.data.payment.pending).toMatchObject({ state: "voucherPending", method: "OXXO", payAgain: { card: false, oxxo: "hidden" } });
    expect(after.html).toContain(`href="/es/booking/${held!.id}/voucher"`);
    expect(after.html).not.toMatch(payCardForm);
    expect((await sendNames(player, id)).headers.get("Location")).toBe(`/es/booking/${held!.id}/voucher`);
    expect(await paymentsOf(held!.id)).toHaveLength(2);
    expect(await bookingsOf(id)).toHaveLength(1);
  });

  it("sent twice at once, the voucher form makes one voucher for the one held seat", async () => {
    const host = await person("dm");
    const player = await signedInPlayer();
    const id = await paidSession(host.id, 3);
    await declinedCard(player, id);
    const answers = await Promise.all([sendNames(player, id), sendNames(player, id)]);
    const [held] = await bookingsOf(id);
    expect(answers.map((a) => a.headers.get("Location"))).toEqual([`/es/booking/${held!.id}/voucher`, `/es/booking/${held!.id}/voucher`]);
    expect(await bookingsOf(id)).toHaveLength(1);
    const payments = await paymentsOf(held!.id);
    expect(payments.map((p) => p.method)).toEqual(["CARD", "OXXO"]);
    expect(await counter(id)).toBe(1);
  });

  it("in a session not in MXN: the declined message and the card only; the voucher form refuses", async () => {
    const host = await person("dm");
    const player = await signedInPlayer();
    const id = await paidSession(host.id, 3, { currency: "USD", allowed_payment_methods: ["CARD"] });
    await declinedCard(player, id);
    const { data, html } = await confirmationHtml(player, id, "en");
    expect(data.payment.pending).toMatchObject({ state: "paymentFailed", payAgain: { card: true, oxxo: "hidden" } });
    expect(html).toContain("Your payment did not go through and your seat is not confirmed yet.");
    expect(html).toContain(">Pay by card</button>");
    expect(html).not.toContain("/oxxo");
    expect(html).not.toContain("Pay at OXXO");
    expect((await oxxoPage(player, id)).headers.get("Location")).toBe(`/es/session/${id}/confirm`);
    expect((await sendNames(player, id)).headers.get("Location")).toBe(`/es/session/${id}/confirm`);
    const [held] = await bookingsOf(id);
    expect(held).toMatchObject({ status: "PENDING_PAYMENT", payment_method: "CARD" });
    expect((await paymentsOf(held!.id)).map((p) => p.method)).toEqual(["CARD"]);
  });

  it("in an MXN session too close to the start for a voucher: OXXO greyed out with its note", async () => {
    const host = await person("dm");
    const player = await signedInPlayer();
    const id = await paidSession(host.id, 3, { starts_at: new Date(now.getTime() + 72 * 3_600_000) });
    await declinedCard(player, id);
    const { data, html } = await confirmationHtml(player, id);
    expect(data.payment.pending).toMatchObject({ state: "paymentFailed", payAgain: { card: true, oxxo: "tooClose" } });
    expect(html).toMatch(payCardForm);
    expect(html).toMatch(/<button type="button" disabled="" aria-describedby="oxxo-not-eligible"[^>]*>Pagar en OXXO<\/button>/);
    expect(html).not.toContain(`/es/session/${id}/oxxo`);
    expect((await sendNames(player, id)).headers.get("Location")).toBe(`/es/session/${id}/confirm`);
    expect((await paymentsOf((await bookingsOf(id))[0]!.id)).map((p) => p.method)).toEqual(["CARD"]);
  });
});
