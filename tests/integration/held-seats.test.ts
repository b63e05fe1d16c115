import type { LoaderFunction } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { cancelSession } from "../../app/modules/bookings/cancel-session.server";
import { startCardIntent, startOxxoPayment } from "../../app/modules/payments/payments.server";
import { refundCancelledBookings } from "../../app/modules/payments/refunds.server";
import { loader as profilePage } from "../../app/routes/$lang.profile.$id/route";
import { loader as sessionPage } from "../../app/routes/$lang.session.$id._index/route";
import { loader as cancelPage } from "../../app/routes/$lang.session.$id.cancel";
import { loader as confirmPage } from "../../app/routes/$lang.session.$id.confirm/route";
import { useTestDatabase } from "../setup/database";
import { loginCookie } from "./helpers";
import { notificationsOf, now, paidSession, payTestDeps, person } from "./pay-fixtures";
import { run } from "./route";

useTestDatabase();

// A seat held while its payment is not in must never look like a booking (issue: 'a declined card
// leaves a booking that looks real'): the session page, the confirmation page and the host's list.
const base = "http://127.0.0.1:3000";
const context = { now } as never;

type SessionData = {
  joined: boolean;
  held: { state: string; until: string | null; voucherHref: string | null } | null;
  refunded: boolean;
  chat: string;
  paymentReturn: string | null;
  session: { booked: number; held: number };
  participants: { name: string; paymentPending: boolean }[] | null;
};

async function viewAs(userId: string, path: string, loader: LoaderFunction, params: Record<string, string>) {
  const cookie = await loginCookie(userId);
  return (await run(loader, new Request(`${base}${path}`, { headers: { Cookie: cookie } }), params, context)).data;
}
const sessionAs = (userId: string, id: string, lang = "es", query = "") =>
  viewAs(userId, `/${lang}/session/${id}${query}`, sessionPage, { lang, id }) as Promise<SessionData>;

describe("a seat held while its payment is not in", () => {
  it("a declined card: 'payment failed, try again', no booking badge, no cash notice, a payment_failed notice; the host sees it marked", async () => {
    const { deps, offline } = payTestDeps();
    const host = await person("dm");
    const player = await person();
    const id = await paidSession(host.id, 3);
    const started = await startCardIntent(deps, player, { sessionId: id });
    if (!started.ok) throw new Error(started.refusal);

    const pending = await sessionAs(player.id, id);
    expect(pending).toMatchObject({ joined: false, held: { state: "paymentPending" }, chat: "none", session: { booked: 1, held: 1 } });

    expect(await offline.act(started.paymentIntentId, "fail")).toMatchObject({ ok: true });
    const declined = await sessionAs(player.id, id, "es", "?payment=success");
    expect(declined).toMatchObject({ joined: false, held: { state: "paymentFailed" }, chat: "none", paymentReturn: null, session: { held: 1 } });
    expect(declined.held!.until).toBeTruthy();
    expect(await notificationsOf(player.id)).toEqual(["payment_failed"]);

    const confirm = (await viewAs(player.id, `/en/session/${id}/confirm`, confirmPage, { lang: "en", id })) as {
      booked: boolean;
      payment: { pending: { state: string } | null; promise: string };
    };
    expect(confirm).toMatchObject({ booked: false, payment: { pending: { state: "paymentFailed" }, promise: "booking.securityPaid" } });

    // The player's own profile lists the session as a pending payment, not as joined (and offers no leaving).
    const profile = (await viewAs(player.id, `/es/profile/${player.id}`, profilePage, { lang: "es", id: player.id })) as {
      mine: { cards: { id: string; badges: string[] }[] };
    };
    expect(profile.mine.cards.find((c) => c.id === id)?.badges).toEqual(["paymentPending"]);

    const hostView = await sessionAs(host.id, id);
    expect(hostView.participants).toEqual([expect.objectContaining({ paymentPending: true })]);

    // Paid at last: a booking, shown as one.
    expect(await offline.act(started.paymentIntentId, "succeed")).toMatchObject({ ok: true });
    expect(await sessionAs(player.id, id, "es", "?payment=success")).toMatchObject({ joined: true, held: null, chat: "member", paymentReturn: "voucher.paid" });
    expect((await sessionAs(host.id, id)).participants).toEqual([expect.objectContaining({ paymentPending: false })]);
    const after = (await viewAs(player.id, `/es/profile/${player.id}`, profilePage, { lang: "es", id: player.id })) as {
      mine: { cards: { id: string; badges: string[] }[] };
    };
    expect(after.mine.cards.find((c) => c.id === id)?.badges).toEqual(["joined"]);
  });

  it("an OXXO voucher: 'payment pending' with the voucher and the cash-payment notice", async () => {
    const { deps } = payTestDeps();
    const host = await person("dm");
    const player = await person();
    const id = await paidSession(host.id, 3);
    const started = await startOxxoPayment(deps, player, { sessionId: id, firstName: "Ana", lastName: "Robles" });
    if (!started.ok) throw new Error(started.refusal);
    expect(await sessionAs(player.id, id, "pt")).toMatchObject({
      joined: false,
      held: { state: "voucherPending", voucherHref: `/pt/booking/${started.bookingId}/voucher` },
      chat: "afterPayment",
    });
  });
});

