import { describe, expect, it } from "vitest";
import { action as createForm } from "../../app/routes/$lang.create";
import { action as postSession } from "../../app/routes/api.session._index";
import { getDb } from "../../db/client.server";
import { sessionCount, sessionFormFields } from "../fixtures/sessions";
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
