import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { earningsDesk } from "../../app/modules/earnings/earnings.server";
import { monthOf } from "../../app/modules/earnings/rules";
import { cancelSessionWithRefunds } from "../../app/modules/payments/leave.server";
import { refundCancelledBookings } from "../../app/modules/payments/refunds.server";
import { markOwedRefunds } from "../../app/modules/payments/refunds-repo.server";
import { handleWebhook } from "../../app/modules/payments/webhooks.server";
import { platformFeeBps } from "../../app/modules/payouts/fee-setting.server";
import { applicationFee } from "../../app/modules/payouts/fees";
import { tipSchema } from "../../app/modules/tips/schema";
import { startTip, tipPage } from "../../app/modules/tips/tips.server";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { notificationsOf, payTestDeps, person } from "./pay-fixtures";

useTestDatabase();

// Tips after a game through the use cases, the offline adapter playing the provider (decision record 087).

const now = new Date("2026-11-10T20:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
// The session ended an hour before `now`.
const end = new Date(now.getTime() - HOUR);

async function playedSession(currency = "MXN", dmPayouts: "active" | "none" = "active") {
  const dm = await person("dm", {}, dmPayouts);
  const player = await person();
  const { id } = await createSession({
    host: dm.id,
    startsAt: new Date(end.getTime() - 120 * 60_000),
    durationMinutes: 120,
    status: "COMPLETED",
    priceCents: 25_000,
    currency,
  });
  await bookSeat(id, player.id, { paymentMethod: "CARD", amountCents: 25_000, currency });
  return { dm, player, sessionId: id };
}

const tipsOf = (sessionId: string) => getDb().selectFrom("payments").selectAll().where("session_id", "=", sessionId).where("kind", "=", "tip").execute();
const accountOf = async (userId: string) =>
  (await getDb().selectFrom("payout_accounts").select("account_ref").where("user_id", "=", userId).executeTakeFirstOrThrow()).account_ref;
const form = (currency: "MXN" | "BRL" | "USD", amount: string, method: "CARD" | "OXXO") =>
  tipSchema(currency).parse({ amount, method, key: crypto.randomUUID() });

describe("a tip to the DM after a game", () => {
  it("by card: a payment without a booking, to the DM's account less the platform's fee, paid through the provider's page", async () => {
    const { dm, player, sessionId } = await playedSession();
    const { deps, offline, delivered } = payTestDeps(now);
    const started = await startTip(deps, player, { sessionId, lang: "es", form: form("MXN", "50", "CARD"), oxxoName: "Ana Robles" });
    if (!started.ok) throw new Error(started.refusal);
    expect(started.checkoutUrl).toMatch(/^\/es\/dev\/payments\/cs_offline_|^http/);
    const [tip] = await tipsOf(sessionId);
    expect(tip).toMatchObject({
      kind: "tip",
      booking_id: null,
      session_id: sessionId,
      user_id: player.id,
      amount_cents: 5_000,
      currency: "MXN",
      method: "CARD",
      status: "requires_payment_method",
      transfer_destination: await accountOf(dm.id),
      application_fee_cents: applicationFee(5_000, platformFeeBps()),
    });
    await offline.act(tip!.provider_ref!, "succeed");
    const [paid] = await tipsOf(sessionId);
    expect(paid).toMatchObject({ status: "succeeded", paid_at: now });
    expect(await notificationsOf(dm.id)).toEqual(["tip_received"]);
    expect(await notificationsOf(player.id)).toEqual([]);

    // Every event delivered again (a provider's retry): nothing moves, the DM is not told twice.
    for (const { payload, signature } of delivered) expect(await handleWebhook(deps, payload, signature)).toMatchObject({ ok: true, outcome: "duplicate" });
    expect(await tipsOf(sessionId)).toEqual([paid]);
    expect(await notificationsOf(dm.id)).toEqual(["tip_received"]);

    // The DM's earnings desk shows it as a tip line, the fee taken.
    const desk = await earningsDesk({ db: getDb(), now }, dm, new URLSearchParams(`month=${monthOf(now, dm.timeZone)}`));
    const fee = applicationFee(5_000, platformFeeBps());
    expect(desk.lines).toMatchObject([{ kind: "tip", state: "paid", grossCents: 5_000, feeCents: fee, netCents: 5_000 - fee }]);
  });

  it("by OXXO in pesos: a voucher to pay, then paid; never in reais", async () => {
    const { dm, player, sessionId } = await playedSession();
    const { deps, offline } = payTestDeps(now);
    const started = await startTip(deps, player, { sessionId, lang: "es", form: form("MXN", "20", "OXXO"), oxxoName: "Ana Robles" });
    if (!started.ok) throw new Error(started.refusal);
    expect(started.checkoutUrl).toBeNull();
    const [tip] = await tipsOf(sessionId);
    expect(tip).toMatchObject({ method: "OXXO", status: "requires_action", amount_cents: 2_000, transfer_destination: await accountOf(dm.id) });
    expect(tip!.voucher_reference).toMatch(/^\d+$/);
    await offline.act(tip!.payment_intent_ref!, "succeed");
    expect((await tipsOf(sessionId))[0]).toMatchObject({ status: "succeeded" });
    expect(await notificationsOf(dm.id)).toEqual(["tip_received"]);

    const brl = await playedSession("BRL");
    expect(tipSchema("BRL").safeParse({ amount: "20", method: "OXXO", key: crypto.randomUUID() }).success).toBe(false);
    // Even past the form, the command refuses it.
    const forced = await startTip(deps, brl.player, {
      sessionId: brl.sessionId,
      lang: "pt",
      form: { amount: 2_000, method: "OXXO", key: crypto.randomUUID() },
      oxxoName: "Ana",
    });
    expect(forced).toEqual({ ok: false, refusal: "invalid" });
    expect(await tipsOf(brl.sessionId)).toEqual([]);
    expect(await startTip(deps, brl.player, { sessionId: brl.sessionId, lang: "pt", form: form("BRL", "5", "CARD"), oxxoName: "Ana" })).toMatchObject({
      ok: true,
    });
  });

  it("opens at the session's end and closes 7 days later, both moments included", async () => {
    const { player, sessionId } = await playedSession();
    const at = (when: Date) => payTestDeps(when).deps;
    expect(await tipPage(at(new Date(end.getTime() - 1)), player, sessionId)).toMatchObject({ ok: true, closed: "notEnded" });
    expect(await tipPage(at(end), player, sessionId)).toMatchObject({ ok: true, closed: null });
    expect(await tipPage(at(new Date(end.getTime() + 7 * DAY)), player, sessionId)).toMatchObject({ ok: true, closed: null });
    const late = at(new Date(end.getTime() + 7 * DAY + 1));
    expect(await tipPage(late, player, sessionId)).toMatchObject({ ok: true, closed: "windowClosed" });
    expect(await startTip(late, player, { sessionId, lang: "es", form: form("MXN", "50", "CARD"), oxxoName: "Ana" })).toEqual({
      ok: false,
      refusal: "windowClosed",
    });
    expect(await tipsOf(sessionId)).toEqual([]);
  });

  it("not by a no-show, the DM, a stranger, nor to a DM whose account takes no charges", async () => {
    const { dm, player, sessionId } = await playedSession();
    const { deps } = payTestDeps(now);
    const stranger = await person();
    for (const who of [dm, stranger]) {
      expect(await tipPage(deps, who, sessionId)).toEqual({ ok: false, refusal: "notFound" });
      expect(await startTip(deps, who, { sessionId, lang: "es", form: form("MXN", "50", "CARD"), oxxoName: "X" })).toEqual({ ok: false, refusal: "notFound" });
    }
    await getDb().updateTable("bookings").set({ attendance: "NO_SHOW", attendance_marked_at: now }).where("user_id", "=", player.id).execute();
    expect(await startTip(deps, player, { sessionId, lang: "es", form: form("MXN", "50", "CARD"), oxxoName: "X" })).toEqual({ ok: false, refusal: "notFound" });

    const unpaid = await playedSession("MXN", "none");
    expect(await tipPage(deps, unpaid.player, unpaid.sessionId)).toMatchObject({ ok: true, closed: "hostCannotBePaid" });
    expect(await startTip(deps, unpaid.player, { sessionId: unpaid.sessionId, lang: "es", form: form("MXN", "50", "CARD"), oxxoName: "X" })).toEqual({
      ok: false,
      refusal: "hostCannotBePaid",
    });
    expect([...(await tipsOf(sessionId)), ...(await tipsOf(unpaid.sessionId))]).toEqual([]);
  });

  it("one form sent twice at once makes one payment, and both sends lead to the same page", async () => {
    const { player, sessionId } = await playedSession();
    const { deps } = payTestDeps(now);
    const once = form("MXN", "75.50", "CARD");
    const [a, b] = await Promise.all([
      startTip(deps, player, { sessionId, lang: "es", form: once, oxxoName: "Ana" }),
      startTip(deps, player, { sessionId, lang: "es", form: once, oxxoName: "Ana" }),
    ]);
    expect(a).toMatchObject({ ok: true });
    expect(b).toEqual(a);
    expect(await tipsOf(sessionId)).toHaveLength(1);
    const pages = await getDb()
      .selectFrom("offline_payment_intents")
      .select("id")
      .where(sql<boolean>`metadata::jsonb->>'sessionId' = ${sessionId}`)
      .execute();
    expect(pages).toHaveLength(1);
    // The same key for another amount is not that form's.
    expect(await startTip(deps, player, { sessionId, lang: "es", form: { ...once, amount: 9_000 }, oxxoName: "Ana" })).toEqual({
      ok: false,
      refusal: "formUsed",
    });
  });

  it("is never refunded by the session's cancel or the refund of cancelled seats: those take payments by their booking", async () => {
    const { dm, player, sessionId } = await playedSession();
    const { deps, offline } = payTestDeps(now);
    const started = await startTip(deps, player, { sessionId, lang: "es", form: form("MXN", "50", "CARD"), oxxoName: "Ana" });
    if (!started.ok) throw new Error(started.refusal);
    const [tip] = await tipsOf(sessionId);
    await offline.act(tip!.provider_ref!, "succeed");
    // The DM cannot cancel a session that took place…
    expect(await cancelSessionWithRefunds(deps, dm, sessionId)).toMatchObject({ ok: false });
    // …and even a session and its seats cancelled afterwards (by an admin) refund seats only.
    await getDb().updateTable("sessions").set({ status: "CANCELLED", cancelled_by: "ADMIN", cancelled_at: now }).where("id", "=", sessionId).execute();
    await getDb()
      .updateTable("bookings")
      .set({ status: "CANCELLED", cancelled_by: "ADMIN", cancelled_at: now, updated_at: now })
      .where("session_id", "=", sessionId)
      .execute();
    await refundCancelledBookings(deps, sessionId, null, "session_cancelled");
    await markOwedRefunds(getDb(), { since: new Date(now.getTime() - DAY), before: new Date(now.getTime() + DAY), now, limit: 100 });
    expect((await tipsOf(sessionId))[0]).toMatchObject({ status: "succeeded", refunded_at: null, refund_reason: null });
    const paidTip = (await tipsOf(sessionId))[0]!;
    expect(paidTip.payment_intent_ref).toMatch(/^pi_offline_/);
    expect(
      await getDb()
        .selectFrom("offline_payment_intents")
        .select("id")
        .where("kind", "=", "refund")
        .where("payment_intent_id", "=", paidTip.payment_intent_ref)
        .execute(),
    ).toEqual([]);
  });
});
