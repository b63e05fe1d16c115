/** Option lists of spec section 3. Values are stored as-is; labels come from the catalog namespace. */
export const games = ["D&D 5e", "Pathfinder", "Call of Cthulhu", "Starfinder", "Shadowrun", "Cyberpunk Red", "Vampire: The Masquerade", "Other"] as const;
export const genres = ["Fantasy", "Horror", "Sci-Fi", "Modern", "Historical", "Post-Apocalyptic", "Superhero", "Other"] as const;
export const formExperienceLevels = ["BEGINNER", "INTERMEDIATE", "ADVANCED"] as const;
export const searchExperienceLevels = ["Beginner", "Intermediate", "Advanced", "All Levels"] as const;
export const currencies = ["MXN", "USD", "CAD", "EUR", "ARS", "COP", "CLP", "BRL", "PEN", "GTQ", "CRC", "UYU", "BOB", "PAB"] as const;
export const defaultCurrency = "MXN";
export const paymentMethods = ["CARD", "OXXO", "CASH"] as const;
export const seriesFrequencies = ["WEEKLY", "BIWEEKLY", "MONTHLY", "IRREGULAR"] as const;
/** The series form offers only these; IRREGULAR series get sessions added by hand. */
export const formSeriesFrequencies = ["WEEKLY", "BIWEEKLY", "MONTHLY"] as const;
export const oxxoAdvanceHours = [120, 96, 72, 48] as const;
export const oxxoVoucherDays = [3, 2, 1] as const;

/**
 * Label keys of the games in the common namespace: i18next reads ':' as a namespace separator, so
 * the stored names ("Vampire: The Masquerade") cannot be keys themselves. Only 'Other' differs by
 * language; the games keep their published names.
 */
const gameKeys: Record<string, string> = {
  "D&D 5e": "dnd5e",
  Pathfinder: "pathfinder",
  "Call of Cthulhu": "callOfCthulhu",
  Starfinder: "starfinder",
  Shadowrun: "shadowrun",
  "Cyberpunk Red": "cyberpunkRed",
  "Vampire: The Masquerade": "vampire",
  Other: "other",
};

/** The common-namespace key of a game's label, or null for a name typed elsewhere (the API takes any), shown as it is. */
export const gameLabelKey = (game: string): string | null => (Object.hasOwn(gameKeys, game) ? `common:games.${gameKeys[game]}` : null);

export type Game = (typeof games)[number];
export type Genre = (typeof genres)[number];
export type Currency = (typeof currencies)[number];
export type PaymentMethod = (typeof paymentMethods)[number];
export type SeriesFrequency = (typeof seriesFrequencies)[number];

/** OXXO vouchers are a Mexican cash method: offered only for prices in MXN (spec section 5). */
export function allowedPaymentMethods(currency: string): PaymentMethod[] {
  return currency === "MXN" ? ["CARD", "OXXO", "CASH"] : ["CARD", "CASH"];
}

/** A game's name in the page's language (only 'Other' changes). */
export function gameLabel(t: (key: string) => string, game: string): string {
  const key = gameLabelKey(game);
  return key ? t(key) : game;
}
