import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { issueApiTokens } from "../../app/modules/auth/api-tokens.server";
import { startLoginSession } from "../../app/modules/auth/login-sessions.server";
import { signUp } from "../../app/modules/auth/sign-up.server";
import { currencies, oxxoAdvanceHours, oxxoVoucherDays } from "../../app/modules/catalog/options";
import { predefinedTags } from "../../app/modules/catalog/tags";
import { currencyDigits } from "../../app/modules/pricing/rules";
import { action as editSeries, loader as seriesEditPage } from "../../app/routes/$lang.series.$id.edit";
import { action as editSession, loader as sessionEditPage } from "../../app/routes/$lang.session.$id.edit";
import { action as postSession } from "../../app/routes/api.session._index";
import { action as postSeries } from "../../app/routes/api.session-series._index";
import { getDb } from "../../db/client.server";
import { insertActivePayoutAccount } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { cookieForLoginSession, markVerified, meta, newMeta, signupInput, testDeps, uniqueEmail } from "./helpers";
import { form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
type Host = { id: string; cookie: string; bearer: Record<string, string> };
async function host(): Promise<Host> {
  const { deps } = testDeps(new Date());
  const created = await signUp(deps, { ...signupInput(uniqueEmail("dm")), role: "dm" }, newMeta());
  if (created.status === "created") await markVerified(created.userId);
  if (created.status !== "created") throw new Error("sign-up failed");
  // A DM who prices seats has a payout account that takes charges (decision record 084).
  await insertActivePayoutAccount(deps.db, created.userId, deps.now);
  const cookie = await cookieForLoginSession(await startLoginSession(deps, created.userId, meta));
  const tokens = await issueApiTokens(deps, created.userId);
  return {
    id: created.userId,
    cookie,
    bearer: { Authorization: `Bearer ${tokens!.access_token}` },
  };
}
const api = (path: string, body: unknown, who: Host) =>
  new Request(`${base}${path}`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...who.bearer } });
const page = (path: string, who: Host) => new Request(`${base}${path}`, { headers: { Cookie: who.cookie } });

/**
 * What a browser sends for a form the host submits untouched: the loader's values as the form
 * renders them (predefined tags as checkboxes and the rest as 'other tags'; cards are a disabled
 * checkbox, so never sent; a select whose value is not among its options sends its first option;
 * unticked checkboxes send nothing).
 */
function untouched(values: Record<string, string | string[]>): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  const selectFirst = (value: string, options: readonly number[]) => (options.map(String).includes(value) ? value : String(options[0]));
  for (const [name, value] of Object.entries(values)) {
    if (name === "tags") {
      const tags = [value].flat();
      fields.tags = tags.filter((t) => predefinedTags.some((p) => p.id === t));
      fields.tagsOther = tags.filter((t) => !predefinedTags.some((p) => p.id === t)).join(", ");
    } else if (name === "paymentMethods") fields.paymentMethods = [value].flat().filter((m) => m !== "CARD");
    else if (name === "minAdvanceBookingHours") fields[name] = selectFirst(String(value), oxxoAdvanceHours);
    else if (name === "voucherPaymentDays") fields[name] = selectFirst(String(value), oxxoVoucherDays);
    else if (value !== "") fields[name] = value;
  }
  return fields;
}

const omit = <T extends Record<string, unknown>>(row: T, keys: string[]) => Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));
const sessionRow = async (id: string) => omit(await getDb().selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirstOrThrow(), ["updated_at"]);
const seriesRow = async (id: string) => omit(await getDb().selectFrom("series").selectAll().where("id", "=", id).executeTakeFirstOrThrow(), ["updated_at"]);

/**
 * Prices that must survive: the reported 12550 cents, a single cent, the maximum, and a usual
 * price typed in whole units (15 000 pesos where the currency has no minor unit, like CLP; 150.00 elsewhere).
 */
const pricesFor = (currency: string) => [12550, 1, 100_000_000, currencyDigits(currency) === 0 ? 1_500_000 : 15_000];

let dm: Host;
beforeAll(async () => {
  dm = await host();
});

