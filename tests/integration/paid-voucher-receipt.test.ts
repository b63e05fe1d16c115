import { afterEach, describe, expect, it, vi } from "vitest";
import { zoneName } from "../../app/modules/i18n/format";
import { loader as voucherPage } from "../../app/routes/$lang.booking.$id.voucher/route";
import { action as oxxoAction } from "../../app/routes/$lang.session.$id.oxxo/route";
import { getServices } from "../../app/services/index.server";
import { getDb } from "../../db/client.server";
import { createSession } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { signedInUser } from "./helpers";
import { webhookInProcess } from "./pay-fixtures";
import { form, run } from "./route";

useTestDatabase();

// Once the voucher is paid, its page is a receipt (when, in the viewer's zone and named; how much;
// the reference) and no longer asks for money: no amount to pay, no expiry, no PDF to download.
const base = "http://localhost:3000";

afterEach(() => vi.unstubAllGlobals());

describe("the voucher page once the voucher is paid", () => {
  for (const lang of ["es", "en", "pt"] as const)
    it(`in ${lang}: a receipt in the viewer's zone, and no call to pay`, async () => {
      webhookInProcess();
      const host = await signedInUser({ role: "dm" });
      // A viewer far from the session's zone: the receipt's time is theirs.
      const player = await signedInUser({ timeZone: "Asia/Tokyo" });
      const { id } = await createSession({ host: host.id, startsInHours: 20 * 24, priceCents: 25000, paymentMethods: ["CARD", "OXXO"] });
      const sent = await run(oxxoAction, form(`${base}/${lang}/session/${id}/oxxo`, { firstName: "Ana", lastName: "Robles" }, { Cookie: player.cookie }), {
        lang,
        id,
      });
      const path = sent.headers.get("Location")!;
      const bookingId = path.split("/")[3]!;
      const open = (await run(voucherPage, new Request(`${base}${path}`, { headers: { Cookie: player.cookie } }), { lang, id: bookingId })).data;
      expect(open).toMatchObject({ state: "waiting", receipt: null, voucherUrl: expect.any(String), until: expect.any(String) });

      const payment = await getDb()
        .selectFrom("payments")
        .select(["provider_ref", "voucher_reference"])
        .where("booking_id", "=", bookingId)
        .executeTakeFirstOrThrow();
      expect(await getServices().offlinePayments!.act(payment.provider_ref!, "succeed")).toEqual({ ok: true, redirectTo: null });
      const { updated_at: paidAt } = await getDb().selectFrom("payments").select("updated_at").where("booking_id", "=", bookingId).executeTakeFirstOrThrow();

      const paid = await run(voucherPage, new Request(`${base}${path}`, { headers: { Cookie: player.cookie } }), { lang, id: bookingId });
      expect(paid.status).toBe(200);
      const data = paid.data as { receipt: { paidAt: string; amount: string; reference: string } };
      expect(paid.data).toMatchObject({ state: "paid", voucherUrl: null, until: null, expiresAtIso: null, share: null });
      expect(data.receipt).toMatchObject({ amount: expect.stringMatching(/250.00 MXN$/), reference: payment.voucher_reference });
      // The hour of payment as the viewer's clock showed it, and the zone named in the page's language.
      const [h, m] = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZone: "Asia/Tokyo" })
        .format(new Date(paidAt))
        .split(":")
        .map(Number) as [number, number];
      expect(data.receipt.paidAt).toMatch(new RegExp(`\\b0?(${h}|${h % 12 || 12}):${String(m).padStart(2, "0")}\\b`));
      expect(data.receipt.paidAt).toContain(zoneName("Asia/Tokyo", lang, new Date(paidAt)));
    });
});
