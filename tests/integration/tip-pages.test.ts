import { describe, expect, it } from "vitest";
import { loader as sessionPage } from "../../app/routes/$lang.session.$id._index/route";
import { action as tipAction, loader as tipLoader } from "../../app/routes/$lang.session.$id.tip/route";
import { loader as tipReceipt } from "../../app/routes/$lang.tip.$id/route";
import { getServices } from "../../app/services/index.server";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { signedInUser } from "./helpers";
import { webhookInProcess } from "./pay-fixtures";
import { fieldErrors, form, initialValue, run } from "./route";

useTestDatabase();

// The tip pages (decision record 087): the form and its refusals, one tip per form, and who may see a tip's page.

const base = "http://localhost:3000";
// The offline adapter reads the wall clock (its hosted page must outlive it by 30 minutes): so do these requests.
const now = new Date();
const context = { now } as never;

async function played(currency = "MXN") {
  const dm = await signedInUser({ role: "dm" });
  const player = await signedInUser();
  const { id } = await createSession({
    host: dm.id,
    startsAt: new Date(now.getTime() - 3 * 3_600_000),
    durationMinutes: 120,
    status: "COMPLETED",
    priceCents: 25_000,
    currency,
  });
  await bookSeat(id, player.id, { paymentMethod: "CARD", amountCents: 25_000, currency });
  return { dm, player, id };
}