describe("a price set through the API survives the edit form saved unchanged", () => {
  it.each(currencies.map((c, i) => [c, i] as const))("session in %s", async (currency, i) => {
    for (const [j, price] of pricesFor(currency).entries()) {
      // Each at its own hour, so the host is never warned about an overlap.
      const date = DateTime.now()
        .plus({ days: 40 + i })
        .set({ hour: 1 + j * 4, minute: 0, second: 0, millisecond: 0 })
        .toUTC()
        .toISO()!;
      const created = await run(
        postSession,
        api(
          "/api/session",
          {
            title: `Precio ${currency} ${price}`,
            game: "Pathfinder",
            date,
            price,
            currency,
            allowedPaymentMethods: currency === "MXN" ? ["OXXO", "CASH"] : ["CASH"],
          },
          dm,
        ),
      );
      expect(created.status).toBe(201);
      const id = (created.data as { id: string }).id;
      const before = await sessionRow(id);
      expect(before).toMatchObject({ price_cents: price, currency });

      const edit = await run(sessionEditPage, page(`/es/session/${id}/edit`, dm), { lang: "es", id });
      const values = (edit.data as { values: Record<string, string | string[]> }).values;
      const saved = await run(editSession, form(`${base}/es/session/${id}/edit`, untouched(values), { Cookie: dm.cookie }), { lang: "es", id });
      expect(saved.status, JSON.stringify(saved.data)).toBe(302);
      expect(await sessionRow(id)).toEqual(before);
    }
  });

  it.each(currencies.map((c, i) => [c, i] as const))("series in %s", async (currency, i) => {
    for (const [j, price] of pricesFor(currency).entries()) {
      const created = await run(
        postSeries,
        api(
          "/api/session-series",
          {
            title: `Campaña ${currency} ${price}`,
            game: "D&D 5e",
            frequency: "WEEKLY",
            startDate: DateTime.now().plus({ days: 2 }).toISODate(),
            timeOfDay: `${String(i).padStart(2, "0")}:${String(j * 15).padStart(2, "0")}`,
            duration: 15,
            sessionInstructions: "Llega puntual, por favor.",
            price,
            currency,
            isOngoing: true,
            autoGenerateAhead: 1,
          },
          dm,
        ),
      );
      expect(created.status, JSON.stringify(created.data)).toBe(201);
      const id = (created.data as { id: string }).id;
      const before = await seriesRow(id);
      expect(before).toMatchObject({ price_cents: price, currency });

      const edit = await run(seriesEditPage, page(`/es/series/${id}/edit`, dm), { lang: "es", id });
      const values = (edit.data as { values: Record<string, string | string[]> }).values;
      const saved = await run(editSeries, form(`${base}/es/series/${id}/edit`, untouched(values), { Cookie: dm.cookie }), { lang: "es", id });
      expect(saved.status, JSON.stringify(saved.data)).toBe(302);
      expect(await seriesRow(id)).toEqual(before);
    }
  });
});

describe("an API-made session or series with the API's defaults saves unchanged from the form", () => {
  it("OXXO session with the default advance and voucher window", async () => {
    const date = DateTime.now().plus({ days: 90 }).set({ hour: 12, minute: 0, second: 0, millisecond: 0 }).toUTC().toISO()!;
    const created = await run(
      postSession,
      api("/api/session", { title: "OXXO por defecto", game: "D&D 5e", date, price: 20000, allowedPaymentMethods: ["OXXO"] }, dm),
    );
    expect(created.status).toBe(201);
    const id = (created.data as { id: string }).id;
    const before = await sessionRow(id);
    expect(before).toMatchObject({ min_advance_booking_hours: 120, voucher_payment_days: 3, allowed_payment_methods: ["CARD", "OXXO"], currency: "MXN" });
    const values = ((await run(sessionEditPage, page(`/es/session/${id}/edit`, dm), { lang: "es", id })).data as { values: Record<string, string | string[]> })
      .values;
    const saved = await run(editSession, form(`${base}/es/session/${id}/edit`, untouched(values), { Cookie: dm.cookie }), { lang: "es", id });
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    expect(await sessionRow(id)).toEqual(before);
  });

  it("OXXO series, whose sessions take its advance and voucher window", async () => {
    const created = await run(
      postSeries,
      api(
        "/api/session-series",
        {
          title: "Serie OXXO",
          game: "D&D 5e",
          frequency: "WEEKLY",
          startDate: DateTime.now().plus({ days: 3 }).toISODate(),
          timeOfDay: "23:00",
          sessionInstructions: "Llega puntual, por favor.",
          price: 9950,
          allowedPaymentMethods: ["OXXO"],
          minAdvanceBookingHours: 72,
          voucherPaymentDays: 2,
        },
        dm,
      ),
    );
    expect(created.status, JSON.stringify(created.data)).toBe(201);
    const id = (created.data as { id: string }).id;
    const before = await seriesRow(id);
    expect(before).toMatchObject({ min_advance_booking_hours: 72, voucher_payment_days: 2, allowed_payment_methods: ["CARD", "OXXO"] });
    const sessions = await getDb()
      .selectFrom("sessions")
      .select(["min_advance_booking_hours", "voucher_payment_days", "price_cents"])
      .where("series_id", "=", id)
      .execute();
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) expect(s).toEqual({ min_advance_booking_hours: 72, voucher_payment_days: 2, price_cents: 9950 });
    const values = ((await run(seriesEditPage, page(`/es/series/${id}/edit`, dm), { lang: "es", id })).data as { values: Record<string, string | string[]> })
      .values;
    const saved = await run(editSeries, form(`${base}/es/series/${id}/edit`, untouched(values), { Cookie: dm.cookie }), { lang: "es", id });
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    expect(await seriesRow(id)).toEqual(before);
  });

  it("the API refuses advance and voucher values the forms do not offer", async () => {
    const date = DateTime.now().plus({ days: 91 }).toUTC().toISO()!;
    expect(await run(postSession, api("/api/session", { title: "x", game: "D&D 5e", date, minAdvanceBookingHours: 24 }, dm))).toMatchObject({
      status: 400,
      data: { error: "minAdvanceBookingHours must be one of 120, 96, 72, 48" },
    });
    expect(await run(postSession, api("/api/session", { title: "x", game: "D&D 5e", date, voucherPaymentDays: 7 }, dm))).toMatchObject({
      status: 400,
      data: { error: "voucherPaymentDays must be one of 3, 2, 1" },
    });
  });
});
