import { vi } from "vitest";
import { getEnv } from "../../app/env.server";
import type { Requester } from "../../app/modules/auth/session.server";
import type { PayDeps } from "../../app/modules/payments/payments.server";
import { handleWebhook } from "../../app/modules/payments/webhooks.server";
import { action as webhookAction } from "../../app/routes/api.webhooks.stripe";
import { offlineWebhookSecret } from "../../app/services/index.server";
import { createOfflinePayments } from "../../app/services/payments/offline.server";
import { webhookReply } from "../../app/web/refusals.server";
import { getDb } from "../../db/client.server";
import { createSession, type SessionColumns } from "../fixtures/sessions";
import { createUser, requesterOf, testDeps } from "./helpers";
import { run } from "./route";

// The fixtures of the paid-booking tests: people, a paid session, the offline adapter wired to the webhook handler, and what the database holds.

export const now = new Date("2026-11-02T16:00:00Z");
export const startsAt = new Date("2026-11-20T02:00:00Z");
export const secret = () => offlineWebhookSecret(getEnv());

/** Use-case dependencies with the offline adapter, whose events go straight to the webhook handler (the route is tested on its own below). */
export function payTestDeps(at = now) {
  const t = testDeps(at);
  const delivered: { payload: string; signature: string }[] = [];
  let deps: PayDeps;
  const offline = createOfflinePayments({
    db: getDb,
    webhookSecret: secret(),
    appUrl: "http://localhost:3000",
    now: () => deps.now,
    post: async (payload, signature) => {
      delivered.push({ payload, signature });
      return webhookReply(await handleWebhook(deps, payload, signature)).status;
    },
  });
  deps = { ...t.deps, payments: offline };
  return { deps, offline, delivered, mails: t.mails, at: (when: Date) => (deps = { ...deps, now: when }) };
}

/** A player, or a DM whose payout account takes charges (`payouts: "none"`: a DM who has not opened one). */
export async function person(role: "user" | "dm" = "user", extra: Partial<Requester> = {}, payouts: "active" | "none" = "active"): Promise<Requester> {
  return requesterOf(await createUser({ role, displayName: role === "dm" ? "Host" : "Player", payouts }), extra);
}

/** A paid session (250 MXN, card or OXXO) starting at `startsAt`; `extra` sets other columns. */
export const paidSession = async (dmId: string, max: number, extra: SessionColumns = {}) =>
  (await createSession({ host: dmId, maxParticipants: max, startsAt, priceCents: 25000, paymentMethods: ["CARD", "OXXO"], columns: extra })).id;

export const bookingsOf = (sessionId: string) =>
  getDb()
    .selectFrom("bookings")
    .select(["id", "user_id", "status", "hold_until", "payment_method", "amount_cents"])
    .where("session_id", "=", sessionId)
    .orderBy("created_at")
    .execute();
export const counter = async (sessionId: string) =>
  (await getDb().selectFrom("sessions").select("booked_count").where("id", "=", sessionId).executeTakeFirstOrThrow()).booked_count;
export const paymentsOf = (bookingId: string) => getDb().selectFrom("payments").selectAll().where("booking_id", "=", bookingId).orderBy("created_at").execute();
export const notificationsOf = async (userId: string) =>
  (await getDb().selectFrom("notifications").select("type").where("user_id", "=", userId).execute()).map((n) => n.type);

/** The offline adapter posts its events to APP_URL's webhook; no server listens in tests, so the post goes to the route in-process. */
export function webhookInProcess() {
  const real = globalThis.fetch;
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (url.pathname !== "/api/webhooks/stripe") return real(input, init);
    const answer = await run(webhookAction, new Request(url, init));
    return new Response(JSON.stringify(answer.data), { status: answer.status });
  });
}
