import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  boletoHoldUntil,
  countdown,
  delayedHoldUntil,
  mexicanHolidays,
  offeredPaymentMethods,
  onPaymentSucceeded,
  oxxoAvailability,
  oxxoHoldUntil,
  oxxoNameSchema,
  PAYMENT_METHOD_ORDER,
  paymentMethodsFor,
} from "./rules";

const now = new Date("2026-11-24T12:00:00Z");
const session = (extra: Partial<Parameters<typeof oxxoAvailability>[0]> = {}) => ({
  currency: "MXN",
  allowed_payment_methods: ["CARD", "OXXO"],
  starts_at: new Date(now.getTime() + 200 * 3_600_000),
  min_advance_booking_hours: 120,
  ...extra,
});

describe("OXXO availability", () => {
  it("is offered for MXN sessions allowing it that start far enough ahead", () => {
    expect(oxxoAvailability(session(), now)).toBe("available");
  });
  it("is hidden for other currencies, without OXXO or without a date", () => {
    expect(oxxoAvailability(session({ currency: "USD" }), now)).toBe("hidden");
    expect(oxxoAvailability(session({ allowed_payment_methods: ["CARD"] }), now)).toBe("hidden");
    expect(oxxoAvailability(session({ starts_at: null }), now)).toBe("hidden");
  });
  it("is greyed out under minAdvanceBookingHours, exactly at it offered", () => {
    expect(oxxoAvailability(session({ starts_at: new Date(now.getTime() + 119.9 * 3_600_000) }), now)).toBe("tooClose");
    expect(oxxoAvailability(session({ starts_at: new Date(now.getTime() + 120 * 3_600_000) }), now)).toBe("available");
  });
});

describe("OXXO hold", () => {
  it("lasts to the end of the next Mexican business day after the voucher lapses", () => {
    // Voucher lapses Thursday 2026-11-26 23:59 Mexico City (05:59Z Friday): held through Friday 27th.
    expect(oxxoHoldUntil(new Date("2026-11-27T05:59:00Z")).toISOString()).toBe("2026-11-28T05:59:59.000Z");
  });
  it("skips weekends", () => {
    // Lapses Friday 2026-11-27 23:59 local: the next business day is Monday 30th.
    expect(oxxoHoldUntil(new Date("2026-11-28T05:59:00Z")).toISOString()).toBe("2026-12-01T05:59:59.000Z");
  });
  it("skips Mexican holidays (16 September, the third Monday of November, 25 December)", () => {
    expect(mexicanHolidays(2026).has("11-16")).toBe(true);
    expect(mexicanHolidays(2026).has("02-02")).toBe(true);
    expect(mexicanHolidays(2030).has("10-01")).toBe(true);
    // Lapses Thursday 2026-12-24 local: the 25th is a holiday, then the weekend; Monday 28th.
    expect(oxxoHoldUntil(new Date("2026-12-25T05:59:00Z")).toISOString()).toBe("2026-12-29T05:59:59.000Z");
  });
});

describe("voucher countdown", () => {
  it("counts days, hours and minutes, and ends at expiry", () => {
    expect(countdown(new Date(now.getTime() + (2 * 1440 + 3 * 60 + 4) * 60_000 + 30_000), now)).toEqual({ days: 2, hours: 3, minutes: 4 });
    expect(countdown(now, now)).toBeNull();
  });
});

describe("OXXO name form", () => {
  it("trims and needs two characters in each name", () => {
    expect(oxxoNameSchema.safeParse({ firstName: "  Ana ", lastName: " Robles " })).toMatchObject({
      success: true,
      data: { firstName: "Ana", lastName: "Robles" },
    });
    const bad = oxxoNameSchema.safeParse({ firstName: " A ", lastName: "" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.message)).toEqual(["firstNameRequired", "lastNameRequired"]);
    expect(oxxoNameSchema.safeParse({ firstName: "An\u0000a", lastName: "Robles" }).success).toBe(false);
  });
});

describe("a payment that succeeds", () => {
  it("confirms a held seat once, retakes a lapsed one only when a seat is open, refunds otherwise", () => {
    expect(onPaymentSucceeded({ status: "PENDING_PAYMENT" }, 0)).toBe("confirm");
    expect(onPaymentSucceeded({ status: "CONFIRMED" }, 0)).toBe("alreadyConfirmed");
    expect(onPaymentSucceeded({ status: "EXPIRED" }, 1)).toBe("retake");
    expect(onPaymentSucceeded({ status: "EXPIRED" }, 0)).toBe("refund");
    expect(onPaymentSucceeded({ status: "CANCELLED" }, 3)).toBe("refund");
  });
});

