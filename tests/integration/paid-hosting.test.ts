import { describe, expect, it } from "vitest";
import { action as createForm } from "../../app/routes/$lang.create";
import { loader as sessionPage } from "../../app/routes/$lang.session.$id._index/route";
import { action as editForm } from "../../app/routes/$lang.session.$id.edit";
import { action as postSession } from "../../app/routes/api.session._index";
import { action as patchSession } from "../../app/routes/api.session.$id";
import { action as postSeries } from "../../app/routes/api.session-series._index";
import { getDb } from "../../db/client.server";
import { createSession, sessionCount, sessionFormFields } from "../fixtures/sessions";
import { signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { errorsFor, form, initialValue, run } from "./route";

useTestDatabase();

// No paid session without a payable DM (decision record 084): a price needs a payout account that
// takes charges; a free session needs none.

const base = "http://localhost:3000";
type AccountState = "none" | "details_needed" | "active" | "restricted";

async function dmWith(state: AccountState) {
  const dm = await signedInUser({ role: "dm", payouts: "none" });
  if (state !== "none") {
    const takes = state === "active";
    await getDb()
      .insertInto("payout_accounts")
      .values({
        user_id: dm.id,
        provider: "offline",
        account_ref: `acct_offline_${dm.id.replaceAll("-", "").slice(0, 24)}`,
        country: "MX",
        state,
        charges_enabled: takes,
        payouts_enabled: takes,
        ever_active: state !== "details_needed",
      })
      .execute();
  }
  return dm;
}

const inDays = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(19, 0, 0, 0);
  return d;
};
const apiBody = (priceCents: number, days: number) => ({
  title: "Mesa pagada",
  game: "Pathfinder",
  date: inDays(days).toISOString(),
  duration: 120,
  maxParticipants: 4,
  price: priceCents,
});

const cases = (["none", "details_needed", "active", "restricted"] as const).flatMap((state) =>
  ([0, 15_000] as const).map((priceCents) => ({ state, priceCents, allowed: priceCents === 0 || state === "active" })),
);

describe("a price needs a payout account that takes charges", () => {
  it.each(cases)("API create: $state account, price $priceCents", async ({ state, priceCents, allowed }) => {
    const dm = await dmWith(state);
    const result = await run(
      postSession,
      new Request(`${base}/api/session`, {
        method: "POST",
        body: JSON.stringify(apiBody(priceCents, 10)),
        headers: { "Content-Type": "application/json", ...dm.auth },
      }),
    );
    if (allowed) expect(result.status).toBe(201);
    else expect(result).toMatchObject({ status: 409, data: { error: "priceCents needs a payout account that can take charges" } });
  });

  it.each(cases)("form create: $state account, price $priceCents", async ({ state, priceCents, allowed }) => {
    const dm = await dmWith(state);
    const date = inDays(12).toISOString().slice(0, 10);
    const fields =
      priceCents === 0 ? { ...sessionFormFields("Mesa del formulario", date), isFree: "on" } : sessionFormFields("Mesa del formulario", date, { price: "150" });
    const before = await sessionCount();
    const result = await run(createForm, form(`${base}/es/create`, fields, { Cookie: dm.cookie }), { lang: "es" });
    if (allowed) {
      expect(result.status).toBe(302);
      return;
    }
    expect(result.status).toBe(409);
    expect(errorsFor(result.data, "price")).toEqual(["payoutAccountNeeded"]);
    // What was typed comes back.
    expect(initialValue(result.data)).toMatchObject({ title: "Mesa del formulario", price: "150" });
    expect(await sessionCount()).toBe(before);
  });
});

describe("editing to paid, a paid series and a priced inquiry need the same account", () => {
  const seriesBody = (price: number) => ({
    title: "Campaña pagada",
    description: "Una campaña semanal en la Costa de la Espada.",
    sessionInstructions: "Entra al canal de voz cinco minutos antes.",
    game: "D&D 5e",
    frequency: "WEEKLY",
    timezone: "America/Mexico_City",
    startDate: inDays(9).toISOString(),
    dayOfWeek: inDays(9).getUTCDay(),
    duration: 180,
    maxParticipants: 5,
    minParticipants: 1,
    price,
    currency: "MXN",
    autoGenerateAhead: 2,
  });
  const api = (method: string, path: string, auth: Record<string, string>, body: unknown) =>
    new Request(`${base}${path}`, { method, body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...auth } });

  it.each(["none", "details_needed", "restricted"] as const)(
    "PATCH /api/session to a price, and the edit form to a price: refused for a %s account",
    async (state) => {
      const dm = await dmWith(state);
      const free = await run(postSession, api("POST", "/api/session", dm.auth, apiBody(0, 10)));
      const id = (free.data as { id: string }).id;
      const patched = await run(patchSession, api("PATCH", `/api/session/${id}`, dm.auth, { ...apiBody(15_000, 10) }), { id });
      expect(patched).toMatchObject({ status: 409, data: { error: "priceCents needs a payout account that can take charges" } });
      const date = inDays(10).toISOString().slice(0, 10);
      const edited = await run(
        editForm,
        form(`${base}/es/session/${id}/edit`, sessionFormFields("Mesa pagada", date, { price: "150" }), { Cookie: dm.cookie }),
        { lang: "es", id },
      );
      expect(edited.status).toBe(409);
      expect(errorsFor(edited.data, "price")).toEqual(["payoutAccountNeeded"]);
      expect(initialValue(edited.data)).toMatchObject({ title: "Mesa pagada", price: "150" });
      // Nothing was saved: the session stays free.
      expect((await getDb().selectFrom("sessions").select("price_cents").where("id", "=", id).executeTakeFirstOrThrow()).price_cents).toBe(0);
    },
  );

  it("POST /api/session-series with a price: refused without an account that takes charges, taken with one; free needs none", async () => {
    const without = await dmWith("details_needed");
    expect(await run(postSeries, api("POST", "/api/session-series", without.auth, seriesBody(20_000)))).toMatchObject({
      status: 409,
      data: { error: "priceCents needs a payout account that can take charges" },
    });
    expect((await run(postSeries, api("POST", "/api/session-series", without.auth, seriesBody(0)))).status).toBe(201);
    const active = await dmWith("active");
    expect((await run(postSeries, api("POST", "/api/session-series", active.auth, seriesBody(20_000)))).status).toBe(201);
  });
});

describe("the host of a paid session their players cannot pay for yet", () => {
  it("sees on the session page what Stripe asks and the way to the payouts page; a player and a payable host see nothing", async () => {
    const dm = await dmWith("details_needed");
    await getDb()
      .updateTable("payout_accounts")
      .set({ requirements: JSON.stringify(["individual.id_number"]) })
      .where("user_id", "=", dm.id)
      .execute();
    const paid = await createSession({ host: dm.id, priceCents: 20_000 });
    const page = (cookie: string, id = paid.id) =>
      run(sessionPage, new Request(`${base}/es/session/${id}`, { headers: { Cookie: cookie } }), { lang: "es", id });
    expect((await page(dm.cookie)).data).toMatchObject({ payoutNotice: { href: "/es/settings/payouts", requirements: ["individual.id_number"] } });
    const player = await signedInUser();
    expect((await page(player.cookie)).data).toMatchObject({ payoutNotice: null });
    const payable = await dmWith("active");
    const theirs = await createSession({ host: payable.id, priceCents: 20_000 });
    expect((await page(payable.cookie, theirs.id)).data).toMatchObject({ payoutNotice: null });
  });
});
