/**
 * When a voucher's seat hold ends: the hold a delayed method earns, on the business days of the
 * countries whose cash and bank-slip methods we take (Mexico for OXXO, Brazil for boleto).
 * Pure functions over an explicit date (docs/decisions/027 and 033); the calendars are app/lib's.
 */
import { BR_OFFSET, DAY, isBrazilianBankingDay, isMexicanBusinessDay, MX_OFFSET } from "#app/lib/business-days";

export { mexicanHolidays } from "#app/lib/business-days";

/**
 * An OXXO seat is held until the voucher's expiry plus one Mexican business day (a payment made
 * at the till on the last day may be reported the next business day): the end (23:59:59, Mexico
 * City) of the first business day after the day the voucher lapses.
 */
export function oxxoHoldUntil(voucherExpiresAt: Date): Date {
  const local = new Date(voucherExpiresAt.getTime() + MX_OFFSET);
  const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1));
  while (!isMexicanBusinessDay(day)) day.setUTCDate(day.getUTCDate() + 1);
  return new Date(day.getTime() + DAY - 1000 - MX_OFFSET);
}

/**
 * A boleto seat is held until the slip's expiry plus one Brazilian banking day (a slip paid on its
 * last day clears the next banking day): the end (23:59:59, São Paulo) of the first banking day
 * after the day it lapses.
 */
export function boletoHoldUntil(expiresAt: Date): Date {
  const local = new Date(expiresAt.getTime() + BR_OFFSET);
  const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + 1));
  while (!isBrazilianBankingDay(day)) day.setUTCDate(day.getUTCDate() + 1);
  return new Date(day.getTime() + DAY - 1000 - BR_OFFSET);
}

/**
 * How long a payment that chose a delayed method holds its seat, given the provider's expiry of
 * what it issued (voucher, slip or QR code; null when the event carried none, and then the
 * session's voucher days from `now`). Never shorter than the hold it already has: a hold only grows.
 */
export function delayedHoldUntil(
  method: string,
  expiresAt: Date | null,
  current: Date | null,
  session: { voucher_payment_days: number },
  now: Date,
): Date | null {
  let wanted: Date | null = null;
  const expiry = expiresAt ?? new Date(now.getTime() + session.voucher_payment_days * DAY);
  if (method === "oxxo") wanted = oxxoHoldUntil(expiry);
  else if (method === "boleto") wanted = boletoHoldUntil(expiry);
  // Pix is paid in seconds: the card hold stands unless the QR code lives longer.
  else if (method === "pix" && expiresAt) wanted = expiresAt;
  if (!wanted || (current && wanted.getTime() <= current.getTime())) return null;
  return wanted;
}
