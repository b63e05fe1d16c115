import { describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { createInvite } from "../../app/modules/invites/invites.server";
import { loader as voucherPage } from "../../app/routes/$lang.booking.$id.voucher/route";
import { action as oxxoAction, loader as oxxoLoader } from "../../app/routes/$lang.session.$id.oxxo/route";
import { loader as voucherApi } from "../../app/routes/api.bookings.$id.voucher";
import { action as createIntent } from "../../app/routes/api.payments.create-intent";
import { getDb } from "../../db/client.server";
import type { SessionColumns } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { signedInUser, testDeps } from "./helpers";
import { paidSession as paidSessionOf } from "./pay-fixtures";
import { apiCall, form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const now = new Date("2026-11-02T16:00:00Z");
const context = { now } as never;

const api = apiCall;

const paidSession = (dmId: string, extra: SessionColumns = {}) => paidSessionOf(dmId, 3, extra);

describe("the OXXO name page", () => {
  it("shows the form, refuses short names with the spec's keys, and sends a valid one to the voucher page", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser();
    const id = await paidSession(host.id);
    const page = await run(oxxoLoader, new Request(`${base}/es/session/${id}/oxxo`, { headers: { Cookie: player.cookie } }), { lang: "es", id }, context);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ heading: "Pago en efectivo en OXXO", voucherDays: 3 });
    const bad = await run(
      oxxoAction,
      form(`${base}/es/session/${id}/oxxo`, { firstName: " A ", lastName: "" }, { Cookie: player.cookie }),
      { lang: "es", id },
      context,
    );
    expect(bad.status).toBe(400);
    expect((bad.data as { error: Record<string, string[]> }).error).toEqual({ firstName: ["firstNameTooShort"], lastName: ["lastNameRequired"] });
    expect(await getDb().selectFrom("bookings").select("id").where("user_id", "=", player.id).execute()).toHaveLength(0);
    // A code longer than any code is refused, as the API refuses it, and answered as every wrong code is.
    const long = await run(
      oxxoAction,
      form(`${base}/es/session/${id}/oxxo`, { firstName: "Ana", lastName: "Robles", inviteCode: "A".repeat(21) }, { Cookie: player.cookie }),
      { lang: "es", id },
      context,
    );
    expect(long.headers.get("Location")).toBe(`/es/session/${id}/confirm`);
    expect(await getDb().selectFrom("bookings").select("id").where("user_id", "=", player.id).execute()).toHaveLength(0);
    const ok = await run(
      oxxoAction,
      form(`${base}/es/session/${id}/oxxo`, { firstName: " Ana ", lastName: " Robles " }, { Cookie: player.cookie }),
      { lang: "es", id },
      context,
    );
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toMatch(/^\/es\/booking\/[0-9a-f-]{36}\/voucher$/);
    // Sent twice: the same voucher, one booking.
    const twice = await run(
      oxxoAction,
      form(`${base}/es/session/${id}/oxxo`, { firstName: "Ana", lastName: "Robles" }, { Cookie: player.cookie }),
      { lang: "es", id },
      context,
    );
    expect(twice.headers.get("Location")).toBe(ok.headers.get("Location"));
    expect(await getDb().selectFrom("bookings").select("id").where("user_id", "=", player.id).execute()).toHaveLength(1);
    // Coming back to the form finds the voucher.
    const back = await run(oxxoLoader, new Request(`${base}/es/session/${id}/oxxo`, { headers: { Cookie: player.cookie } }), { lang: "es", id }, context);
    expect(back.headers.get("Location")).toBe(ok.headers.get("Location"));
    // A player paying by card is told a payment is already under way.
    const carder = await signedInUser();
    expect((await run(createIntent, api("POST", "/api/payments/create-intent", carder, { sessionId: id }), {}, context)).status).toBe(201);
    const refused = await run(oxxoLoader, new Request(`${base}/es/session/${id}/oxxo`, { headers: { Cookie: carder.cookie } }), { lang: "es", id }, context);
    expect(refused.headers.get("Location")).toBe(`/es/session/${id}/confirm`);
  });

  it("sends a session not in MXN back to the confirmation screen, and 404s an unknown one", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser();
    const usd = await paidSession(host.id, { currency: "USD" });
    const page = await run(oxxoLoader, new Request(`${base}/es/session/${usd}/oxxo`, { headers: { Cookie: player.cookie } }), { lang: "es", id: usd }, context);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/es/session/${usd}/confirm`);
    const post = await run(
      oxxoAction,
      form(`${base}/es/session/${usd}/oxxo`, { firstName: "Ana", lastName: "Robles" }, { Cookie: player.cookie }),
      { lang: "es", id: usd },
      context,
    );
    expect(post.status).toBe(302);
    expect(post.headers.get("Location")).toBe(`/es/session/${usd}/confirm`);
    expect(await getDb().selectFrom("bookings").select("id").where("user_id", "=", player.id).execute()).toHaveLength(0);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect(
      (await run(oxxoLoader, new Request(`${base}/es/session/${unknown}/oxxo`, { headers: { Cookie: player.cookie } }), { lang: "es", id: unknown }, context))
        .status,
    ).toBe(404);
  });
});

describe("the OXXO name page with an invite code", () => {
  it("shows the price a discount code leaves, with the full price struck, and passes the code on", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser();
    const id = await paidSession(host.id);
    const hostActor = { id: host.id, isAdmin: false, isDm: true } as Requester;
    expect(await createInvite(testDeps(now).deps, hostActor, id, { type: "discount", maxUses: 3, discountPercent: 10, code: "DIEZ-OFF-26" })).toMatchObject({
      ok: true,
    });
    const url = `${base}/es/session/${id}/oxxo?invite=DIEZ-OFF-26`;
    const page = await run(oxxoLoader, new Request(url, { headers: { Cookie: player.cookie } }), { lang: "es", id }, context);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ inviteCode: "DIEZ-OFF-26", session: { price: "$225.00 MXN", fullPrice: "$250.00 MXN" } });
    // Without a code the full price, nothing struck.
    const plain = await run(oxxoLoader, new Request(`${base}/es/session/${id}/oxxo`, { headers: { Cookie: player.cookie } }), { lang: "es", id }, context);
    expect(plain.data).toMatchObject({ inviteCode: "", session: { price: "$250.00 MXN", fullPrice: null } });
    // The voucher is made for the discounted amount.
    const sent = await run(
      oxxoAction,
      form(url, { firstName: "Ana", lastName: "Robles", inviteCode: "DIEZ-OFF-26" }, { Cookie: player.cookie }),
      { lang: "es", id },
      context,
    );
    expect(sent.status).toBe(302);
    const payment = await getDb()
      .selectFrom("payments as p")
      .innerJoin("bookings as b", "b.id", "p.booking_id")
      .select(["p.amount_cents"])
      .where("b.user_id", "=", player.id)
      .executeTakeFirstOrThrow();
    expect(payment.amount_cents).toBe(22_500);
  });

  it("sends a code that does not open the session back to the confirmation page, code kept, to say why", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser();
    const id = await paidSession(host.id, { is_private: true });
    for (const query of ["?invite=NO-SUCH-CODE", ""]) {
      const page = await run(
        oxxoLoader,
        new Request(`${base}/es/session/${id}/oxxo${query}`, { headers: { Cookie: player.cookie } }),
        { lang: "es", id },
        context,
      );
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe(`/es/session/${id}/confirm${query}`);
    }
  });
});

describe("POST /api/payments/create-intent and GET /api/bookings/{id}/voucher", () => {
  it("OXXO answers the booking, amount, currency and voucher; only its holder reads the voucher", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser();
    const stranger = await signedInUser();
    const id = await paidSession(host.id);
    const body = { sessionId: id, paymentMethod: "oxxo", country: "MX", firstName: "Ana", lastName: "Robles" };
    const created = await run(createIntent, api("POST", "/api/payments/create-intent", player, body), {}, context);
    expect(created.status).toBe(201);
    const data = created.data as {
      booking: { id: string };
      amount: number;
      currency: string;
      oxxoDetails: { reference: string; hostedVoucherUrl: string; expiresAfter: number };
    };
    expect(data).toMatchObject({ amount: 25000, currency: "MXN", oxxoDetails: { reference: expect.stringMatching(/^\d{18}$/) } });
    expect(data.oxxoDetails.expiresAfter).toBe(Date.parse("2026-11-06T05:59:00Z") / 1000);
    const mine = await run(voucherApi, api("GET", `/api/bookings/${data.booking.id}/voucher`, player), { id: data.booking.id }, context);
    expect(mine).toMatchObject({
      status: 200,
      data: { voucherReference: data.oxxoDetails.reference, voucherUrl: data.oxxoDetails.hostedVoucherUrl, voucherExpiresAt: "2026-11-06T05:59:00.000Z" },
    });
    expect((await run(voucherApi, api("GET", `/api/bookings/${data.booking.id}/voucher`, stranger), { id: data.booking.id }, context)).status).toBe(404);
    expect((await run(voucherApi, api("GET", "/api/bookings/nope/voucher", player), { id: "nope" }, context)).status).toBe(404);
    expect((await run(voucherApi, api("GET", `/api/bookings/${data.booking.id}/voucher`, null), { id: data.booking.id }, context)).status).toBe(401);
    const page = await run(
      voucherPage,
      new Request(`${base}/es/booking/${data.booking.id}/voucher`, { headers: { Cookie: stranger.cookie } }),
      { lang: "es", id: data.booking.id },
      context,
    );
    expect(page.status).toBe(404);
    const own = await run(
      voucherPage,
      new Request(`${base}/es/booking/${data.booking.id}/voucher`, { headers: { Cookie: player.cookie } }),
      { lang: "es", id: data.booking.id },
      context,
    );
    expect(own.data).toMatchObject({ state: "waiting", reference: data.oxxoDetails.reference, countdown: "3 d 13 h 59 min" });
  });

  it("the name form and the voucher page state the same validity: the session's voucher days", async () => {
    for (const days of [1, 2, 3]) {
      const host = await signedInUser({ role: "dm" });
      const player = await signedInUser();
      const id = await paidSession(host.id, { voucher_payment_days: days });
      const nameForm = await run(oxxoLoader, new Request(`${base}/es/session/${id}/oxxo`, { headers: { Cookie: player.cookie } }), { lang: "es", id }, context);
      expect(nameForm.data).toMatchObject({ voucherDays: days });
      const sent = await run(
        oxxoAction,
        form(`${base}/es/session/${id}/oxxo`, { firstName: "Ana", lastName: "Robles" }, { Cookie: player.cookie }),
        { lang: "es", id },
        context,
      );
      const voucherPath = sent.headers.get("Location")!;
      const bookingId = voucherPath.split("/")[3]!;
      const voucher = await run(
        voucherPage,
        new Request(`${base}${voucherPath}`, { headers: { Cookie: player.cookie } }),
        { lang: "es", id: bookingId },
        context,
      );
      expect(voucher.data, `${days} days`).toMatchObject({ state: "waiting", reservedDays: days });
    }
  });

  it("OXXO sent twice at once (a double click) holds one seat and makes one voucher", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser();
    const id = await paidSession(host.id);
    const body = { sessionId: id, paymentMethod: "oxxo", country: "MX", firstName: "Ana", lastName: "Robles" };
    const answers = await Promise.all([1, 2].map(() => run(createIntent, api("POST", "/api/payments/create-intent", player, body), {}, context)));
    const made = answers.filter((a) => a.status === 201).map((a) => a.data as { booking: { id: string }; oxxoDetails: { reference: string } });
    expect(made.length).toBeGreaterThan(0);
    // The other call either answers the same voucher or is told a payment is already under way; never a second booking.
    for (const a of answers) if (a.status !== 201) expect(a.status).toBe(409);
    expect(new Set(made.map((m) => m.booking.id)).size).toBe(1);
    expect(new Set(made.map((m) => m.oxxoDetails.reference)).size).toBe(1);
    const bookings = await getDb().selectFrom("bookings").select("id").where("user_id", "=", player.id).execute();
    expect(bookings).toHaveLength(1);
    const payments = await getDb().selectFrom("payments").select("voucher_reference").where("booking_id", "=", bookings[0]!.id).execute();
    expect(payments).toHaveLength(1);
  });

  it("the voucher page greets the OXXO dialog's arrival (?created=1) with the voucher toast, once, at its clean address", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser();
    const id = await paidSession(host.id);
    const body = { sessionId: id, paymentMethod: "oxxo", country: "MX", firstName: "Ana", lastName: "Robles" };
    const created = await run(createIntent, api("POST", "/api/payments/create-intent", player, body), {}, context);
    const bookingId = (created.data as { booking: { id: string } }).booking.id;
    const arrival = await run(
      voucherPage,
      new Request(`${base}/es/booking/${bookingId}/voucher?created=1`, { headers: { Cookie: player.cookie } }),
      { lang: "es", id: bookingId },
      context,
    );
    expect(arrival.status).toBe(302);
    expect(arrival.headers.get("Location")).toBe(`/es/booking/${bookingId}/voucher`);
    expect(arrival.headers.get("Set-Cookie")).toMatch(/^__toast=/);
    // Someone else's booking is still a 404, flag or not.
    const stranger = await signedInUser();
    const denied = await run(
      voucherPage,
      new Request(`${base}/es/booking/${bookingId}/voucher?created=1`, { headers: { Cookie: stranger.cookie } }),
      { lang: "es", id: bookingId },
      context,
    );
    expect(denied.status).toBe(404);
  });

  it("answers bad input with a 4xx and an error, changing nothing", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser();
    const usd = await paidSession(host.id, { currency: "USD" });
    const mxn = await paidSession(host.id);
    const cases: [unknown, number, RegExp][] = [
      [{ sessionId: "x", paymentMethod: "oxxo" }, 400, /Session ID is required/],
      [{ sessionId: usd, paymentMethod: "oxxo", firstName: "Ana", lastName: "Robles" }, 400, /no acepta pago en OXXO/],
      [{ sessionId: mxn, paymentMethod: "oxxo", firstName: "A", lastName: "Robles" }, 400, /al menos 2 caracteres/],
      [{ sessionId: mxn, paymentMethod: "cash" }, 400, /paymentMethod/],
      // A code longer than any code is refused, never cut to one that might open the session.
      [{ sessionId: mxn, inviteCode: "A".repeat(21) }, 400, /^inviteCode is not valid$/],
      [{ sessionId: mxn, paymentMethod: "oxxo", firstName: "Ana", lastName: "Robles", inviteCode: "A".repeat(21) }, 400, /^inviteCode is not valid$/],
      [{ isSubscription: true, seriesId: mxn, inviteCode: "A".repeat(21) }, 400, /^inviteCode is not valid$/],
      [{ sessionId: "00000000-0000-4000-8000-000000000000", paymentMethod: "card" }, 404, /./],
      // A subscription names a series: a session's id is no series.
      [{ isSubscription: true, seriesId: mxn }, 404, /./],
      [{ isSubscription: true, seriesId: "x" }, 400, /seriesId/],
    ];
    for (const [body, status, message] of cases) {
      const answer = await run(createIntent, api("POST", "/api/payments/create-intent", player, body), {}, context);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect((answer.data as { error: string }).error).toMatch(message);
    }
    expect((await run(createIntent, api("POST", "/api/payments/create-intent", host, { sessionId: mxn }), {}, context)).status).toBe(403);
    expect(await getDb().selectFrom("bookings").select("id").where("user_id", "in", [player.id, host.id]).execute()).toHaveLength(0);
  });

  it("card answers a client secret and holds the seat", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser();
    const id = await paidSession(host.id);
    const created = await run(createIntent, api("POST", "/api/payments/create-intent", player, { sessionId: id, country: "MX" }), {}, context);
    expect(created.status).toBe(201);
    expect((created.data as { clientSecret: string }).clientSecret).toMatch(/^pi_offline_/);
    const [booking] = await getDb().selectFrom("bookings").select(["status", "hold_until"]).where("user_id", "=", player.id).execute();
    expect(booking?.status).toBe("PENDING_PAYMENT");
    expect(new Date(booking!.hold_until!).toISOString()).toBe("2026-11-02T16:35:00.000Z");
  });
});
