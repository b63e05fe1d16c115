import type { Locale } from "#app/modules/i18n/config";
import { formatPrice } from "#app/modules/sessions/rules";
import { estimateCents, INQUIRY_LIMITS } from "./rules";

const inRange = (raw: unknown, min: number, max: number) => {
  const n = typeof raw === "string" && /^\d{1,2}$/.test(raw) ? Number(raw) : NaN;
  return n >= min && n <= max ? n : null;
};

/**
 * The estimate for the players and hours a form sent, in the DM's currency: what the page shows
 * after a submit without JavaScript. Null when either value is out of range (there is no estimate
 * for 9 players).
 */
export function estimateText(payload: Record<string, unknown>, offer: { rateCents: number; currency: string }, lang: Locale): string | null {
  const players = inRange(payload.playerCount, INQUIRY_LIMITS.playersMin, INQUIRY_LIMITS.playersMax);
  const hours = inRange(payload.hours, INQUIRY_LIMITS.hoursMin, INQUIRY_LIMITS.hoursMax);
  if (players === null || hours === null) return null;
  return `${formatPrice(estimateCents(players, hours, offer.rateCents), offer.currency, lang)} ${offer.currency}`;
}
