import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import { describe, expect, it } from "vitest";
import { changePassword } from "../../app/modules/auth/password-change.server";
import { signUp } from "../../app/modules/auth/sign-up.server";
import { formatDateTime } from "../../app/modules/i18n/format";
import { viewerHeaderOf, viewerTag } from "../../app/modules/offline/offline.server";
import { NO_VIEWER } from "../../app/modules/offline/rules";
import { loader as rootLoader } from "../../app/root";
import { action as logoutAction } from "../../app/routes/$lang.logout";
import { loader as manifestLoader } from "../../app/routes/$lang.manifest[.]webmanifest";
import { loader as ticketsLoader } from "../../app/routes/$lang.tickets";
import { loader as kitLoader } from "../../app/routes/api.offline.kit";
import { getDb } from "../../db/client.server";
import { serviceWorkerScript } from "../../server/service-worker";
import { bookSeat, createSession } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { createUser, loginCookie, newMeta, signupInput, testDeps, uniqueEmail, userIdOf } from "./helpers";
import { run } from "./route";

useTestDatabase();

// What a player's device keeps for offline use (decision record 094): the kit names only the
// viewer's own tickets, open vouchers and booked games; and the viewer header every page carries
// turns to "none" once a session has ended (signed out, a password changed elsewhere, a ban).
const base = "http://localhost:3000";
const HOUR = 3_600_000;

/** A seat held for an OXXO voucher still to pay, as the provider's answer records it. */
async function openVoucher(sessionId: string, userId: string, now: Date) {
  const bookingId = await bookSeat(sessionId, userId, { status: "PENDING_PAYMENT", paymentMethod: "OXXO", amountCents: 25000, currency: "MXN" });
  await getDb()
    .insertInto("payments")
    .values({
      booking_id: bookingId,
      user_id: userId,
      session_id: sessionId,
      amount_cents: 25000,
      currency: "MXN",
      method: "OXXO",
      provider: "offline",
      status: "requires_action",
      voucher_reference: "93000012345678901234",
      voucher_expires_at: new Date(now.getTime() + 72 * HOUR),
    })
    .execute();
  return bookingId;
}

