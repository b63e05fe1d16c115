// The platform's fee on a paid seat and how a refund splits between the DM's transfer and the fee
// (decision record 085). Integer minor units of one currency; pure, no clock, no database.

/** Basis points in a whole: 10,000 bps = 100 %. */
const WHOLE_BPS = 10_000;

const assertCents = (value: number, name: string) => {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a whole, non-negative number of minor units`);
};
const assertBps = (feeBps: number) => {
  if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > WHOLE_BPS) throw new RangeError("feeBps must be a whole number from 0 to 10000");
};

/**
 * The platform's fee on a charge: `amount × feeBps / 10000`, rounded half up to the minor unit
 * (2.5 cents → 3). Integer arithmetic only (BigInt), so no float ever decides a cent.
 */
export function applicationFee(amountCents: number, feeBps: number): number {
  assertCents(amountCents, "amountCents");
  assertBps(feeBps);
  return Number((BigInt(amountCents) * BigInt(feeBps) + BigInt(WHOLE_BPS / 2)) / BigInt(WHOLE_BPS));
}

/** What the DM receives of a charge: the charge less the fee, so the two always add up to it. */
export const dmShare = (amountCents: number, feeBps: number) => amountCents - applicationFee(amountCents, feeBps);

export type RefundSplit = {
  /** Taken back from the DM's transfer. */
  reversedCents: number;
  /** Returned of the platform's fee. */
  feeReturnedCents: number;
};

/**
 * How one refund of a charge splits between the DM's transfer and the platform's fee, in
 * proportion to the charge's own split. The fee's part is rounded half up on the running total:
 * after refunds r1…rn, the fee returned so far is round(fee × (r1+…+rn) / amount), so any sequence
 * of partial refunds that adds up to the whole charge returns exactly the fee and reverses exactly
 * the DM's share, never a cent more or less.
 */
export function refundSplit(input: { amountCents: number; feeCents: number; refundedSoFarCents: number; refundCents: number }): RefundSplit {
  const { amountCents, feeCents, refundedSoFarCents, refundCents } = input;
  assertCents(amountCents, "amountCents");
  assertCents(feeCents, "feeCents");
  assertCents(refundedSoFarCents, "refundedSoFarCents");
  assertCents(refundCents, "refundCents");
  if (feeCents > amountCents) throw new RangeError("feeCents cannot exceed amountCents");
  if (refundedSoFarCents + refundCents > amountCents) throw new RangeError("a refund cannot exceed what is left of the charge");
  if (amountCents === 0) return { reversedCents: 0, feeReturnedCents: 0 };
  // BigInt: fee × refunded outgrows a double's exact integers long before any real charge does.
  const feeAfter = (refunded: number) => Number((2n * BigInt(feeCents) * BigInt(refunded) + BigInt(amountCents)) / (2n * BigInt(amountCents)));
  const feeReturnedCents = feeAfter(refundedSoFarCents + refundCents) - feeAfter(refundedSoFarCents);
  return { reversedCents: refundCents - feeReturnedCents, feeReturnedCents };
}
