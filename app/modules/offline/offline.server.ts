import { createHmac } from "node:crypto";
import { getEnv } from "#app/env.server";
import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatClock, formatDateTime, zoneName } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import { formatPrice } from "#app/modules/sessions/rules";
import * as repo from "./repo.server";
import { isOpenVoucher, keptPaths, type Kit, kitFingerprint, NO_VIEWER, seatState } from "./rules";

/**
 * Who a page was rendered for, as the service worker may know it: a keyed hash of the user's id,
 * so the header tells a device only "same person as before or not", nothing it could look up.
 */
export function viewerTag(userId: string | null | undefined): string {
  if (!userId) return NO_VIEWER;
  return createHmac("sha256", getEnv().SESSION_SECRET ?? "mesa-viewer")
    .update(`viewer:${userId}`)
    .digest("base64url")
    .slice(0, 22);
}

/** The pages the viewer's device keeps, and their version (decision record 094). */
export async function offlineKit(d: Pick<Deps, "db" | "now">, viewer: Requester, lang: Locale): Promise<Kit> {
  const [rows, tips] = await Promise.all([repo.upcomingTickets(d.db, viewer.id, d.now), repo.openTipVouchers(d.db, viewer.id, d.now)]);
  const fingerprint = kitFingerprint(
    `${lang}|${viewer.timeZone}`,
    rows.map((r) => ({ ...r, stamps: [r.bookingUpdatedAt, r.sessionUpdatedAt, r.paymentUpdatedAt, r.voucherExpiresAt] })),
    tips,
  );
  return {
    viewer: viewerTag(viewer.id),
    version: createHmac("sha256", "kit").update(fingerprint).digest("base64url").slice(0, 16),
    paths: keptPaths(
      lang,
      rows,
      tips.map((t) => t.tipId),
    ),
  };
}

/** "Saved at 10:32 (Mexico City time)": when a page is rendered is when the worker keeps it. */
export function savedAtLabel(now: Date, lang: Locale, zone: string): string {
  return `${formatClock(now, lang, zone)} (${zoneName(zone, lang, now)})`;
}

/** The viewer's tickets as the tickets page shows them, in their language and time zone. */
export async function ticketsPage(d: Pick<Deps, "db" | "now">, viewer: Requester, lang: Locale) {
  const [rows, tips] = await Promise.all([repo.upcomingTickets(d.db, viewer.id, d.now), repo.openTipVouchers(d.db, viewer.id, d.now)]);
  const zone = viewer.timeZone;
  return {
    savedAt: savedAtLabel(d.now, lang, zone),
    // Tips still to pay at a till: their vouchers are kept too.
    tips: tips.map((tip) => ({
      id: tip.tipId,
      title: tip.title,
      host: tip.hostName || tip.hostFirstName,
      amount: `${formatPrice(tip.amountCents, tip.currency, lang)} ${tip.currency}`,
      href: localePath(lang, `/tip/${tip.tipId}`),
    })),
    tickets: rows.map((r) => {
      const startsAt = new Date(r.startsAt);
      const place = r.location?.trim() ?? "";
      return {
        id: r.bookingId,
        title: r.title,
        // With the zone's offset, as the voucher page writes it.
        when: formatDateTime(startsAt, lang, zone),
        durationMinutes: r.durationMinutes,
        place,
        placeIsLink: /^https?:\/\//i.test(place),
        host: r.hostName || r.hostFirstName,
        seat: seatState(r),
        sessionHref: localePath(lang, `/session/${r.sessionId}`),
        voucherHref: isOpenVoucher(r) ? localePath(lang, `/booking/${r.bookingId}/voucher`) : null,
      };
    }),
  };
}

/**
 * The viewer header of a rendered page, from the root loader's data: "none" when it has no user,
 * and no header at all when the root loader failed (an outage says nothing about who is signed in,
 * and must not wipe a player's kept tickets).
 */
export function viewerHeaderOf(rootData: unknown): string | null {
  if (!rootData || typeof rootData !== "object" || !("user" in rootData)) return null;
  const user = (rootData as { user: { id?: unknown } | null }).user;
  return viewerTag(typeof user?.id === "string" ? user.id : null);
}
