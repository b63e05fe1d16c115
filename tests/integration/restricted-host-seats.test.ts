import { describe, expect, it } from "vitest";
import { startCardIntent, startOxxoPayment } from "../../app/modules/payments/payments.server";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { bookingsOf, now, paidSession, payTestDeps, person } from "./pay-fixtures";

useTestDatabase();

const address = "203.0.113.9";

/** The provider stopped the DM's charges (an account.updated event): the row as the webhook leaves it. */
const restrict = (userId: string) =>
  getDb().updateTable("payout_accounts").set({ state: "restricted", charges_enabled: false, payouts_enabled: false }).where("user_id", "=", userId).execute();

describe("a DM whose account stops taking charges (decision record 084)", () => {
  it("sells no new paid seat, by card or OXXO, while a player's confirmed seat stays; another DM's sessions still sell", async () => {
    const dm = await person("dm");
    const other = await person("dm");
    const sessionId = await paidSession(dm.id, 4);
    const othersSession = await paidSession(other.id, 4);
    const { deps, offline } = payTestDeps(now);
    const booked = await startCardIntent(deps, await person(), { sessionId, address });
    if (!booked.ok) throw new Error(booked.refusal);
    await offline.act(booked.paymentIntentId, "succeed");

    await restrict(dm.id);
    expect(await startCardIntent(deps, await person(), { sessionId, address })).toMatchObject({ ok: false, refusal: "hostCannotBePaid" });
    expect(await startOxxoPayment(deps, await person(), { sessionId, firstName: "Ana", lastName: "Robles", address })).toMatchObject({
      ok: false,
      refusal: "hostCannotBePaid",
    });
    expect((await bookingsOf(sessionId)).map((b) => b.status)).toEqual(["CONFIRMED"]);
    expect((await startCardIntent(deps, await person(), { sessionId: othersSession, address })).ok).toBe(true);
  });

  it("a held seat whose card was declined is not charged again once the DM's account stops taking charges", async () => {
    const dm = await person("dm");
    const sessionId = await paidSession(dm.id, 4);
    const { deps, offline } = payTestDeps(now);
    const player = await person();
    const first = await startCardIntent(deps, player, { sessionId, address });
    if (!first.ok) throw new Error(first.refusal);
    await offline.act(first.paymentIntentId, "fail");
    await restrict(dm.id);
    expect(await startOxxoPayment(deps, player, { sessionId, firstName: "Ana", lastName: "Robles", address })).toMatchObject({
      ok: false,
      refusal: "hostCannotBePaid",
    });
    expect(await getDb().selectFrom("payments").select("id").where("booking_id", "=", first.bookingId).execute()).toHaveLength(1);
  });
});
