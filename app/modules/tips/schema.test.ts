import { describe, expect, it } from "vitest";
import { tipSchema } from "./schema";

const key = "7f1c0a52-7d3e-4b7a-9a55-0f6f2c1d2e3f";
const issues = (result: { success: boolean; error?: { issues: { path: (string | number)[]; message: string }[] } }) =>
  result.error?.issues.map((i) => `${i.path.join(".")}:${i.message}`) ?? [];

describe("the tip form's schema", () => {
  it("gives the amount in minor units, the method and the form's key", () => {
    expect(tipSchema("MXN").parse({ amount: "25.50", method: "OXXO", key })).toEqual({ amount: 2550, method: "OXXO", key });
    expect(tipSchema("USD").parse({ amount: "2", method: "CARD", key })).toEqual({ amount: 200, method: "CARD", key });
  });

  it("names the refused field with a validation key", () => {
    expect(issues(tipSchema("MXN").safeParse({ amount: "19.99", method: "CARD", key }))).toEqual(["amount:tipAmountTooLow"]);
    expect(issues(tipSchema("MXN").safeParse({ amount: ["20", "30"], method: "CARD", key }))).toEqual(["amount:tipAmountInvalid"]);
    expect(issues(tipSchema("BRL").safeParse({ amount: "10", method: "OXXO", key }))).toEqual(["method:tipOxxoNotOffered"]);
    expect(issues(tipSchema("MXN").safeParse({ amount: "20", method: "CASH", key }))).toEqual(["method:tipMethodRequired"]);
    expect(issues(tipSchema("MXN").safeParse({ amount: "20", method: "CARD" }))).toEqual(["key:tipFormExpired"]);
    expect(issues(tipSchema("MXN").safeParse({ amount: "20", method: "CARD", key: "nope" }))).toEqual(["key:tipFormExpired"]);
  });
});
