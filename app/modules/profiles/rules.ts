/** Option lists of spec section 3. */
export const games = ["D&D 5e", "Pathfinder", "Call of Cthulhu", "Starfinder", "Shadowrun", "Cyberpunk Red", "Vampire: The Masquerade", "Other"] as const;
export const experienceLevels = ["BEGINNER", "INTERMEDIATE", "ADVANCED"] as const;
export const weekDays = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;
export const currencies = ["MXN", "USD", "CAD", "EUR", "ARS", "COP", "CLP", "BRL", "PEN", "GTQ", "CRC", "UYU", "BOB", "PAB"] as const;
/** Languages a host can run games in. */
export const spokenLanguages = ["es", "en", "pt", "fr", "it", "de"] as const;

export const LIMITS = { bio: 500, description: 1000, location: 100, instructions: 1000, rateMax: 10000 } as const;

/** Integer cents to a plain decimal string for an input ("1500" → "15", "1550" → "15.50"). */
export function centsToInput(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(whole) : `${whole}.${String(rest).padStart(2, "0")}`;
}

export function isTimeZone(value: string, supported: readonly string[]): boolean {
  return value === "UTC" || supported.includes(value);
}

export type ProfileTab = "upcoming" | "past" | "sessions" | "reviews";

/** Which profile tab a query asks for, among those the page has (your own lists, a host's sessions, reviews). */
export function chosenTab(asked: string | null, own: boolean, hosts: boolean): ProfileTab {
  const tabs: ProfileTab[] = [...(own ? (["upcoming", "past"] as const) : []), ...(hosts ? (["sessions"] as const) : []), "reviews"];
  return tabs.includes(asked as ProfileTab) ? (asked as ProfileTab) : tabs[0]!;
}
