import { describe, expect, it } from "vitest";
import { leaveList } from "../../app/modules/bookings/bookings.server";
import { expireLapsedHoldsAndOffers } from "../../app/modules/bookings/waitlist.server";
import { createInvite } from "../../app/modules/invites/invites.server";
import { startCardIntent, startOxxoPayment } from "../../app/modules/payments/payments.server";
import { CARD_HOLD_MINUTES } from "../../app/modules/payments/rules";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { bookingsOf, now, paidSession, paymentsOf, payTestDeps, person } from "./pay-fixtures";

useTestDatabase();

/** The client address the codes here are tried from. */
const address = "10.64.0.1";
const minutes = (n: number) => new Date(now.getTime() + n * 60_000);
const usesOf = async (code: string) => (await getDb().selectFrom("invites").select("uses").where("code", "=", code).executeTakeFirstOrThrow()).uses;

describe("an invite code's use comes back when the hold it was taken for ends unpaid", () => {
  it("a one-use code whose hold lapses works again for someone else", async () => {
    const { deps, at } = payTestDeps();
    const host = await person("dm");
    const [first, second] = [await person(), await person()];
    const id = await paidSession(host.id, 3, { is_private: true });
    expect(await createInvite(deps, host, id, { type: "access", maxUses: 1, code: "CRIPTA-2026" })).toEqual({ ok: true, code: "CRIPTA-2026" });

    const held = await startCardIntent(at(now), first, { sessionId: id, inviteCode: "CRIPTA-2026", address });
    expect(held.ok).toBe(true);
    expect(await usesOf("CRIPTA-2026")).toBe(1);
    expect(await startCardIntent(at(minutes(5)), second, { sessionId: id, inviteCode: "CRIPTA-2026", address })).toEqual({
      ok: false,
      refusal: "inviteInvalid",
    });

    await expireLapsedHoldsAndOffers(at(minutes(CARD_HOLD_MINUTES + 1)));
    expect(await usesOf("CRIPTA-2026")).toBe(0);
    const again = await startCardIntent(at(minutes(32)), second, { sessionId: id, inviteCode: "CRIPTA-2026", address });
    expect(again.ok).toBe(true);
    expect(await usesOf("CRIPTA-2026")).toBe(1);
  });

  it("a payment that fails to start, a lapsed voucher and a player leaving give the use back too; a paid seat given up keeps it", async () => {
    const { deps, at, offline } = payTestDeps();
    const host = await person("dm");
    const [a, b, c] = [await person(), await person(), await person()];
    const id = await paidSession(host.id, 5);
    await createInvite(deps, host, id, { type: "discount", maxUses: 3, discountPercent: 10, code: "DIEZ-OFF-26" });

    // The provider refuses to start the card payment: the hold is released at once, with the use.
    const refusing = { ...at(now), payments: { ...offline, createCardIntent: () => Promise.reject(new Error("provider down")) } };
    expect(await startCardIntent(refusing, a, { sessionId: id, inviteCode: "DIEZ-OFF-26", address })).toEqual({ ok: false, refusal: "providerError" });
    expect(await usesOf("DIEZ-OFF-26")).toBe(0);

    // An OXXO voucher that lapses unpaid (Stripe reports payment_failed).
    const voucher = await startOxxoPayment(at(now), b, { sessionId: id, firstName: "Ana", lastName: "Robles", inviteCode: "DIEZ-OFF-26", address });
    if (!voucher.ok) throw new Error(voucher.refusal);
    expect(await usesOf("DIEZ-OFF-26")).toBe(1);
    await offline.act((await paymentsOf(voucher.bookingId))[0]!.provider_ref!, "expire");
    expect(await usesOf("DIEZ-OFF-26")).toBe(0);

    // The player leaves while paying.
    const leaving = await startCardIntent(at(now), c, { sessionId: id, inviteCode: "DIEZ-OFF-26", address });
    expect(leaving.ok).toBe(true);
    expect(await usesOf("DIEZ-OFF-26")).toBe(1);
    expect(await leaveList(at(now), c, { sessionId: id, userId: c.id, list: "bookings" })).toEqual({ ok: true });
    expect(await usesOf("DIEZ-OFF-26")).toBe(0);

    // A paid seat given up keeps its use: the code did its work.
    const paid = await startCardIntent(at(now), a, { sessionId: id, inviteCode: "DIEZ-OFF-26", address });
    if (!paid.ok) throw new Error(paid.refusal);
    await offline.act(paid.paymentIntentId, "succeed");
    expect(await leaveList(at(now), a, { sessionId: id, userId: a.id, list: "bookings" })).toEqual({ ok: true });
    expect(await usesOf("DIEZ-OFF-26")).toBe(1);
  });

  it("released by the cleanup job, a cancelled payment and the player leaving at once, the use comes back once", async () => {
    const { deps, at, offline } = payTestDeps();
    const host = await person("dm");
    const [a, b] = [await person(), await person()];
    const id = await paidSession(host.id, 3);
    await createInvite(deps, host, id, { type: "access", maxUses: 2, code: "DOBLE-2222" });
    const racing = await startCardIntent(at(now), a, { sessionId: id, inviteCode: "DOBLE-2222", address });
    if (!racing.ok) throw new Error(racing.refusal);
    // Another holder keeps the second use, so a use given back twice would show.
    expect((await startCardIntent(at(minutes(10)), b, { sessionId: id, inviteCode: "DOBLE-2222", address })).ok).toBe(true);
    expect(await usesOf("DOBLE-2222")).toBe(2);

    const late = at(minutes(CARD_HOLD_MINUTES + 1));
    await Promise.all([
      expireLapsedHoldsAndOffers(late),
      expireLapsedHoldsAndOffers(late),
      offline.act(racing.paymentIntentId, "cancel"),
      leaveList(late, a, { sessionId: id, userId: a.id, list: "bookings" }),
    ]);
    expect(await usesOf("DOBLE-2222")).toBe(1);
    expect((await bookingsOf(id)).map((row) => [row.user_id, row.status === "PENDING_PAYMENT" ? "held" : "released"])).toEqual([
      [a.id, "released"],
      [b.id, "held"],
    ]);
  });
});
