import { describe, expect, it } from "vitest";
import { feePercent, seatShareWords } from "./seat-share";

const words = (price: string, over: Partial<Parameters<typeof seatShareWords>[0]> = {}) =>
  seatShareWords({ price, currency: "MXN", free: false, feeBps: 1000, lang: "es", ...over });

// Intl puts a no-break space between some symbols and amounts (pt-BR "R$ 225,00").
const plain = (text: string | undefined) => text?.replace(/\s/g, " ");

describe("what the DM receives per seat, as the host form shows it", () => {
  it("is the price less the platform's fee, with the currency, in the page's language", () => {
    expect(words("250")).toEqual({ amount: "$225.00 MXN", fee: "10%" });
    expect(words("250", { lang: "en" })).toEqual({ amount: "$225.00 MXN", fee: "10%" });
    expect(plain(words("250", { lang: "pt", currency: "BRL" })?.amount)).toBe("R$ 225,00 BRL");
    expect(words("125.50", { lang: "en", currency: "USD" })?.amount).toBe("$112.95 USD");
  });

  it("rounds the fee half up, so the DM receives the rest (decision record 085)", () => {
    // 5 cents at 10 % is a fee of half a cent: Mesa keeps 1, the DM receives 4.
    expect(words("0.05", { lang: "en" })?.amount).toBe("$0.04 MXN");
    expect(words("0.04", { lang: "en" })?.amount).toBe("$0.04 MXN");
  });

  it("follows the fee setting at its bounds and between", () => {
    expect(words("250", { feeBps: 0, lang: "en" })).toEqual({ amount: "$250.00 MXN", fee: "0%" });
    expect(words("250", { feeBps: 5000, lang: "en" })).toEqual({ amount: "$125.00 MXN", fee: "50%" });
    expect(words("100", { feeBps: 1250, lang: "en" })).toEqual({ amount: "$87.50 MXN", fee: "12.5%" });
    expect(words("100", { feeBps: 1250, lang: "pt" })?.fee).toBe("12,5%");
  });

  it("says nothing for a free offer, no price, or a price or currency the form refuses", () => {
    expect(words("250", { free: true })).toBeNull();
    expect(words("0")).toBeNull();
    expect(words("")).toBeNull();
    expect(words("abc")).toBeNull();
    expect(words("-5")).toBeNull();
    expect(words("1000001")).toBeNull();
    expect(words("250", { currency: "XXX" })).toBeNull();
  });

  it("words basis points as a percentage", () => {
    expect(feePercent(1000, "en")).toBe("10%");
    expect(feePercent(1, "en")).toBe("0.01%");
  });
});