describe("payment methods by currency", () => {
  it("puts card first and adds Klarna only where the currency is the payer's own", () => {
    expect(paymentMethodsFor("USD", "US")).toEqual(["card", "klarna"]);
    expect(paymentMethodsFor("USD", "MX")).toEqual(["card"]);
    expect(paymentMethodsFor("EUR", "ES")).toEqual(["card", "klarna"]);
    expect(paymentMethodsFor("CAD", null)).toEqual(["card", "klarna"]);
  });
  it("offers OXXO for MXN and boleto then Pix for BRL", () => {
    expect(paymentMethodsFor("MXN", "MX")).toEqual(["card", "oxxo"]);
    expect(paymentMethodsFor("mxn", null)).toEqual(["card", "oxxo"]);
    expect(paymentMethodsFor("BRL", "BR")).toEqual(["card", "boleto", "pix"]);
  });
  it("is card only for zero-decimal and other currencies", () => {
    for (const currency of ["CLP", "COP", "ARS", "PEN", "GTQ", "CRC", "UYU", "BOB", "PAB"]) expect(paymentMethodsFor(currency, "US")).toEqual(["card"]);
  });
  it("always follows the tab order", () => {
    for (const currency of ["MXN", "USD", "BRL", "EUR"]) {
      const methods = paymentMethodsFor(currency, null);
      expect([...methods].sort((a, b) => PAYMENT_METHOD_ORDER.indexOf(a) - PAYMENT_METHOD_ORDER.indexOf(b))).toEqual(methods);
    }
  });
  it("leaves voucher methods out when the session starts too soon, and OXXO when the host does not take it", () => {
    const far = { ...session(), voucher_payment_days: 3 };
    expect(offeredPaymentMethods(far, "MX", now)).toEqual(["card", "oxxo"]);
    expect(offeredPaymentMethods({ ...far, allowed_payment_methods: ["CARD"] }, "MX", now)).toEqual(["card"]);
    const brl = { ...far, currency: "BRL", allowed_payment_methods: ["CARD"] };
    expect(offeredPaymentMethods(brl, "BR", now)).toEqual(["card", "boleto", "pix"]);
    expect(offeredPaymentMethods({ ...brl, starts_at: new Date(now.getTime() + 10 * 3_600_000) }, "BR", now)).toEqual(["card", "pix"]);
  });
  it("the card dialog's tab order lists the same methods", () => {
    const dialog = readFileSync(new URL("../../components/payments/card-dialog.tsx", import.meta.url), "utf8");
    expect(dialog).toContain(`paymentMethodOrder: ${JSON.stringify(PAYMENT_METHOD_ORDER).replaceAll(",", ", ")}`);
  });
});

describe("delayed methods hold the seat", () => {
  const terms = { voucher_payment_days: 3 };
  it("holds a boleto until the end of the first banking day after it lapses", () => {
    // Expires Friday 2026-11-27 23:59 São Paulo: held through Monday 30 November.
    expect(boletoHoldUntil(new Date("2026-11-28T02:59:00Z")).toISOString()).toBe("2026-12-01T02:59:59.000Z");
    // Lapses the Friday before Carnival 2027 (Easter 28 March): Monday and Tuesday are closed.
    expect(boletoHoldUntil(new Date("2027-02-05T15:00:00Z")).toISOString()).toBe("2027-02-11T02:59:59.000Z");
  });
  it("extends OXXO and boleto holds, keeps Pix on the card hold unless its code lives longer, and never shortens a hold", () => {
    const expiry = new Date("2026-11-27T05:59:00Z");
    expect(delayedHoldUntil("oxxo", expiry, new Date(now.getTime() + 30 * 60_000), terms, now)).toEqual(oxxoHoldUntil(expiry));
    expect(delayedHoldUntil("boleto", null, null, terms, now)).toEqual(boletoHoldUntil(new Date(now.getTime() + 3 * 86_400_000)));
    expect(delayedHoldUntil("pix", new Date(now.getTime() + 10 * 60_000), new Date(now.getTime() + 30 * 60_000), terms, now)).toBeNull();
    expect(delayedHoldUntil("pix", new Date(now.getTime() + 3_600_000), new Date(now.getTime() + 30 * 60_000), terms, now)).toEqual(
      new Date(now.getTime() + 3_600_000),
    );
    expect(delayedHoldUntil("oxxo", expiry, new Date("2027-01-01T00:00:00Z"), terms, now)).toBeNull();
    expect(delayedHoldUntil("card", expiry, null, terms, now)).toBeNull();
  });
});
