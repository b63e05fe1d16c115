import { describe, expect, it } from "vitest";
import { insertSeriesWithSessions } from "../../app/modules/series/series.server";
import { action as seriesConfirmAction } from "../../app/routes/$lang.series.$id.confirm/route";
import { action as confirmAction } from "../../app/routes/$lang.session.$id.confirm/route";
import { action as oxxoAction } from "../../app/routes/$lang.session.$id.oxxo/route";
import { loader as safetyPage } from "../../app/routes/$lang.session.$id.safety";
import { action as createIntent } from "../../app/routes/api.payments.create-intent";
import { getDb } from "../../db/client.server";
import { weeklySeries } from "../fixtures/series";
import type { SignedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { signedInUser, testDeps } from "./helpers";
import { bookingsOf, paidSession, paymentsOf, payTestDeps } from "./pay-fixtures";
import { apiCall, form, run } from "./route";

// Lines and veils on the paid paths (decision record 061): kept with the hold, shown to the DM only
// once the payment settled and the seat is confirmed; a payment that fails leaves nothing shown.

useTestDatabase();

const base = "http://localhost:3000";
// The hosted card page is played by the offline adapter on the real clock, so the session is a month ahead of it.
const now = new Date();
const context = { now } as never;
type Players = { players: { name: string | null; lines: string[]; veils: string[]; notes: string[] }[] };

const sheet = async (id: string, as: SignedInUser) =>
  run(safetyPage, new Request(`${base}/es/session/${id}/safety`, { headers: { Cookie: as.cookie } }), { lang: "es", id }, context);
const seen = async (id: string, host: SignedInUser) => ((await sheet(id, host)).data as Players).players;
const payCard = (id: string, fields: Record<string, string | string[]>, as: SignedInUser) =>
  run(confirmAction, form(`${base}/es/session/${id}/confirm`, { intent: "payCard", ...fields }, { Cookie: as.cookie }), { lang: "es", id }, context);
const intent = (as: SignedInUser, body: Record<string, unknown>) => run(createIntent, apiCall("POST", "/api/payments/create-intent", as, body), {}, context);
const notesOf = (sessionId: string) => getDb().selectFrom("safety_notes").selectAll().where("session_id", "=", sessionId).execute();

async function table() {
  const host = await signedInUser({ role: "dm", displayName: "Host" });
  const ana = await signedInUser({ displayName: "Ana" });
  return { host, ana, id: await paidSession(host.id, 3, { starts_at: new Date(now.getTime() + 30 * 86_400_000) }) };
}

describe("lines and veils on a paid seat", () => {
  it("the card page without scripts: the note reaches the DM once the card is paid, and only the DM", async () => {
    const { host, ana, id } = await table();
    const started = await payCard(id, { lines: "torture", veils: "phobias", safetyNote: "Sin arañas" }, ana);
    expect(started.status).toBe(303);
    expect(await seen(id, host)).toEqual([]);
    const { offline } = payTestDeps(now);
    expect(await offline.act(started.headers.get("Location")!.split("/").pop()!, "succeed", "card")).toMatchObject({ ok: true });
    expect((await bookingsOf(id))[0]).toMatchObject({ status: "CONFIRMED" });
    expect(await seen(id, host)).toEqual([{ key: ana.id, name: "Ana", lines: ["torture"], veils: ["phobias"], notes: ["Sin arañas"] }]);
    const beto = await signedInUser();
    for (const who of [ana, beto]) expect((await sheet(id, who)).status).toBe(403);
  });

  it("a failed card leaves nothing shown, and a later booking without a note does not bring the old one back", async () => {
    const { host, ana, id } = await table();
    const first = await intent(ana, { sessionId: id, lines: ["suicide"], safetyNote: "No", anonymous: true });
    expect(first.status).toBe(201);
    const { offline } = payTestDeps(now);
    const firstIntent = (first.data as { clientSecret: string }).clientSecret.split("_secret_")[0]!;
    expect(await offline.act(firstIntent, "fail", "card")).toMatchObject({ ok: true });
    expect(await seen(id, host)).toEqual([]);
    await getDb().updateTable("bookings").set({ status: "CANCELLED" }).where("session_id", "=", id).execute();

    const second = await payCard(id, {}, ana);
    expect(second.status).toBe(303);
    expect(await offline.act(second.headers.get("Location")!.split("/").pop()!, "succeed", "card")).toMatchObject({ ok: true });
    expect((await bookingsOf(id)).some((b) => b.status === "CONFIRMED")).toBe(true);
    expect(await notesOf(id)).toEqual([]);
    expect(await seen(id, host)).toEqual([]);
  });

  it("the card dialog's intent carries the note; bad lines and veils start nothing", async () => {
    const { host, ana, id } = await table();
    const refused = await intent(ana, { sessionId: id, lines: ["cannibal_clowns"] });
    expect(refused).toMatchObject({ status: 400, data: { error: "lines is not valid" } });
    expect(await bookingsOf(id)).toEqual([]);
    const badPage = await payCard(id, { safetyNote: "x".repeat(501) }, ana);
    expect(badPage).toMatchObject({ status: 400, data: { safety: { errors: ["safety:validation.noteTooLong"] } } });
    expect(await bookingsOf(id)).toEqual([]);

    const started = await intent(ana, { sessionId: id, veils: ["drug_use"], safetyNote: "", anonymous: false });
    expect(started.status).toBe(201);
    expect(await seen(id, host)).toEqual([]);
    const { offline } = payTestDeps(now);
    expect(await offline.act((started.data as { clientSecret: string }).clientSecret.split("_secret_")[0]!, "succeed", "card")).toMatchObject({ ok: true });
    expect(await seen(id, host)).toEqual([expect.objectContaining({ name: "Ana", veils: ["drug_use"] })]);
  });

  it("an OXXO voucher (page without scripts, and the API): the note shows once the voucher is paid", async () => {
    const { host, ana, id } = await table();
    const cookie = { Cookie: ana.cookie };
    const badNames = await run(
      oxxoAction,
      form(`${base}/es/session/${id}/oxxo`, { firstName: "", lastName: "Robles", lines: "torture" }, cookie),
      { lang: "es", id },
      context,
    );
    expect(badNames.status).toBe(400);
    expect(badNames.data).toMatchObject({ safety: { values: { lines: ["torture"] } } });
    const posted = await run(
      oxxoAction,
      form(`${base}/es/session/${id}/oxxo`, { firstName: "Ana", lastName: "Robles", lines: "torture", anonymous: "on" }, cookie),
      { lang: "es", id },
      context,
    );
    expect(posted.status).toBe(302);
    expect(await seen(id, host)).toEqual([]);
    const [booking] = await bookingsOf(id);
    const [payment] = await paymentsOf(booking!.id);
    const { offline } = payTestDeps(now);
    expect(await offline.act(payment!.provider_ref!, "succeed")).toMatchObject({ ok: true });
    expect(await seen(id, host)).toEqual([expect.objectContaining({ name: null, lines: ["torture"] })]);

    const beto = await signedInUser({ displayName: "Beto" });
    expect((await intent(beto, { sessionId: id, paymentMethod: "oxxo", country: "MX", firstName: "Beto", lastName: "Paz", veils: ["phobias"] })).status).toBe(
      201,
    );
    expect((await seen(id, host)).map((p) => p.name)).toEqual([null]);
  });

  it("a paid series: the card subscription carries the note (dialog and page), shown once the first seat is paid", async () => {
    const host = await signedInUser({ role: "dm", displayName: "Host" });
    const ana = await signedInUser({ displayName: "Ana" });
    const row = weeklySeries(host.id, { priceCents: 30_000, allowedPaymentMethods: ["CARD", "OXXO"], minAdvanceBookingHours: 48, voucherPaymentDays: 1 }, now);
    const { id: seriesId } = await insertSeriesWithSessions(testDeps(now).deps, row);
    const [first] = await getDb().selectFrom("sessions").select("id").where("series_id", "=", seriesId).orderBy("starts_at").execute();
    const started = await intent(ana, { isSubscription: true, seriesId, country: "MX", lines: ["body_horror"] });
    expect(started.status).toBe(201);
    expect(await seen(first!.id, host)).toEqual([]);
    const ref = (await getDb().selectFrom("payments").select("payment_intent_ref").where("user_id", "=", ana.id).executeTakeFirstOrThrow()).payment_intent_ref!;
    const { offline } = payTestDeps(now);
    expect(await offline.act(ref, "succeed")).toMatchObject({ ok: true });
    expect(await seen(first!.id, host)).toEqual([expect.objectContaining({ name: "Ana", lines: ["body_horror"] })]);

    // The confirmation page's card form without scripts keeps the note with the checkout it starts.
    const beto = await signedInUser();
    const form_ = form(`${base}/es/series/${seriesId}/confirm`, { intent: "payCard", nextSessionId: first!.id, veils: "phobias" }, { Cookie: beto.cookie });
    expect((await run(seriesConfirmAction, form_, { lang: "es", id: seriesId }, context)).status).toBe(303);
    const notes = await getDb().selectFrom("safety_notes").select(["veils"]).where("series_id", "=", seriesId).where("player_id", "=", beto.id).execute();
    expect(notes).toEqual([{ veils: ["phobias"] }]);
    expect((await seen(first!.id, host)).map((p) => p.name)).toEqual(["Ana"]);
  });

  it("a paid series' OXXO form on its page carries its own lines and veils, kept as typed when refused, shown once the voucher is paid", async () => {
    const host = await signedInUser({ role: "dm", displayName: "Host" });
    const cata = await signedInUser({ displayName: "Cata" });
    const row = weeklySeries(host.id, { priceCents: 30_000, allowedPaymentMethods: ["CARD", "OXXO"], minAdvanceBookingHours: 48, voucherPaymentDays: 1 }, now);
    const { id: seriesId } = await insertSeriesWithSessions(testDeps(now).deps, row);
    const [first] = await getDb().selectFrom("sessions").select("id").where("series_id", "=", seriesId).orderBy("starts_at").execute();
    const post = (fields: Record<string, string>) =>
      run(
        seriesConfirmAction,
        form(`${base}/es/series/${seriesId}/confirm`, { intent: "payOxxo", nextSessionId: first!.id, ...fields }, { Cookie: cata.cookie }),
        { lang: "es", id: seriesId },
        context,
      );
    const badNames = await post({ firstName: "", lastName: "Paz", lines: "torture", safetyNote: "sin arañas" });
    expect(badNames.status).toBe(400);
    expect(badNames.data).toMatchObject({ oxxoSafety: { values: { lines: ["torture"], safetyNote: "sin arañas" }, errors: [] } });
    const badNote = await post({ firstName: "Cata", lastName: "Paz", safetyNote: "x".repeat(2001) });
    expect(badNote.status).toBe(400);
    expect(badNote.data).toMatchObject({ intent: "payOxxo", safety: { errors: [expect.any(String)] } });
    expect(await getDb().selectFrom("payments").select("id").where("user_id", "=", cata.id).execute()).toEqual([]);

    expect((await post({ firstName: "Cata", lastName: "Paz", lines: "torture" })).status).toBe(302);
    expect(await seen(first!.id, host)).toEqual([]);
    const ref = (await getDb().selectFrom("payments").select("payment_intent_ref").where("user_id", "=", cata.id).executeTakeFirstOrThrow())
      .payment_intent_ref!;
    expect(await payTestDeps(now).offline.act(ref, "succeed")).toMatchObject({ ok: true });
    expect(await seen(first!.id, host)).toEqual([expect.objectContaining({ name: "Cata", lines: ["torture"] })]);
  });
});
