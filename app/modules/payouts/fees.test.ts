import { describe, expect, it } from "vitest";
import { applicationFee, dmShare, refundSplit } from "./fees";

describe("the platform's fee on a charge", () => {
  it.each([
    [0, 1000, 0],
    [1, 1000, 0],
    [5, 1000, 1], // 0.5 of a cent rounds up
    [4, 1000, 0],
    [15, 1000, 2], // 1.5 → 2
    [25_000, 1000, 2_500],
    [25_001, 1000, 2_500],
    [25_005, 1000, 2_501], // 2500.5 → 2501
    [19_999, 0, 0],
    [19_999, 5000, 10_000], // 9999.5 → 10000
    [1, 5000, 1],
    [3, 3333, 1],
    [Number.MAX_SAFE_INTEGER, 1000, 900_719_925_474_099],
  ])("on %i at %i bps is %i, and the DM receives the rest", (amount, bps, fee) => {
    expect(applicationFee(amount, bps)).toBe(fee);
    expect(dmShare(amount, bps) + applicationFee(amount, bps)).toBe(amount);
  });

  it.each([
    [-1, 1000],
    [1.5, 1000],
    [Number.NaN, 1000],
    [100, -1],
    [100, 10_001],
    [100, 12.5],
  ])("refuses %s at %s bps", (amount, bps) => {
    expect(() => applicationFee(amount, bps)).toThrow(RangeError);
  });
});

describe("a refund's split between the DM's transfer and the fee", () => {
  it("a whole refund reverses the DM's share and returns the fee", () => {
    expect(refundSplit({ amountCents: 25_000, feeCents: 2_500, refundedSoFarCents: 0, refundCents: 25_000 })).toEqual({
      reversedCents: 22_500,
      feeReturnedCents: 2_500,
    });
  });

  it("partial refunds return the fee in proportion and the last one takes what is left", () => {
    const charge = { amountCents: 1_001, feeCents: 100 };
    const first = refundSplit({ ...charge, refundedSoFarCents: 0, refundCents: 333 });
    const second = refundSplit({ ...charge, refundedSoFarCents: 333, refundCents: 333 });
    const third = refundSplit({ ...charge, refundedSoFarCents: 666, refundCents: 335 });
    expect([first, second, third].map((s) => s.feeReturnedCents)).toEqual([33, 34, 33]);
    expect(first.feeReturnedCents + second.feeReturnedCents + third.feeReturnedCents).toBe(100);
    expect(first.reversedCents + second.reversedCents + third.reversedCents).toBe(901);
  });

  it("a charge without a fee reverses all; a free charge has nothing to split", () => {
    expect(refundSplit({ amountCents: 500, feeCents: 0, refundedSoFarCents: 0, refundCents: 200 })).toEqual({ reversedCents: 200, feeReturnedCents: 0 });
    expect(refundSplit({ amountCents: 0, feeCents: 0, refundedSoFarCents: 0, refundCents: 0 })).toEqual({ reversedCents: 0, feeReturnedCents: 0 });
  });

  it.each([
    [{ amountCents: 100, feeCents: 10, refundedSoFarCents: 90, refundCents: 11 }],
    [{ amountCents: 100, feeCents: 101, refundedSoFarCents: 0, refundCents: 1 }],
    [{ amountCents: 100, feeCents: 10, refundedSoFarCents: 0, refundCents: -1 }],
    [{ amountCents: 100, feeCents: 10, refundedSoFarCents: 0, refundCents: 0.5 }],
  ])("refuses %j", (input) => {
    expect(() => refundSplit(input)).toThrow(RangeError);
  });

  it("over random charges, fees and refund sequences, no cent is lost or made (per currency)", () => {
    // A seeded generator, so a failing case can be run again.
    let state = 20_261_128;
    const random = (below: number) => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return state % below;
    };
    const totals = new Map<string, { charged: number; transferred: number; fees: number; refunded: number }>();
    for (let round = 0; round < 3_000; round += 1) {
      const currency = ["MXN", "BRL", "USD"][random(3)]!;
      const amountCents = random(5) === 0 ? random(10) : random(5_000_000);
      const feeBps = [0, 1000, 1500, 5000, random(5001)][random(5)]!;
      const feeCents = applicationFee(amountCents, feeBps);
      let refunded = 0;
      let reversed = 0;
      let feeBack = 0;
      // Some charges are refunded in full over several refunds, some in part, some not at all.
      const plan = random(3);
      while (plan > 0 && refunded < amountCents) {
        const left = amountCents - refunded;
        const refundCents = plan === 2 && random(3) === 0 ? left : 1 + random(left);
        const split = refundSplit({ amountCents, feeCents, refundedSoFarCents: refunded, refundCents });
        expect(split.reversedCents + split.feeReturnedCents).toBe(refundCents);
        expect(split.reversedCents).toBeGreaterThanOrEqual(0);
        expect(split.feeReturnedCents).toBeGreaterThanOrEqual(0);
        refunded += refundCents;
        reversed += split.reversedCents;
        feeBack += split.feeReturnedCents;
        if (plan === 1 && random(2) === 0) break;
      }
      if (refunded === amountCents) {
        expect(feeBack).toBe(feeCents);
        expect(reversed).toBe(amountCents - feeCents);
      }
      const t = totals.get(currency) ?? { charged: 0, transferred: 0, fees: 0, refunded: 0 };
      t.charged += amountCents;
      t.transferred += amountCents - feeCents - reversed;
      t.fees += feeCents - feeBack;
      t.refunded += refunded;
      totals.set(currency, t);
    }
    for (const t of totals.values()) expect(t.transferred + t.fees + t.refunded).toBe(t.charged);
  });
});
