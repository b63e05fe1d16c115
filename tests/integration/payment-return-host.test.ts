import { afterEach, describe, expect, it, vi } from "vitest";
import { action as payPageAction, loader as payPageLoader } from "../../app/routes/$lang.dev.payments.$id";
import { action as confirmAction } from "../../app/routes/$lang.session.$id.confirm/route";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { signedInUser } from "./helpers";
import { webhookInProcess } from "./pay-fixtures";
import { form, run } from "./route";

useTestDatabase();

// APP_URL is http://localhost:3000 in tests; the player reached the app as 127.0.0.1 (or a phone
// on the local network would, by the machine's address), so every redirect of the payment flow
// must stay on the host the request came to: the page's CSP (`form-action 'self'`) blocks any other.
const offHost = "http://127.0.0.1:3000";

afterEach(() => vi.unstubAllGlobals());

async function paidSession(dmId: string) {
  const row = await getDb()
    .insertInto("sessions")
    .values({
      dm_id: dmId,
      title: "La cripta",
      game: "D&D 5e",
      starts_at: new Date(Date.now() + 20 * 86_400_000),
      time_zone: "America/Mexico_City",
      duration_minutes: 120,
      max_participants: 3,
      min_participants: 1,
      price_cents: 25000,
      currency: "MXN",
      allowed_payment_methods: ["CARD", "OXXO"],
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const isPath = (location: string | null) => location !== null && location.startsWith("/") && !location.startsWith("//");

describe("card without JavaScript, reached under a host other than APP_URL's", () => {
  for (const lang of ["es", "en", "pt"] as const)
    it(`in ${lang}: the hosted page and its 'Pay' and 'Cancel' answer with paths on the same host`, async () => {
      webhookInProcess();
      const host = await signedInUser({ role: "dm" });
      const player = await signedInUser();
      const id = await paidSession(host.id);
      const headers = { Cookie: player.cookie, Host: "127.0.0.1:3000", "x-client-ip": "127.0.0.1" };

      const opened = await run(confirmAction, form(`${offHost}/${lang}/session/${id}/confirm`, { intent: "payCard" }, headers), { lang, id });
      expect(opened.status).toBe(303);
      const page = opened.headers.get("Location")!;
      expect(page).toMatch(new RegExp(`^/${lang}/dev/payments/cs_offline_[0-9a-f]+$`));
      const checkout = page.split("/").pop()!;

      const cancelled = await run(payPageAction, form(`${offHost}${page}`, { action: "cancel" }, headers), { lang, id: checkout });
      expect(cancelled.headers.get("Location")).toBe(`/${lang}/session/${id}/confirm`);

      // A declined card stays on the page, which says so in the page's language and offers another try (as Stripe's does).
      const declined = await run(payPageAction, form(`${offHost}${page}`, { action: "fail", method: "card" }, headers), { lang, id: checkout });
      expect(declined.headers.get("Location")).toBe(`${page}?outcome=declined`);
      const after = await run(payPageLoader, new Request(`${offHost}${page}?outcome=declined`, { headers }), { lang, id: checkout });
      expect(after.data).toMatchObject({
        declined: true,
        open: true,
        actions: expect.arrayContaining(["succeed", "fail"]),
        methods: expect.arrayContaining(["card"]),
      });
      // Opened afresh, the page has nothing to say of a try.
      expect((await run(payPageLoader, new Request(`${offHost}${page}`, { headers }), { lang, id: checkout })).data).toMatchObject({ declined: false });

      const paid = await run(payPageAction, form(`${offHost}${page}`, { action: "succeed", method: "card" }, headers), { lang, id: checkout });
      expect(paid.status).toBe(303);
      expect(paid.headers.get("Location")).toBe(`/${lang}/session/${id}?payment=success`);
      expect(isPath(paid.headers.get("Location"))).toBe(true);
      const booking = await getDb()
        .selectFrom("bookings")
        .select("status")
        .where("session_id", "=", id)
        .where("user_id", "=", player.id)
        .executeTakeFirstOrThrow();
      expect(booking.status).toBe("CONFIRMED");
    });
});