/** A tip still waiting at an OXXO till: a payment of kind 'tip' with no booking (decision record 087). */
async function openTip(sessionId: string, userId: string, now: Date) {
  const row = await getDb()
    .insertInto("payments")
    .values({
      kind: "tip",
      user_id: userId,
      session_id: sessionId,
      amount_cents: 5000,
      currency: "MXN",
      method: "OXXO",
      provider: "offline",
      status: "requires_action",
      voucher_reference: "93000099999999999999",
      voucher_expires_at: new Date(now.getTime() + 48 * HOUR),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const kit = async (cookie: string | null, lang = "es") =>
  run(kitLoader, new Request(`${base}/api/offline/kit?lang=${lang}`, { headers: cookie ? { Cookie: cookie } : {} }));

describe("the offline kit", () => {
  it("refuses a visitor who is not signed in", async () => {
    expect((await kit(null)).status).toBe(401);
  });

  it("names the viewer's tickets, open vouchers and booked games, and nobody else's", async () => {
    const now = new Date();
    const player = await createUser({ timeZone: "America/Mexico_City" });
    const other = await createUser();
    const paid = await createSession({ priceCents: 25000, startsInHours: 10 * 24, title: "La cripta de pago" });
    const free = await createSession({ startsInHours: 30, title: "Mesa libre", location: "https://meet.example/mesa" });
    const past = await createSession({ startsInHours: -48, title: "Ya jugada" });
    const cancelled = await createSession({ startsInHours: 48, status: "CANCELLED" });
    const othersOnly = await createSession({ priceCents: 25000, startsInHours: 9 * 24 });
    const voucher = await openVoucher(paid.id, player.id, now);
    await bookSeat(free.id, player.id);
    await bookSeat(past.id, player.id);
    await bookSeat(cancelled.id, player.id);
    const othersVoucher = await openVoucher(othersOnly.id, other.id, now);
    const tip = await openTip(past.id, player.id, now);
    const othersTip = await openTip(past.id, other.id, now);
    const cookie = await loginCookie(player.id);

    const answer = await kit(cookie, "pt");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    const body = answer.data as { viewer: string; version: string; paths: string[] };
    expect(body.viewer).toBe(viewerTag(player.id));
    expect(body.viewer).not.toContain(player.id);
    expect(body.paths.sort()).toEqual(
      ["/pt/tickets", `/pt/booking/${voucher}/voucher`, `/pt/tip/${tip}`, `/pt/session/${free.id}`, `/pt/session/${paid.id}`].sort(),
    );
    expect(JSON.stringify(body)).not.toContain(othersVoucher);
    expect(JSON.stringify(body)).not.toContain(othersTip);

    // The tickets page: soonest first, the time in the player's zone (named), the place or link, the host, the seat.
    const page = await run(ticketsLoader, new Request(`${base}/es/tickets`, { headers: { Cookie: cookie } }), { lang: "es" }, { now });
    const { tickets, tips, savedAt } = page.data as { tickets: Record<string, unknown>[]; tips: Record<string, unknown>[]; savedAt: string };
    expect(tips).toEqual([{ id: tip, title: "Ya jugada", host: "Host", amount: expect.stringMatching(/50.00 MXN$/), href: `/es/tip/${tip}` }]);
    expect(savedAt).toMatch(/\d{1,2}:\d{2}.* \(.+\)$/);
    expect(tickets).toMatchObject([
      { title: "Mesa libre", place: "https://meet.example/mesa", placeIsLink: true, host: "Host", seat: "confirmed", voucherHref: null },
      { id: voucher, title: "La cripta de pago", seat: "voucher", voucherHref: `/es/booking/${voucher}/voucher` },
    ]);
    expect(tickets[0]!.when).toBe(formatDateTime(free.startsAt, "es", "America/Mexico_City"));

    // Paid since: the voucher leaves the kit, and the version changes so the device fetches the pages again.
    await getDb()
      .updateTable("bookings")
      .set({ status: "CONFIRMED", updated_at: new Date(now.getTime() + 1000) })
      .where("id", "=", voucher)
      .execute();
    const after = (await kit(cookie, "pt")).data as { version: string; paths: string[] };
    expect(after.paths).not.toContain(`/pt/booking/${voucher}/voucher`);
    expect(after.version).not.toBe(body.version);
    expect(((await kit(cookie, "pt")).data as { version: string }).version).toBe(after.version);
  });
});

describe("the viewer header of every page", () => {
  const viewerOf = async (cookie: string) =>
    viewerHeaderOf((await run(rootLoader, new Request(`${base}/es/sessions`, { headers: { Cookie: cookie } }), { lang: "es" })).data);

  it("names the signed-in viewer opaquely, and nobody for a visitor", async () => {
    const player = await createUser();
    expect(await viewerOf(await loginCookie(player.id))).toBe(viewerTag(player.id));
    expect(await viewerOf("")).toBe(NO_VIEWER);
    // A root that failed (an outage) names nobody at all, so the worker keeps what it has.
    expect(viewerHeaderOf(undefined)).toBeNull();
  });

  it("signing out tells the browser to drop this site's caches and storage, and the next page names nobody", async () => {
    const player = await createUser();
    const cookie = await loginCookie(player.id);
    const out = await run(logoutAction, new Request(`${base}/es/logout`, { method: "POST", headers: { Cookie: cookie } }), { lang: "es" });
    expect(out.status).toBe(302);
    expect(out.headers.get("Clear-Site-Data")).toBe('"cache", "storage"');
    expect(await viewerOf(cookie)).toBe(NO_VIEWER);
  });

  it("turns to nobody on a device whose session a password change ended, and after a ban", async () => {
    const { deps } = testDeps();
    const playerId = userIdOf(await signUp(deps, signupInput(uniqueEmail("offline")), newMeta()));
    const phone = await loginCookie(playerId);
    expect(await viewerOf(phone)).toBe(viewerTag(playerId));
    const changed = await changePassword(deps, {
      userId: playerId,
      currentPassword: "correct horse battery",
      newPassword: "a brand new passphrase",
      keepSessionId: null,
    });
    expect(changed).toEqual({ ok: true });
    expect(await viewerOf(phone)).toBe(NO_VIEWER);

    const banned = await createUser();
    const laptop = await loginCookie(banned.id);
    await getDb().updateTable("users").set({ banned_at: new Date() }).where("id", "=", banned.id).execute();
    expect(await viewerOf(laptop)).toBe(NO_VIEWER);
  });
});

describe("installing Mesa", () => {
  it("the manifest speaks the address's language and opens at its home", async () => {
    const answer = await run(manifestLoader, new Request(`${base}/pt/manifest.webmanifest`), { lang: "pt" });
    expect(answer.headers.get("Content-Type")).toBe("application/manifest+json; charset=utf-8");
    expect(answer.data).toMatchObject({ name: "Mesa", start_url: "/pt", lang: "pt", display: "standalone", description: expect.stringContaining("RPG") });
    expect((await run(manifestLoader, new Request(`${base}/fr/manifest.webmanifest`), { lang: "fr" })).status).toBe(404);
  });

  it("the worker's script is served from the root, checked with the server at every visit", async () => {
    const dir = fs.mkdtempSync(path.join(process.env.DATA_DIR ?? os.tmpdir(), "sw-"));
    fs.writeFileSync(path.join(dir, "sw.js"), "self.addEventListener('fetch', () => {});");
    const app = express().get("/sw.js", serviceWorkerScript(path.join(dir, "sw.js")));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/sw.js`);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-cache");
      expect(response.headers.get("Content-Type")).toBe("text/javascript; charset=utf-8");
      expect(await response.text()).toContain("addEventListener");
    } finally {
      server.close();
    }
  });
});
