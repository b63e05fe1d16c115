import { describe, expect, it } from "vitest";
import {
  boletoHoldUntil,
  CARD_HOLD_MINUTES,
  CHECKOUT_MARGIN_MINUTES,
  CHECKOUT_MIN_MINUTES,
  checkoutExpiresAt,
  countdown,
  delayedHoldUntil,
  heldSeatRetry,
  heldSeatState,
  mexicanHolidays,
  offeredPaymentMethods,
  onPaymentSucceeded,
  oxxoAvailability,
  oxxoHoldUntil,
  oxxoNameErrors,
  oxxoNameSchema,
  oxxoNamesTyped,
  oxxoSessionDate,
  pathWithinApp,
  payAgainChoices,
  PAYMENT_METHOD_ORDER,
  paymentMethodsFor,
  REFUND_MAX_TRIES,
  refundClaimMinutes,
  refundGivesUp,
  VOUCHER_POLL,
  voucherState,
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
    // A one-letter name was typed: it is too short, not missing.
    expect(bad.error?.issues.map((i) => i.message)).toEqual(["firstNameTooShort", "lastNameRequired"]);
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

describe("refund retries", () => {
  it("wait longer after each failed request and give up after the last", () => {
    expect([1, 2, 3, 4, 5, 6].map(refundClaimMinutes)).toEqual([1, 5, 30, 120, 480, 480]);
    expect(REFUND_MAX_TRIES).toBe(6);
    expect(refundGivesUp(5)).toBe(false);
    expect(refundGivesUp(6)).toBe(true);
  });
});

describe("a hosted card page's expiry", () => {
  const start = new Date("2026-11-02T16:00:00Z");
  const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
  it("ends the margin before the hold, which is long enough for Stripe's 30 minutes", () => {
    const hold = at(CARD_HOLD_MINUTES);
    expect(checkoutExpiresAt(hold, start)).toEqual(at(CARD_HOLD_MINUTES - CHECKOUT_MARGIN_MINUTES));
    expect(checkoutExpiresAt(hold, start).getTime() - start.getTime()).toBeGreaterThanOrEqual(CHECKOUT_MIN_MINUTES * 60_000);
  });
  it("never sooner than Stripe accepts, for a page opened late in the same hold", () => {
    expect(checkoutExpiresAt(at(CARD_HOLD_MINUTES), at(20))).toEqual(at(20 + CHECKOUT_MIN_MINUTES + 1));
  });
  it("never later than Stripe's 24 hours, when a voucher lengthened the hold", () => {
    expect(checkoutExpiresAt(at(5 * 24 * 60), start)).toEqual(at(24 * 60 - 1));
  });
});

describe("the OXXO name dialog", () => {
  it("names each field's problem with the spec's keys, as the name page does", () => {
    expect(oxxoNameErrors({ firstName: "  ", lastName: "" })).toEqual({ firstName: ["firstNameRequired"], lastName: ["lastNameRequired"] });
    expect(oxxoNameErrors({ firstName: " A ", lastName: "Robles" })).toEqual({ firstName: ["firstNameTooShort"] });
    expect(oxxoNameErrors({ firstName: "Ana", lastName: "R" })).toEqual({ lastName: ["lastNameTooShort"] });
    expect(oxxoNameErrors({ firstName: " Ana ", lastName: " Robles " })).toBeNull();
  });
  it("waits for both names before confirm is offered", () => {
    expect(oxxoNamesTyped({ firstName: "", lastName: "Robles" })).toBe(false);
    expect(oxxoNamesTyped({ firstName: "Ana", lastName: "" })).toBe(false);
    expect(oxxoNamesTyped({ firstName: "A", lastName: "R" })).toBe(true);
  });
  it("shows the date in Mexican Spanish, in Mexico City time", () => {
    expect(oxxoSessionDate(new Date("2026-11-20T02:00:00Z"))).toMatch(/^jueves, 19 de noviembre de 2026, 8:00\sp\.m\.\s.+$/);
  });
});

describe("voucher polling (spec section 9)", () => {
  it("asks every 2 s, 30 times", () => {
    expect(VOUCHER_POLL.intervalMs).toBe(2000);
    expect(VOUCHER_POLL.tries).toBe(30);
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

describe("pathWithinApp", () => {
  const app = "http://localhost:3000";
  it("keeps the path, query and fragment of an address on the app's origin", () => {
    expect(pathWithinApp("http://localhost:3000/es/session/abc?payment=success", app)).toBe("/es/session/abc?payment=success");
    expect(pathWithinApp("http://localhost:3000/pt/session/abc/confirm#pay", app)).toBe("/pt/session/abc/confirm#pay");
  });
  it("leaves paths as they are and another site's address absolute", () => {
    expect(pathWithinApp("/en/session/abc", app)).toBe("/en/session/abc");
    expect(pathWithinApp("https://checkout.stripe.com/c/pay/cs_1", app)).toBe("https://checkout.stripe.com/c/pay/cs_1");
    expect(pathWithinApp("//evil.example/x", app)).toBe("//evil.example/x");
    expect(pathWithinApp("http://localhost:4000/es", app)).toBe("http://localhost:4000/es");
  });
});

describe("heldSeatState", () => {
  const card = { method: "CARD", payment_method_type: "card", declined_at: null };
  it("tells a declined or failed card try from one under way", () => {
    expect(heldSeatState({ ...card, status: "requires_payment_method" })).toBe("paymentPending");
    expect(heldSeatState({ ...card, status: "processing" })).toBe("paymentPending");
    expect(heldSeatState({ ...card, status: "requires_payment_method", declined_at: new Date("2026-11-02T16:00:00Z") })).toBe("paymentFailed");
    expect(heldSeatState({ ...card, status: "failed" })).toBe("paymentFailed");
    // No payment at all: a subscription's seat, due until its deadline.
    expect(heldSeatState(null)).toBe("paymentDue");
  });
  it("calls an OXXO voucher (or one chosen inside a card payment) a voucher waiting to be paid", () => {
    expect(heldSeatState({ method: "OXXO", status: "requires_action", payment_method_type: "oxxo", declined_at: null })).toBe("voucherPending");
    expect(heldSeatState({ ...card, payment_method_type: "oxxo", status: "requires_action" })).toBe("voucherPending");
  });
});

describe("a held seat's ways to pay again", () => {
  const card = { method: "CARD", payment_method_type: "card", declined_at: null };
  const declined = { ...card, status: "requires_payment_method", declined_at: new Date("2026-11-02T16:00:00Z") };
  const voucher = { method: "OXXO", status: "requires_action", payment_method_type: "oxxo", declined_at: null };

  it("after a declined card: the card, and OXXO as the session offers it; while a payment runs, no second method", () => {
    expect(payAgainChoices("paymentFailed", "available")).toEqual({ card: true, oxxo: "available" });
    expect(payAgainChoices("paymentFailed", "tooClose")).toEqual({ card: true, oxxo: "tooClose" });
    expect(payAgainChoices("paymentFailed", "hidden")).toEqual({ card: true, oxxo: "hidden" });
    expect(payAgainChoices("paymentPending", "available")).toEqual({ card: true, oxxo: "hidden" });
    expect(payAgainChoices("voucherPending", "available")).toEqual({ card: false, oxxo: "hidden" });
  });

  it("a voucher after a declined card is another try of the same booking; while the card may still succeed it is refused", () => {
    expect(heldSeatRetry(declined, "OXXO")).toBe("anotherTry");
    expect(heldSeatRetry({ ...card, status: "requires_payment_method" }, "OXXO")).toBe("refuse");
    expect(heldSeatRetry({ ...card, status: "processing" }, "OXXO")).toBe("refuse");
    expect(heldSeatRetry(voucher, "CARD")).toBe("refuse");
    expect(heldSeatRetry(null, "OXXO")).toBe("refuse");
  });

  it("the same method again resumes its payment, unless that one could not even start", () => {
    expect(heldSeatRetry(declined, "CARD")).toBe("resume");
    expect(heldSeatRetry(voucher, "OXXO")).toBe("resume");
    expect(heldSeatRetry({ ...voucher, status: "failed" }, "OXXO")).toBe("anotherTry");
    expect(heldSeatRetry({ ...card, status: "failed" }, "CARD")).toBe("anotherTry");
    expect(heldSeatRetry({ ...voucher, status: "failed" }, "CARD")).toBe("anotherTry");
    // A voucher that lapsed on a seat still held (a subscription's, due until its deadline) is never resumed.
    expect(heldSeatRetry({ ...voucher, status: "canceled" }, "OXXO")).toBe("anotherTry");
    expect(heldSeatRetry({ ...card, status: "canceled" }, "CARD")).toBe("anotherTry");
  });

  it("a voucher the provider could not make leaves a failed payment, not a voucher to pay", () => {
    expect(heldSeatState({ ...voucher, status: "failed" })).toBe("paymentFailed");
  });
});

describe("voucherState", () => {
  it("says paid, being made, waiting or lapsed from the booking and its payment", () => {
    expect(voucherState({ status: "CONFIRMED" }, { voucher_reference: "123" })).toBe("paid");
    expect(voucherState({ status: "PENDING_PAYMENT" }, { voucher_reference: null })).toBe("creating");
    expect(voucherState({ status: "PENDING_PAYMENT" }, { voucher_reference: "123" })).toBe("waiting");
    expect(voucherState({ status: "EXPIRED" }, { voucher_reference: "123" })).toBe("lapsed");
  });
});
