import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { isOpenVoucher, keptPaths, kitFingerprint, REGISTER_WORKER, seatState, THEME_COLOR, type TicketFacts, webManifest } from "./rules";

const ticket = (over: Partial<TicketFacts> = {}): TicketFacts => ({
  bookingId: "b1",
  bookingStatus: "CONFIRMED",
  sessionId: "s1",
  paymentMethod: null,
  voucherReference: null,
  ...over,
});
const voucher = (over: Partial<TicketFacts> = {}) =>
  ticket({ bookingStatus: "PENDING_PAYMENT", paymentMethod: "OXXO", voucherReference: "93000012345678901234", ...over });

describe("a ticket's seat", () => {
  it("is confirmed, held for an OXXO voucher with its reference, or held while another payment is under way", () => {
    expect(seatState(ticket())).toBe("confirmed");
    expect(seatState(voucher())).toBe("voucher");
    expect(seatState(voucher({ voucherReference: null }))).toBe("pending");
    expect(seatState(ticket({ bookingStatus: "PENDING_PAYMENT", paymentMethod: "CARD" }))).toBe("pending");
  });

  it("an open voucher is one still to pay: a paid one is a receipt, not a voucher to keep", () => {
    expect(isOpenVoucher(voucher())).toBe(true);
    expect(isOpenVoucher(voucher({ bookingStatus: "CONFIRMED" }))).toBe(false);
  });
});

describe("the pages kept for a player", () => {
  it("are their tickets, each open voucher and each booked game, once each, in the language asked", () => {
    const tickets = [
      voucher({ bookingId: "b1", sessionId: "s1" }),
      ticket({ bookingId: "b2", sessionId: "s2" }),
      voucher({ bookingId: "b3", sessionId: "s3", voucherReference: null }),
    ];
    expect(keptPaths("pt", tickets)).toEqual(["/pt/tickets", "/pt/booking/b1/voucher", "/pt/session/s1", "/pt/session/s2", "/pt/session/s3"]);
    expect(keptPaths("es", [])).toEqual(["/es/tickets"]);
    expect(keptPaths("en", [], ["t1"])).toEqual(["/en/tickets", "/en/tip/t1"]);
  });

  it("change version when a seat is paid, a game moves, or the language changes, and only then", () => {
    const at = new Date("2026-05-01T10:00:00Z");
    const base = kitFingerprint("es", [{ ...voucher(), stamps: [at, at, null] }]);
    expect(kitFingerprint("es", [{ ...voucher(), stamps: [at.toISOString(), at, null] }])).toBe(base);
    expect(kitFingerprint("es", [{ ...voucher({ bookingStatus: "CONFIRMED" }), stamps: [at, at, null] }])).not.toBe(base);
    expect(kitFingerprint("es", [{ ...voucher(), stamps: [at, new Date(at.getTime() + 1000), null] }])).not.toBe(base);
    expect(kitFingerprint("en", [{ ...voucher(), stamps: [at, at, null] }])).not.toBe(base);
    expect(kitFingerprint("es", [{ ...voucher(), stamps: [at, at, null] }], [{ tipId: "t1", updatedAt: at }])).not.toBe(base);
  });
});

describe("installing Mesa on a home screen", () => {
  it("the manifest opens at the home of its language, in the brand's colour, with 192 and 512 px icons", () => {
    const manifest = webManifest("pt", { description: "Partidas", tickets: "Meus ingressos" });
    expect(manifest).toMatchObject({ name: "Mesa", start_url: "/pt", lang: "pt", display: "standalone", theme_color: THEME_COLOR });
    for (const size of ["192x192", "512x512"]) expect(manifest.icons.some((i) => i.sizes === size && i.type === "image/png")).toBe(true);
    for (const icon of manifest.icons) expect(fs.existsSync(`public${icon.src}`), icon.src).toBe(true);
    expect(manifest.shortcuts).toEqual([{ name: "Meus ingressos", url: "/pt/tickets" }]);
  });

  it("the theme colour is the brand's (tailwind.config.ts, brand 600)", () => {
    expect(fs.readFileSync("tailwind.config.ts", "utf8")).toContain(`600: "${THEME_COLOR}"`);
  });

  it("registering the worker costs each page a few bytes of inline script", () => {
    expect(REGISTER_WORKER.length).toBeLessThan(160);
    expect(REGISTER_WORKER).toContain('register("/sw.js")');
  });
});
