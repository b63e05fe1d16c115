import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refundByHand, retryRefundNow } from "../../app/modules/moderation/refund-desk.server";
import { CLAIM_MINUTES } from "../../app/modules/payments/refunds.server";
import { claimDueRefunds } from "../../app/modules/payments/repo.server";
import { REFUND_MAX_TRIES } from "../../app/modules/payments/rules";
import { handleWebhook } from "../../app/modules/payments/webhooks.server";
import { action as deskAction, loader as deskPage } from "../../app/routes/$lang.admin.refunds/route";
import type { Payments } from "../../app/services/payments/payments";
import { webhookReply } from "../../app/web/refusals.server";
import { getDb } from "../../db/client.server";
import { failedRefund } from "../fixtures/refunds";
import { bookSeat, createSession } from "../fixtures/sessions";
import { type SignedInUser, signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { auditCount } from "./helpers";
import { now, payTestDeps, person } from "./pay-fixtures";
import { form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const es = { lang: "es" };
const db = () => getDb();

const paymentRow = (id: string) =>
  db()
    .selectFrom("payments")
    .select(["status", "refund_attempts", "refund_error", "refund_ref", "refund_reason", "refund_next_try_at", "updated_at"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const bookingStatus = async (id: string) => (await db().selectFrom("bookings").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const auditOf = (targetId: string) =>
  db().selectFrom("audit_log").select(["actor_id", "action", "target_kind", "reason", "created_at"]).where("target_id", "=", targetId).execute();

/** The offline adapter with its refund requests counted; each waits a turn so parallel callers get as far as they can. */
function countingPort(offline: Payments) {
  const calls: string[] = [];
  const port: Payments = {
    ...offline,
    async refund(input) {
      calls.push(input.idempotencyKey);
      await new Promise((resolve) => setImmediate(resolve));
      return offline.refund(input);
    },
  };
  return { port, calls };
}

const admin = () => person("user", { isAdmin: true });

describe("retry now", () => {
  it("asks once when pressed five times at once: one request, one audit row, and the payment ends refunded", async () => {
    const t = payTestDeps(now);
    const { port, calls } = countingPort(t.offline);
    const who = await admin();
    const refund = await failedRefund({ now });
    const results = await Promise.all(Array.from({ length: 5 }, () => retryRefundNow({ ...t.deps, payments: port }, who, refund.paymentId, undefined)));
    expect(results.filter((r) => r.ok)).toEqual([{ ok: true, accepted: true }]);
    expect(results.filter((r) => !r.ok)).toEqual(Array.from({ length: 4 }, () => ({ ok: false, refusal: "notRetryable" })));
    expect(calls).toEqual([`refund-${refund.paymentId}`]);
    expect(await paymentRow(refund.paymentId)).toMatchObject({ status: "refunded", refund_attempts: 1, refund_error: null });
    expect(await bookingStatus(refund.bookingId)).toBe("REFUNDED");
    expect(await auditOf(refund.paymentId)).toEqual([
      expect.objectContaining({ actor_id: who.id, action: "retry_refund", target_kind: "payment", reason: "customer_request" }),
    ]);
  });

  it("a retry the provider refuses starts the tries over, keeps the error, and is in the audit all the same", async () => {
    const t = payTestDeps(now);
    const down: Payments = { ...t.offline, refund: async () => Promise.reject(new Error("provider unreachable")) };
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const refund = await failedRefund({ now });
    expect(await retryRefundNow({ ...t.deps, payments: down }, await admin(), refund.paymentId, "")).toEqual({ ok: true, accepted: false });
    const row = await paymentRow(refund.paymentId);
    expect(row).toMatchObject({ status: "refund_pending", refund_attempts: 1, refund_ref: null });
    expect(row.refund_error).toContain("provider unreachable");
    expect(row.refund_next_try_at?.toISOString()).toBe(new Date(now.getTime() + 60_000).toISOString());
    expect(await auditOf(refund.paymentId)).toHaveLength(1);
  });

  it("is refused while the retry job is asking for the same refund, so the provider is asked once", async () => {
    const t = payTestDeps(now);
    // A refund whose second request failed and whose wait is over: due for the job.
    const refund = await failedRefund({ now, attempts: 2 });
    await db()
      .updateTable("payments")
      .set({ status: "refund_pending", refund_next_try_at: new Date(now.getTime() - 60_000) })
      .where("id", "=", refund.paymentId)
      .execute();
    const [claimed] = await claimDueRefunds(db(), { now, claimMinutes: CLAIM_MINUTES, maxTries: REFUND_MAX_TRIES, limit: 1, paymentId: refund.paymentId });
    expect(claimed).toMatchObject({ id: refund.paymentId, refund_attempts: 3 });
    // The job's request is out (not answered yet): the desk sees it under way.
    expect(await retryRefundNow(t.deps, await admin(), refund.paymentId, "")).toEqual({ ok: false, refusal: "notRetryable" });
    expect(await auditOf(refund.paymentId)).toEqual([]);
  });

  it("refuses a refund that is not failing or waiting, and a non-admin, changing nothing", async () => {
    const t = payTestDeps(now);
    const logged = await auditCount();
    const refund = await failedRefund({ now });
    await db().updateTable("payments").set({ status: "refunded" }).where("id", "=", refund.paymentId).execute();
    expect(await retryRefundNow(t.deps, await admin(), refund.paymentId, "")).toEqual({ ok: false, refusal: "notRetryable" });
    expect(await retryRefundNow(t.deps, await admin(), "6f1c1a8e-0000-4000-8000-000000000000", "")).toEqual({ ok: false, refusal: "notFound" });
    const other = await failedRefund({ now });
    expect(await retryRefundNow(t.deps, await person(), other.paymentId, "")).toEqual({ ok: false, refusal: "forbidden" });
    expect((await paymentRow(other.paymentId)).status).toBe("refund_failed");
    expect(await auditCount()).toBe(logged);
  });
});

describe("manual refund", () => {
  /** A confirmed paid seat: its payment succeeded (the offline provider holds the charge). */
  async function paidSeat() {
    const refund = await failedRefund({ now });
    await db()
      .updateTable("payments")
      .set({ status: "succeeded", refund_attempts: 0, refund_error: null, refund_reason: null })
      .where("id", "=", refund.paymentId)
      .execute();
    await db().updateTable("bookings").set({ status: "CONFIRMED", cancelled_by: null, cancelled_at: null }).where("id", "=", refund.bookingId).execute();
    return refund;
  }

  it("refunds a paid payment named by its booking once, however many ask at the same moment", async () => {
    const t = payTestDeps(now);
    const { port, calls } = countingPort(t.offline);
    const who = await admin();
    const seat = await paidSeat();
    const input = { payment: seat.bookingId, reason: "duplicate_payment", note: "  cobrado dos veces  " };
    const results = await Promise.all(Array.from({ length: 5 }, () => refundByHand({ ...t.deps, payments: port }, who, input)));
    expect(results.filter((r) => r.ok)).toEqual([{ ok: true, paymentId: seat.paymentId }]);
    for (const r of results.filter((r) => !r.ok)) expect(["refundUnderWay", "alreadyRefunded"]).toContain((r as { refusal: string }).refusal);
    expect(calls).toEqual([`refund-${seat.paymentId}`]);
    expect(await paymentRow(seat.paymentId)).toMatchObject({ status: "refunded", refund_reason: "duplicate_payment" });
    expect(await bookingStatus(seat.bookingId)).toBe("REFUNDED");
    expect(await auditOf(seat.paymentId)).toEqual([
      expect.objectContaining({ actor_id: who.id, action: "manual_refund", reason: "duplicate_payment: cobrado dos veces" }),
    ]);
  });

  it("refuses an unknown payment, an unpaid one, one refunded or being refunded, and a reason not in the spec", async () => {
    const t = payTestDeps(now);
    const logged = await auditCount();
    const who = await admin();
    const ask = (payment: string, reason = "other") => refundByHand(t.deps, who, { payment, reason, note: "" });
    expect(await ask("not-an-id")).toEqual({ ok: false, refusal: "notFound" });
    expect(await ask("6f1c1a8e-0000-4000-8000-000000000000")).toEqual({ ok: false, refusal: "notFound" });
    const seat = await paidSeat();
    expect(await ask(seat.paymentId, "because")).toEqual({ ok: false, refusal: "reasonInvalid" });
    expect(await refundByHand(t.deps, who, { payment: seat.paymentId, reason: "other", note: "x".repeat(1001) })).toEqual({
      ok: false,
      refusal: "noteTooLong",
    });
    for (const [status, refusal] of [
      ["requires_payment_method", "notPaid"],
      ["refund_pending", "refundUnderWay"],
      ["refund_failed", "refundFailed"],
      ["refunded", "alreadyRefunded"],
    ] as const) {
      await db().updateTable("payments").set({ status }).where("id", "=", seat.paymentId).execute();
      expect(await ask(seat.paymentId)).toEqual({ ok: false, refusal });
    }
    expect(await auditCount()).toBe(logged);
  });
});

describe("the refunds page", () => {
  // The route's offline adapter delivers its events over HTTP to the app; here they reach the webhook handler directly.
  beforeEach(() => {
    const t = payTestDeps(now);
    const realFetch = globalThis.fetch;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (url, init) => {
      if (!String(url).endsWith("/api/webhooks/stripe")) return realFetch(url, init);
      const headers = new Headers(init?.headers);
      const reply = webhookReply(await handleWebhook(t.deps, String(init?.body), headers.get("Stripe-Signature") ?? ""));
      return new Response(null, { status: reply.status });
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const post = (who: SignedInUser | null, fields: Record<string, string>) =>
    run(deskAction, form(`${base}/es/admin/refunds`, fields, who ? { Cookie: who.cookie } : {}), es, { now });
  const page = (who: SignedInUser | null) =>
    run(deskPage, new Request(`${base}/es/admin/refunds`, { headers: who ? { Cookie: who.cookie } : {} }), es, { now });

  it("answers 404 to everyone but an admin, for the page and each action, changing nothing", async () => {
    const logged = await auditCount();
    const refund = await failedRefund({ now });
    const host = await signedInUser({ role: "dm" });
    const { id: sessionId } = await createSession({ host: host.id, priceCents: 10_000 });
    const bookingId = await bookSeat(sessionId, host.id);
    const before = await paymentRow(refund.paymentId);
    for (const who of [null, await signedInUser(), host]) {
      expect((await page(who)).status).toBe(404);
      expect((await post(who, { intent: "retry", paymentId: refund.paymentId })).status).toBe(404);
      expect((await post(who, { intent: "refund", payment: refund.paymentId, reason: "other", note: "" })).status).toBe(404);
      expect((await post(who, { intent: "refund", payment: bookingId, reason: "other", note: "" })).status).toBe(404);
    }
    expect(await paymentRow(refund.paymentId)).toEqual(before);
    expect(await auditCount()).toBe(logged);
  });

  it("lists the failed refund, retries it, and shows it refunded; refusals come back next to their field with what was typed", async () => {
    const boss = await signedInUser({ role: "admin" });
    const refund = await failedRefund({ now, priceCents: 25_000, error: "Error: provider unreachable" });
    const listed = (await page(boss)).data as { refunds: { id: string; amount: string; retryable: boolean; error: string; attempts: number }[] };
    expect(listed.refunds.filter((r) => r.id === refund.paymentId)).toEqual([
      expect.objectContaining({ id: refund.paymentId, amount: "$250.00 MXN", retryable: true, error: "Error: provider unreachable", attempts: 6 }),
    ]);

    const retried = await post(boss, { intent: "retry", paymentId: refund.paymentId });
    expect(retried.status).toBe(302);
    expect(retried.headers.get("Location")).toBe("/es/admin/refunds");
    expect((await paymentRow(refund.paymentId)).status).toBe("refunded");
    const after = (await page(boss)).data as { refunds: { id: string }[]; recent: { id: string }[] };
    expect(after.refunds.map((r) => r.id)).not.toContain(refund.paymentId);
    expect(after.recent.map((r) => r.id)).toContain(refund.paymentId);
    // Pressed again after it finished: a message, nothing more.
    expect(await post(boss, { intent: "retry", paymentId: refund.paymentId })).toMatchObject({ status: 409, data: { error: "refunds.errors.notRetryable" } });

    const typed = { intent: "refund", payment: refund.paymentId, reason: "other", note: "ya pagado" };
    expect(await post(boss, typed)).toMatchObject({
      status: 409,
      data: {
        form: "manual",
        values: { payment: refund.paymentId, reason: "other", note: "ya pagado" },
        errors: { payment: ["admin:refunds.errors.alreadyRefunded"] },
      },
    });
    expect(await post(boss, { ...typed, reason: "nope" })).toMatchObject({
      status: 409,
      data: { errors: { payment: ["admin:refunds.errors.alreadyRefunded"] } },
    });
    const seat = await failedRefund({ now });
    await db().updateTable("payments").set({ status: "succeeded" }).where("id", "=", seat.paymentId).execute();
    expect(await post(boss, { ...typed, payment: seat.paymentId, reason: "nope" })).toMatchObject({
      status: 400,
      data: { errors: { reason: ["admin:refunds.errors.reasonInvalid"] } },
    });
    expect(await post(boss, { ...typed, payment: "6f1c1a8e-0000-4000-8000-000000000000" })).toMatchObject({
      status: 404,
      data: { errors: { payment: ["admin:refunds.errors.notFound"] } },
    });
    expect(await auditOf(seat.paymentId)).toEqual([]);
    const manual = await post(boss, { ...typed, payment: seat.bookingId });
    expect(manual.status).toBe(302);
    expect((await paymentRow(seat.paymentId)).status).toBe("refunded");
    expect((await auditOf(seat.paymentId)).map((a) => [a.action, a.reason])).toEqual([["manual_refund", "other: ya pagado"]]);
    expect((await auditOf(refund.paymentId)).map((a) => a.action)).toEqual(["retry_refund"]);
  });
});
