import { describe, expect, it } from "vitest";
import { action as groupAction, loader as groupLoader } from "../../app/routes/$lang.session.$id.group/route";
import { action as groupApi } from "../../app/routes/api.sessions.$id.group-booking";
import { getDb } from "../../db/client.server";
import { createSession } from "../fixtures/sessions";
import { type SignedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { signedInUser, uniqueEmail } from "./helpers";
import { counter } from "./pay-fixtures";
import { form, jsonPost, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
// The offline adapter behind the routes keeps the wall clock (a card page must outlive it by 30 minutes), so these requests do too.
const now = new Date();
const context = { now } as never;
const paidSession = async (dmId: string, max: number) =>
  (
    await createSession({
      host: dmId,
      maxParticipants: max,
      startsAt: new Date(now.getTime() + 20 * 86_400_000),
      priceCents: 25000,
      paymentMethods: ["CARD", "OXXO"],
    })
  ).id;
const guests = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Guest ${i + 1}`, email: uniqueEmail(`paidguest${i}`) }));
const rowsOf = (list: { name: string; email: string }[]) =>
  Object.fromEntries(list.flatMap((g, i) => [[`guests[${i}].name`, g.name] as const, [`guests[${i}].email`, g.email] as const]));
const seatsOf = (sessionId: string) => getDb().selectFrom("group_seats").select("status").where("session_id", "=", sessionId).execute();

describe("the group page of a paid session, without JavaScript", () => {
  it("writes out every total, keeps typed values on bad input, and sends a good group to the card page", async () => {
    const host = await signedInUser({ role: "dm" });
    const booker = await signedInUser({ preferredLanguage: "es" });
    const id = await paidSession(host.id, 8);
    const url = `${base}/es/session/${id}/group`;
    const page = await run(groupLoader, new Request(url, { headers: { Cookie: booker.cookie } }), { lang: "es", id }, context);
    const paid = (page.data as { paid: { price: string; totals: { seats: number; amount: string }[]; oxxo: boolean } }).paid;
    expect(paid.oxxo).toBe(true);
    // A group is at most 6 seats, the booker's included: sizes of 2 to 6 seats, never "you + 6 guests (7 seats)".
    expect(paid.totals.map((row) => row.seats)).toEqual([2, 3, 4, 5, 6]);
    expect(paid.totals[1]).toMatchObject({ seats: 3, amount: expect.stringContaining("750") });

    const repeated = [
      { name: "Ana", email: "twice@example.test" },
      { name: "Bea", email: "TWICE@example.test" },
    ];
    const bad = await run(groupAction, form(url, { ...rowsOf(repeated), method: "CARD" }, { Cookie: booker.cookie }), { lang: "es", id }, context);
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ typed: repeated.map((g) => ({ name: g.name, email: g.email })), rows: [{}, { email: "errors.emailRepeated" }] });
    expect(await counter(id)).toBe(0);

    const good = await run(groupAction, form(url, { ...rowsOf(guests(2)), method: "CARD" }, { Cookie: booker.cookie }), { lang: "es", id }, context);
    expect(good.status).toBe(303);
    expect(good.headers.get("Location")).toMatch(/^\/es\/dev\/payments\/cs_offline_[0-9a-f]{24}$/);
    expect(await counter(id)).toBe(3);
    const after = await run(groupLoader, new Request(url, { headers: { Cookie: booker.cookie } }), { lang: "es", id }, context);
    expect(after.data).toMatchObject({
      paid: { paying: { status: "PENDING_PAYMENT", checkoutUrl: good.headers.get("Location") } },
      group: [{ status: "PENDING" }, { status: "PENDING" }],
    });
    // Sent again while the payment is under way: refused, nothing more held.
    const again = await run(groupAction, form(url, { ...rowsOf(guests(1)), method: "CARD" }, { Cookie: booker.cookie }), { lang: "es", id }, context);
    expect(again.data).toMatchObject({ form: "errors.paymentPending" });
    expect(await counter(id)).toBe(3);
  });

  it("six guests in a paid group (7 seats) are refused with a message, keeping what was typed; nothing is held or charged", async () => {
    const host = await signedInUser({ role: "dm" });
    const booker = await signedInUser({ preferredLanguage: "en" });
    const id = await paidSession(host.id, 10);
    const url = `${base}/en/session/${id}/group`;
    const six = guests(6);
    const post = await run(groupAction, form(url, { ...rowsOf(six), method: "CARD" }, { Cookie: booker.cookie }), { lang: "en", id }, context);
    expect(post.status).toBe(400);
    expect(post.data).toMatchObject({ form: "errors.tooManyPaidGuests", typed: six });
    expect(await counter(id)).toBe(0);
    const api6 = await api(id, booker, { guests: six });
    expect(api6.status).toBe(400);
    expect((api6.data as { error: string }).error).toBe("A group is at most 6 people: you and up to 5 guests.");
    expect(await counter(id)).toBe(0);
    const five = await api(id, booker, { guests: guests(5) });
    expect(five.data).toMatchObject({ seats: 6, amountCents: 150000 });
    expect(await counter(id)).toBe(6);
  });

  it("an OXXO group goes to the voucher page; more people than seats left say how many are left", async () => {
    const host = await signedInUser({ role: "dm" });
    const booker = await signedInUser({ preferredLanguage: "pt" });
    const id = await paidSession(host.id, 4);
    const url = `${base}/pt/session/${id}/group`;
    const tooMany = await run(groupAction, form(url, { ...rowsOf(guests(4)), method: "OXXO" }, { Cookie: booker.cookie }), { lang: "pt", id }, context);
    expect(tooMany.status).toBe(400);
    expect(tooMany.data).toMatchObject({ form: "errors.notEnoughSeats", seatsLeft: 4 });
    const ok = await run(groupAction, form(url, { ...rowsOf(guests(3)), method: "OXXO" }, { Cookie: booker.cookie }), { lang: "pt", id }, context);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toMatch(/^\/pt\/booking\/[0-9a-f-]{36}\/voucher$/);
    expect(await counter(id)).toBe(4);
  });

  it("an unverified account is sent to verify its email, with nothing held", async () => {
    const host = await signedInUser({ role: "dm" });
    const booker = await signedInUser({ verified: false });
    const id = await paidSession(host.id, 4);
    const post = await run(groupAction, form(`${base}/en/session/${id}/group`, rowsOf(guests(1)), { Cookie: booker.cookie }), { lang: "en", id }, context);
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe("/en/auth/verify-email");
    expect(await counter(id)).toBe(0);
  });
});

const api = (id: string, as: SignedInUser, body: unknown) =>
  run(groupApi, jsonPost(`${base}/api/sessions/${id}/group-booking`, body, as.auth), { id }, context);

describe("POST /api/sessions/{id}/group-booking for a paid session", () => {
  it("201 with the booking that pays and where to pay; the same rules refuse as on the page", async () => {
    const host = await signedInUser({ role: "dm" });
    const booker = await signedInUser({ preferredLanguage: "en" });
    const id = await paidSession(host.id, 6);
    const seven = await api(id, booker, { guests: guests(7) });
    expect(seven.status).toBe(400);
    expect((seven.data as { error: string }).error).toBe("A group is at most 6 people: you and up to 5 guests.");
    expect((await api(id, booker, { guests: guests(1), paymentMethod: "CASH" })).status).toBe(400);
    const ok = await api(id, booker, { guests: guests(2), paymentMethod: "card" });
    expect(ok.status).toBe(201);
    expect(ok.data).toMatchObject({ status: "PENDING_PAYMENT", seats: 3, amountCents: 75000, currency: "MXN", paymentMethod: "CARD" });
    expect((ok.data as { checkoutUrl: string }).checkoutUrl).toMatch(/cs_offline_/);
    expect((await seatsOf(id)).map((s) => s.status)).toEqual(["PENDING", "PENDING"]);
    const again = await api(id, booker, { guests: guests(1) });
    expect(again.status).toBe(409);
    expect((again.data as { error: string }).error).toContain("payment in progress");
    const other = await signedInUser();
    const voucher = await api(id, other, { guests: guests(1), paymentMethod: "OXXO" });
    expect(voucher.status).toBe(201);
    expect(voucher.data).toMatchObject({ seats: 2, amountCents: 50000, paymentMethod: "OXXO", voucher: { reference: expect.any(String) } });
    expect(await counter(id)).toBe(5);
  });
});