describe("paid sessions' words", () => {
  it("the confirmation page promises a free seat at once and a paid one when the payment is received", async () => {
    const host = await person("dm");
    const player = await person();
    const paid = await paidSession(host.id, 3);
    const free = await paidSession(host.id, 3, { price_cents: 0, allowed_payment_methods: [] });
    for (const [id, promise] of [
      [paid, "booking.securityPaid"],
      [free, "booking.security"],
    ] as const)
      expect(await viewAs(player.id, `/es/session/${id}/confirm`, confirmPage, { lang: "es", id })).toMatchObject({ payment: { promise } });
  });

  it("the host's cancel page says paid seats are refunded; the player's cancelled page says their payment is", async () => {
    const { deps, offline } = payTestDeps();
    const host = await person("dm");
    const player = await person();
    const bystander = await person();
    const id = await paidSession(host.id, 3);
    const free = await paidSession(host.id, 3, { price_cents: 0, allowed_payment_methods: [] });
    expect(await viewAs(host.id, `/es/session/${id}/cancel`, cancelPage, { lang: "es", id })).toMatchObject({ refunds: true });
    expect(await viewAs(host.id, `/es/session/${free}/cancel`, cancelPage, { lang: "es", id: free })).toMatchObject({ refunds: false });

    const started = await startCardIntent(deps, player, { sessionId: id });
    if (!started.ok) throw new Error(started.refusal);
    await offline.act(started.paymentIntentId, "succeed");
    expect((await cancelSession(deps, host, id)).ok).toBe(true);
    await refundCancelledBookings(deps, id, null, "session_cancelled");
    expect(await sessionAs(player.id, id, "en")).toMatchObject({ refunded: true, joined: false, held: null });
    expect(await sessionAs(bystander.id, id, "en")).toMatchObject({ refunded: false });
  });
});

describe("the OXXO voucher in Portuguese", () => {
  it("is never called 'boleto' (Brazil's bank slip, which the same pages offer by that name)", async () => {
    const fs = await import("node:fs");
    const read = (ns: string) => JSON.parse(fs.readFileSync(`public/locales/pt/${ns}.json`, "utf8")) as Record<string, Record<string, unknown>>;
    const payments = read("payments");
    const oxxoTexts = JSON.stringify([
      payments.oxxo,
      payments.voucher,
      payments.errors,
      payments.toasts,
      read("emails").oxxoVoucher,
      read("notifications").payment_due,
    ]);
    expect(oxxoTexts).not.toMatch(/boleto/i);
    // The bank slip keeps its own name.
    expect(JSON.stringify(payments.dev)).toMatch(/Boleto bancário/);
  });
});
