import { describe, expect, it } from "vitest";
import { currencies } from "#app/modules/catalog/options";
import { acceptedMethods, centsToFormPrice, currencyDigits, formPriceToCents, priceStep, toCents } from "./rules";

describe("amounts in whole units", () => {
  it.each([
    ["150", 15000],
    ["0", 0],
    ["10000", 1000000],
    ["19.9", 1990],
    ["19,99", 1999],
    [0.29, 29],
  ])("converts %s to cents", (input, cents) => {
    expect(toCents(input)).toBe(cents);
  });
  it.each(["", "abc", "-5", "1.999", "1e3", " 12 3"])("refuses %s", (input) => {
    expect(toCents(input)).toBeNull();
  });
});

describe("the price field", () => {
  it("reads whole units, and the cents an existing price is shown with, turning anything else into 0", () => {
    expect(formPriceToCents("150")).toBe(15000);
    expect(formPriceToCents(" 125.50 ")).toBe(12550);
    expect(formPriceToCents("125.5")).toBe(12550);
    expect(formPriceToCents("0.01")).toBe(1);
    expect(formPriceToCents("1000001")).toBe(100000100);
    for (const junk of ["abc", "", "-5", "1e3", "12.345", "1,5", "0x10", null, undefined]) expect(formPriceToCents(junk)).toBe(0);
  });

  it("shows every amount in cents as a text that reads back to the same cents", () => {
    expect(centsToFormPrice(12550)).toBe("125.50");
    expect(centsToFormPrice(12500)).toBe("125");
    expect(centsToFormPrice(5)).toBe("0.05");
    expect(centsToFormPrice(0)).toBe("0");
    for (let cents = 0; cents < 100_000; cents += 7) expect(formPriceToCents(centsToFormPrice(cents))).toBe(cents);
    for (const cents of [99_999_999, 100_000_000, 1, 10, 101]) expect(formPriceToCents(centsToFormPrice(cents))).toBe(cents);
  });

  it("asks the browser for cents only when the shown price has them", () => {
    expect(priceStep("125")).toBe("1");
    expect(priceStep("125.50")).toBe("0.01");
  });

  it("knows which of the 14 currencies have no minor unit in everyday use", () => {
    expect(currencies.filter((c) => currencyDigits(c) === 0)).toContain("CLP");
    expect(currencyDigits("MXN")).toBe(2);
  });
});

describe("payment methods", () => {
  it("always accepts cards for a paid offer and nothing for a free one", () => {
    expect(acceptedMethods(100, ["OXXO"])).toEqual(["CARD", "OXXO"]);
    expect(acceptedMethods(100, [])).toEqual(["CARD"]);
    expect(acceptedMethods(0, ["CASH"])).toEqual([]);
  });
});
