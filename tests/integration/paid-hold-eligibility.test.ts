import { describe, expect, it } from "vitest";
import { MAX_UNPAID_HOLDS } from "../../app/modules/bookings/rules";
import { startCardIntent } from "../../app/modules/payments/payments.server";
import { CARD_HOLD_MINUTES } from "../../app/modules/payments/rules";
import { action as confirmAction } from "../../app/routes/$lang.session.$id.confirm/route";
import { action as oxxoAction, loader as oxxoLoader } from "../../app/routes/$lang.session.$id.oxxo/route";
import { action as createIntent } from "../../app/routes/api.payments.create-intent";
import { action as bookApi } from "../../app/routes/api.sessions.$id.book";
import { getDb } from "../../db/client.server";
import { type SignedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { createUser, markVerified, requesterOf, signedInUser } from "./helpers";
import { now, paidSession, payTestDeps } from "./pay-fixtures";
import { apiCall, form, run } from "./route";

// A paid seat is held only for a verified account (spec section 5), decided by the hold itself so
// every path (create-intent, the OXXO page, the confirmation page's card form) passes it, and one
// account holds at most MAX_UNPAID_HOLDS unpaid seats at once.

useTestDatabase();

const base = "http://localhost:3000";
const context = { now } as never;

const intent = (as: SignedInUser, body: Record<string, unknown>, ctx: never = context) =>
  run(createIntent, apiCall("POST", "/api/payments/create-intent", as, body), {}, ctx);
const oxxo = (id: string) => ({ sessionId: id, paymentMethod: "oxxo", country: "MX", firstName: "Ana", lastName: "Robles" });
const heldBy = async (userId: string) =>
  (await getDb().selectFrom("bookings").select("status").where("user_id", "=", userId).where("status", "=", "PENDING_PAYMENT").execute()).length;

describe("paid seats need a verified email, on every path", () => {
  it("create-intent (card and OXXO) answers 403, the OXXO page and the card form send the player to verify; nothing is held", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser({ verified: false, preferredLanguage: "en" });
    const id = await paidSession(host.id, 3);
    expect(await intent(player, { sessionId: id })).toMatchObject({ status: 403, data: { error: "Verify your email to pay for a seat." } });
    expect(await intent(player, oxxo(id))).toMatchObject({ status: 403, data: { error: "Verify your email to pay for a seat." } });
    const cookie = { Cookie: player.cookie };
    const page = await run(oxxoLoader, new Request(`${base}/es/session/${id}/oxxo`, { headers: cookie }), { lang: "es", id }, context);
    expect(page.headers.get("Location")).toBe("/es/auth/verify-email");
    const posted = await run(oxxoAction, form(`${base}/es/session/${id}/oxxo`, { firstName: "Ana", lastName: "Robles" }, cookie), { lang: "es", id }, context);
    expect(posted.headers.get("Location")).toBe("/es/auth/verify-email");
    const card = await run(confirmAction, form(`${base}/es/session/${id}/confirm`, { intent: "payCard" }, cookie), { lang: "es", id }, context);
    expect(card.headers.get("Location")).toBe("/es/auth/verify-email");
    expect(await getDb().selectFrom("bookings").select("id").where("user_id", "=", player.id).execute()).toHaveLength(0);
    // A free seat needs no verified email; once verified, the paid seat is held.
    const free = await paidSession(host.id, 3, { price_cents: 0 });
    const booked = await run(
      bookApi,
      new Request(`${base}/api/sessions/${free}/book`, {
        method: "POST",
        headers: { ...player.auth, "Content-Type": "application/json" },
        body: JSON.stringify({ paymentMethod: "free" }),
      }),
      { id: free },
      context,
    );
    expect(booked.status).toBe(201);
    await markVerified(player.id);
    expect((await intent(player, { sessionId: id })).status).toBe(201);
  });

  it("the hold asks the account, not what the caller says of it", async () => {
    const { deps } = payTestDeps();
    const host = await signedInUser({ role: "dm" });
    const u = await createUser({ verified: false });
    const claimsVerified = requesterOf(u, { emailVerified: true });
    const id = await paidSession(host.id, 3);
    expect(await startCardIntent(deps, claimsVerified, { sessionId: id })).toEqual({ ok: false, refusal: "emailNotVerified" });
    expect(await heldBy(u.id)).toBe(0);
  });
});

describe("the cap on unpaid holds", () => {
  it(`holds at most ${MAX_UNPAID_HOLDS} unpaid seats at once; resuming one is not another, and a lapsed hold makes room`, async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser({ preferredLanguage: "en" });
    const ids = [];
    for (let i = 0; i <= MAX_UNPAID_HOLDS; i += 1) ids.push(await paidSession(host.id, 3));
    for (const id of ids.slice(0, MAX_UNPAID_HOLDS)) expect((await intent(player, { sessionId: id })).status).toBe(201);
    const over = await intent(player, oxxo(ids[MAX_UNPAID_HOLDS]!));
    expect(over).toMatchObject({ status: 409, data: { error: expect.stringMatching(/^You already have 3 seats waiting for payment/) } });
    // Opening the first dialog again resumes its hold.
    expect((await intent(player, { sessionId: ids[0] })).status).toBe(201);
    expect(await heldBy(player.id)).toBe(MAX_UNPAID_HOLDS);
    const later = { now: new Date(now.getTime() + (CARD_HOLD_MINUTES + 1) * 60_000) } as never;
    expect((await intent(player, { sessionId: ids[MAX_UNPAID_HOLDS] }, later)).status).toBe(201);
  });

  it("parallel requests of one account in different sessions never hold more than the cap", async () => {
    const host = await signedInUser({ role: "dm" });
    for (let round = 0; round < 3; round += 1) {
      const player = await signedInUser();
      const ids = await Promise.all(Array.from({ length: 8 }, () => paidSession(host.id, 3)));
      const answers = await Promise.all(ids.map((id, i) => intent(player, i % 2 ? oxxo(id) : { sessionId: id })));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([...Array(MAX_UNPAID_HOLDS).fill(201), ...Array(8 - MAX_UNPAID_HOLDS).fill(409)]);
      expect(await heldBy(player.id)).toBe(MAX_UNPAID_HOLDS);
    }
  });
});
