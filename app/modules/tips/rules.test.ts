import { describe, expect, it } from "vitest";
import {
  centsToText,
  hidesTipPage,
  OXXO_VOUCHER_LIMITS,
  parseTipAmount,
  TIP_CURRENCIES,
  tipMethodError,
  tipMethods,
  tipRefusal,
  tipState,
  tipWindow,
} from "./rules";

const DAY = 86_400_000;
const now = new Date("2026-12-10T18:00:00Z");
// A session that ended exactly at `now`: each case moves `now`, never the session.
const session = { dm_id: "dm", status: "COMPLETED", starts_at: new Date(now.getTime() - 180 * 60_000), duration_minutes: 180, currency: "MXN" };
const seat = { status: "CONFIRMED", attendance: null };
const at = (ms: number) => new Date(now.getTime() + ms);

describe("who may tip the DM", () => {
  it("a player who had a seat, from the session's end until 7 days after it, both moments included", () => {
    expect(tipWindow(session)).toEqual({ opens: now, closes: at(7 * DAY) });
    expect(tipRefusal(session, seat, "ana", at(-1))).toBe("notEnded");
    expect(tipRefusal(session, seat, "ana", now)).toBeNull();
    expect(tipRefusal(session, seat, "ana", at(7 * DAY))).toBeNull();
    expect(tipRefusal(session, seat, "ana", at(7 * DAY + 1))).toBe("windowClosed");
    expect(tipRefusal(session, { status: "COMPLETED", attendance: "PRESENT" }, "ana", at(DAY))).toBeNull();
  });

  it("not the DM, not in a cancelled session, not without a seat kept to the end, not a no-show", () => {
    expect(tipRefusal(session, seat, "dm", at(DAY))).toBe("isHost");
    expect(tipRefusal({ ...session, status: "CANCELLED" }, seat, "ana", at(DAY))).toBe("sessionCancelled");
    expect(tipRefusal(session, null, "ana", at(DAY))).toBe("notAttended");
    for (const status of ["CANCELLED", "EXPIRED", "PENDING_PAYMENT", "REFUNDED"])
      expect(tipRefusal(session, { status, attendance: null }, "ana", at(DAY)), status).toBe("notAttended");
    expect(tipRefusal(session, { status: "CONFIRMED", attendance: "NO_SHOW" }, "ana", at(DAY))).toBe("noShow");
    for (const refusal of ["isHost", "sessionCancelled", "notAttended", "noShow"] as const) expect(hidesTipPage(refusal)).toBe(true);
    for (const refusal of ["notEnded", "windowClosed", "currencyNotTipped"] as const) expect(hidesTipPage(refusal)).toBe(false);
  });

  it("only in a currency with a tip minimum", () => {
    expect(tipRefusal({ ...session, currency: "BRL" }, seat, "ana", at(DAY))).toBeNull();
    expect(tipRefusal({ ...session, currency: "USD" }, seat, "ana", at(DAY))).toBeNull();
    expect(tipRefusal({ ...session, currency: "CLP" }, seat, "ana", at(DAY))).toBe("currencyNotTipped");
  });
});

