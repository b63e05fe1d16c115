/**
 * The badge catalogue of spec section 3. Names and descriptions live in the `badges` namespace
 * (`badges:names.<id>`, `badges:descriptions.<id>`); the criteria are in `rules.ts`. The spec gives a
 * category only through each description; the choice per id is explained in decision record 056.
 */
export const BADGE_CATEGORIES = ["dm", "player", "both"] as const;
export type BadgeCategory = (typeof BADGE_CATEGORIES)[number];

export const BADGE_IDS = [
  "verified_host",
  "verified_player",
  "reliable_dm",
  "committed_player",
  "player_favorite",
  "team_player",
  "experienced_dm",
  "session_veteran",
  "dnd_master",
  "system_explorer",
  "campaign_master",
  "prompt_payer",
  "premium_host",
  "advance_planner",
  "great_communicator",
  "rising_star",
  "horror_master",
  "fantasy_expert",
  "scifi_specialist",
] as const;
export type BadgeId = (typeof BADGE_IDS)[number];

export type BadgeDefinition = {
  /** Decorative (the pill shows the translated name beside it), so an emoji is enough: no icon set to ship. */
  icon: string;
  category: BadgeCategory;
  /** Lower shows first (spec table). */
  priority: number;
};

export const BADGES: Record<BadgeId, BadgeDefinition> = {
  verified_host: { icon: "✅", category: "dm", priority: 1 },
  verified_player: { icon: "✅", category: "player", priority: 1 },
  reliable_dm: { icon: "🛡️", category: "dm", priority: 2 },
  committed_player: { icon: "🤝", category: "player", priority: 2 },
  player_favorite: { icon: "⭐", category: "dm", priority: 2 },
  team_player: { icon: "🫶", category: "player", priority: 2 },
  experienced_dm: { icon: "📜", category: "dm", priority: 3 },
  session_veteran: { icon: "🎖️", category: "player", priority: 3 },
  dnd_master: { icon: "🐉", category: "both", priority: 4 },
  system_explorer: { icon: "🧭", category: "player", priority: 4 },
  campaign_master: { icon: "🗺️", category: "dm", priority: 4 },
  prompt_payer: { icon: "💳", category: "player", priority: 5 },
  premium_host: { icon: "💎", category: "dm", priority: 5 },
  advance_planner: { icon: "📅", category: "player", priority: 5 },
  great_communicator: { icon: "💬", category: "both", priority: 6 },
  rising_star: { icon: "🌟", category: "both", priority: 6 },
  horror_master: { icon: "👻", category: "both", priority: 7 },
  fantasy_expert: { icon: "🧙", category: "both", priority: 7 },
  scifi_specialist: { icon: "🚀", category: "both", priority: 7 },
};

/** Ids come from the database and the API as plain strings; anything else is not a badge. */
export function isBadgeId(value: unknown): value is BadgeId {
  return typeof value === "string" && Object.hasOwn(BADGES, value);
}
