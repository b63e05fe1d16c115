/**
 * What a signed-in player keeps on their device for when the network is gone (decision record
 * 094): which pages, and a fingerprint that changes whenever any of them would read differently.
 * Shared with the service worker (app/islands/service-worker), so both speak of the same pages.
 */

/** The response header naming, opaquely, who a page was rendered for ("none" when signed out). */
export const VIEWER_HEADER = "X-Viewer";
export const NO_VIEWER = "none";

/** The signed-in JSON the worker reads to know what to keep. */
export const KIT_PATH = "/api/offline/kit";

export type Kit = { viewer: string; version: string; paths: string[] };

export type TicketFacts = {
  bookingId: string;
  bookingStatus: string;
  sessionId: string;
  paymentMethod: string | null;
  voucherReference: string | null;
};

/** A voucher still waiting at the till: the seat is held and the reference exists. */
export const isOpenVoucher = (t: TicketFacts) => t.bookingStatus === "PENDING_PAYMENT" && t.paymentMethod === "OXXO" && t.voucherReference !== null;

export type SeatState = "confirmed" | "voucher" | "pending";

/** What a ticket says of its seat: confirmed, held until an OXXO voucher is paid, or held while another payment is under way. */
export function seatState(t: TicketFacts): SeatState {
  if (t.bookingStatus === "CONFIRMED") return "confirmed";
  return isOpenVoucher(t) ? "voucher" : "pending";
}

/** The pages kept for the viewer, in one language: their tickets, each open voucher (a seat's or a tip's) and each booked session. */
export function keptPaths(lang: string, tickets: TicketFacts[], tipIds: readonly string[] = []): string[] {
  const paths = [`/${lang}/tickets`];
  for (const t of tickets) if (isOpenVoucher(t)) paths.push(`/${lang}/booking/${t.bookingId}/voucher`);
  for (const id of tipIds) paths.push(`/${lang}/tip/${id}`);
  for (const sessionId of new Set(tickets.map((t) => t.sessionId))) paths.push(`/${lang}/session/${sessionId}`);
  return paths;
}

/**
 * Everything a kept page shows that may change, as one string (the server hashes it): a seat paid,
 * a session moved or a voucher issued changes it, so the worker fetches the pages again.
 */
export function kitFingerprint(
  lang: string,
  tickets: (TicketFacts & { stamps: (Date | string | null)[] })[],
  tips: { tipId: string; updatedAt: Date | string }[] = [],
): string {
  const at = (d: Date | string | null) => (d === null ? "-" : new Date(d).toISOString());
  return [
    lang,
    ...tickets.map((t) => [t.bookingId, t.bookingStatus, t.paymentMethod ?? "-", t.voucherReference ?? "-", ...t.stamps.map(at)].join("|")),
    ...tips.map((t) => `tip|${t.tipId}|${at(t.updatedAt)}`),
  ].join("\n");
}

/** The brand's colour (tailwind.config.ts, brand 600; a test keeps the two in step): the phone's bar and the manifest's theme. */
export const THEME_COLOR = "#095e6e";

/**
 * Registers the worker, where browsers have one. Run by every page's after-paint script
 * (app/components/layout/after-paint.tsx): its install fetches the offline kit (and a signed-in
 * player's tickets), which must not share a slow phone's first round trips with the page.
 */
export const REGISTER_WORKER = `"serviceWorker"in navigator&&navigator.serviceWorker.register("/sw.js").catch(function(){})`;

export type ManifestWords = { description: string; tickets: string };

/** The web app manifest in one language: it opens at that language's home, and offers the tickets as a shortcut. */
export function webManifest(lang: string, words: ManifestWords) {
  return {
    name: "Mesa",
    short_name: "Mesa",
    description: words.description,
    lang,
    id: "/",
    start_url: `/${lang}`,
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: THEME_COLOR,
    icons: [
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
    shortcuts: [{ name: words.tickets, url: `/${lang}/tickets` }],
  };
}

/**
 * Sent with signing out and a password change: the browser drops this site's caches and storage,
 * the worker and its kept pages with them (decision record 094). Other devices wipe theirs when
 * their next page says nobody is signed in there any more (mustWipe in the worker's rules).
 */
export const CLEAR_KEPT_DATA = { "Clear-Site-Data": '"cache", "storage"' } as const;