describe("the typed amount", () => {
  it("becomes minor units by string arithmetic, with a point or a comma", () => {
    expect(parseTipAmount("20", "MXN")).toEqual({ ok: true, cents: 2000 });
    expect(parseTipAmount(" 50.5 ", "MXN")).toEqual({ ok: true, cents: 5050 });
    expect(parseTipAmount("50,05", "BRL")).toEqual({ ok: true, cents: 5005 });
    expect(parseTipAmount("0.29", "USD")).toMatchObject({ ok: false, error: "tipAmountTooLow" });
    // 0.1 + 0.2 style drift is impossible: the digits are the cents.
    expect(parseTipAmount("20.30", "USD")).toEqual({ ok: true, cents: 2030 });
    expect(parseTipAmount("0020", "MXN")).toEqual({ ok: true, cents: 2000 });
  });

  it("refuses nothing, arrays, non-numbers, signs, exponents and more decimals than the currency has", () => {
    expect(parseTipAmount(undefined, "MXN")).toEqual({ ok: false, error: "tipAmountRequired" });
    expect(parseTipAmount("  ", "MXN")).toEqual({ ok: false, error: "tipAmountRequired" });
    for (const raw of [["20"], ["20", "30"], 20, "NaN", "Infinity", "-20", "+20", "2e3", "20.", ".5", "1,000.00", "20 MXN", "２０", "0x20"])
      expect(parseTipAmount(raw, "MXN"), JSON.stringify(raw)).toEqual({ ok: false, error: "tipAmountInvalid" });
    expect(parseTipAmount("20.505", "MXN")).toEqual({ ok: false, error: "tipAmountTooPrecise" });
    expect(parseTipAmount("99999999999999999999", "MXN")).toEqual({ ok: false, error: "tipAmountTooHigh" });
  });

  it("holds each currency's minimum and maximum, both included", () => {
    expect(TIP_CURRENCIES.MXN.minCents).toBe(2000);
    expect(TIP_CURRENCIES.BRL.minCents).toBe(500);
    expect(TIP_CURRENCIES.USD.minCents).toBe(200);
    for (const currency of ["MXN", "BRL", "USD"] as const) {
      const { minCents, maxCents } = TIP_CURRENCIES[currency];
      expect(parseTipAmount(centsToText(minCents, currency), currency)).toEqual({ ok: true, cents: minCents });
      expect(parseTipAmount(centsToText(minCents - 1, currency), currency)).toEqual({ ok: false, error: "tipAmountTooLow" });
      expect(parseTipAmount(centsToText(maxCents, currency), currency)).toEqual({ ok: true, cents: maxCents });
      expect(parseTipAmount(centsToText(maxCents + 1, currency), currency)).toEqual({ ok: false, error: "tipAmountTooHigh" });
    }
    expect(centsToText(1999, "MXN")).toBe("19.99");
  });
});

describe("how a tip is paid", () => {
  it("by card always; by OXXO voucher only in pesos and within a voucher's limits", () => {
    expect(tipMethods("MXN")).toEqual(["CARD", "OXXO"]);
    expect(tipMethods("BRL")).toEqual(["CARD"]);
    expect(tipMethods("USD")).toEqual(["CARD"]);
    expect(tipMethodError("CARD", "BRL", 500)).toBeNull();
    expect(tipMethodError("OXXO", "MXN", 2000)).toBeNull();
    expect(tipMethodError("OXXO", "BRL", 2000)).toBe("tipOxxoNotOffered");
    expect(tipMethodError("OXXO", "USD", 2000)).toBe("tipOxxoNotOffered");
    expect(tipMethodError("OXXO", "MXN", OXXO_VOUCHER_LIMITS.maxCents)).toBeNull();
    expect(tipMethodError("OXXO", "MXN", OXXO_VOUCHER_LIMITS.maxCents + 1)).toBe("tipOxxoOutOfRange");
    expect(tipMethodError("OXXO", "MXN", OXXO_VOUCHER_LIMITS.minCents - 1)).toBe("tipOxxoOutOfRange");
    // Every tip in pesos fits one voucher.
    expect(TIP_CURRENCIES.MXN.maxCents).toBeLessThanOrEqual(OXXO_VOUCHER_LIMITS.maxCents);
  });

  it("reads a tip's payment as its player sees it", () => {
    expect(tipState("succeeded")).toBe("paid");
    expect(tipState("requires_action")).toBe("waiting");
    expect(tipState("creating")).toBe("pending");
    expect(tipState("requires_payment_method")).toBe("pending");
    expect(tipState("canceled")).toBe("over");
    expect(tipState("failed")).toBe("over");
  });
});