const get = (path: string, cookie?: string) => new Request(`${base}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
const tipsOf = (sessionId: string) => getDb().selectFrom("payments").selectAll().where("session_id", "=", sessionId).where("kind", "=", "tip").execute();
const send = (id: string, cookie: string, fields: Record<string, string | string[]>) =>
  run(tipAction, form(`${base}/es/session/${id}/tip`, fields, { Cookie: cookie }), { lang: "es", id }, context);

describe("the tip page", () => {
  it("is the attending player's; a stranger, the DM and a no-show find nothing, a visitor is sent to log in", async () => {
    const { dm, player, id } = await played();
    const page = await run(tipLoader, get(`/es/session/${id}/tip`, player.cookie), { lang: "es", id }, context);
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({ closed: null, currency: "MXN", methods: ["CARD", "OXXO"], hint: "De 20 a 5000 MXN." });
    expect((page.data as { formKey: string }).formKey).toMatch(/^[0-9a-f-]{36}$/);
    const session = await run(sessionPage, get(`/es/session/${id}`, player.cookie), { lang: "es", id }, context);
    expect(session.data).toMatchObject({ tipHref: `/es/session/${id}/tip` });

    const stranger = await signedInUser();
    for (const who of [stranger, dm]) {
      expect((await run(tipLoader, get(`/es/session/${id}/tip`, who.cookie), { lang: "es", id }, context)).status).toBe(404);
      expect((await send(id, who.cookie, { amount: "50", method: "CARD", key: crypto.randomUUID() })).status).toBe(404);
      expect((await run(sessionPage, get(`/es/session/${id}`, who.cookie), { lang: "es", id }, context)).data).toMatchObject({ tipHref: null });
    }
    const anonymous = await run(tipLoader, get(`/es/session/${id}/tip`), { lang: "es", id }, context);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toBe(`/es/login?redirect=${encodeURIComponent(`/es/session/${id}/tip`)}`);

    await getDb().updateTable("bookings").set({ attendance: "NO_SHOW", attendance_marked_at: now }).where("user_id", "=", player.id).execute();
    expect((await run(tipLoader, get(`/es/session/${id}/tip`, player.cookie), { lang: "es", id }, context)).status).toBe(404);
    expect(await tipsOf(id)).toEqual([]);
  });

  it("after its 7 days says so, with no form, and refuses a late send", async () => {
    const dm = await signedInUser({ role: "dm" });
    const player = await signedInUser();
    const { id } = await createSession({
      host: dm.id,
      startsAt: new Date(now.getTime() - 8 * 86_400_000),
      durationMinutes: 120,
      status: "COMPLETED",
      priceCents: 25_000,
    });
    await bookSeat(id, player.id, { paymentMethod: "CARD", amountCents: 25_000 });
    const page = await run(tipLoader, get(`/es/session/${id}/tip`, player.cookie), { lang: "es", id }, context);
    expect(page.data).toMatchObject({
      closed: "Ya pasó el plazo para dar propina en esta sesión: las propinas se aceptan durante 7 días después de que termina.",
    });
    const late = await send(id, player.cookie, { amount: "50", method: "CARD", key: crypto.randomUUID() });
    expect(late.status).toBe(409);
    expect(late.data).toMatchObject({ error: { "": ["tips:closed.windowClosed"] } });
    expect((await run(sessionPage, get(`/es/session/${id}`, player.cookie), { lang: "es", id }, context)).data).toMatchObject({ tipHref: null });
    expect(await tipsOf(id)).toEqual([]);
  });

  it("answers bad input next to its field and keeps what was typed; nothing is charged", async () => {
    const { player, id } = await played();
    const low = await send(id, player.cookie, { amount: "19.99", method: "CARD", key: crypto.randomUUID() });
    expect(low.status).toBe(400);
    expect(fieldErrors(low.data)).toEqual({ amount: ["tipAmountTooLow"] });
    expect(initialValue(low.data)).toMatchObject({ amount: "19.99" });
    const twice = await send(id, player.cookie, { amount: ["20", "30"], method: "CARD", key: crypto.randomUUID() });
    expect(fieldErrors(twice.data)).toEqual({ amount: ["tipAmountInvalid"] });
    const precise = await send(id, player.cookie, { amount: "20.005", method: "CARD", key: crypto.randomUUID() });
    expect(fieldErrors(precise.data)).toEqual({ amount: ["tipAmountTooPrecise"] });
    const brl = await played("BRL");
    const oxxo = await send(brl.id, brl.player.cookie, { amount: "20", method: "OXXO", key: crypto.randomUUID() });
    expect(oxxo.status).toBe(400);
    expect(fieldErrors(oxxo.data)).toEqual({ method: ["tipOxxoNotOffered"] });
    expect([...(await tipsOf(id)), ...(await tipsOf(brl.id))]).toEqual([]);
  });

  it("a form sent twice at once makes one tip, and both answers go to the same card page", async () => {
    webhookInProcess();
    const { dm, player, id } = await played();
    const fields = { amount: "50", method: "CARD", key: crypto.randomUUID() };
    const [a, b] = await Promise.all([send(id, player.cookie, fields), send(id, player.cookie, fields)]);
    expect(a.status).toBe(303);
    expect(b.headers.get("Location")).toBe(a.headers.get("Location"));
    const [tip, ...more] = await tipsOf(id);
    expect(more).toEqual([]);
    // The provider's page, paid: it returns to the tip's page, which thanks the player.
    const paid = await getServices().offlinePayments!.act(tip!.provider_ref!, "succeed");
    expect(paid).toMatchObject({ ok: true, redirectTo: `${base}/es/tip/${tip!.id}` });
    const receipt = await run(tipReceipt, get(`/es/tip/${tip!.id}`, player.cookie), { lang: "es", id: tip!.id }, context);
    expect(receipt.data).toMatchObject({ state: "paid", heading: "¡Gracias por tu propina!" });
    expect((await getDb().selectFrom("notifications").select("type").where("user_id", "=", dm.id).execute()).map((n) => n.type)).toEqual(["tip_received"]);
  });

  it("an OXXO tip's voucher page is its player's to open again; anyone else finds nothing", async () => {
    webhookInProcess();
    const { dm, player, id } = await played();
    const sent = await send(id, player.cookie, { amount: "120.50", method: "OXXO", key: crypto.randomUUID() });
    expect(sent.status).toBe(303);
    const [tip] = await tipsOf(id);
    expect(sent.headers.get("Location")).toBe(`/es/tip/${tip!.id}`);
    const open = async (cookie?: string) => run(tipReceipt, get(`/es/tip/${tip!.id}`, cookie), { lang: "es", id: tip!.id }, context);
    const mine = await open(player.cookie);
    expect(mine.status).toBe(200);
    expect(mine.data).toMatchObject({ state: "waiting", voucher: { reference: tip!.voucher_reference, amount: "$120.50 MXN" } });
    expect((await open(player.cookie)).status).toBe(200);
    for (const other of [dm, await signedInUser()]) expect((await open(other.cookie)).status).toBe(404);
    expect((await open()).status).toBe(302);
  });
});
