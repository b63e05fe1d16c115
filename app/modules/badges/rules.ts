import { type BadgeCategory, type BadgeId, BADGES, isBadgeId } from "./catalogue";

/**
 * What the badge job gathers for one user, all counted from rows (decision record 056). Only
 * finished facts are counted: a session that has not ended yet, or a booking whose payment window
 * is still open, is in none of these numbers.
 */
export type BadgeFacts = {
  /** A username chosen, a display name and a verified email. */
  profileComplete: boolean;
  hasAvatar: boolean;
  /** A non-blank bio. */
  hasBio: boolean;

  /** Sessions the user hosted that reached COMPLETED, per game. */
  hostedByGame: Readonly<Record<string, number>>;
  /** Of those, sessions with a price above zero. */
  hostedPaidCompleted: number;
  /** Sessions the user hosted and cancelled themself. With the completed ones they make the sessions a DM scheduled. */
  dmCancelled: number;
  /** Series the user hosts with 3 or more COMPLETED sessions. */
  seriesWith3Completed: number;

  /** Completed sessions where the user had a confirmed seat and was present, per game. */
  playedByGame: Readonly<Record<string, number>>;
  /** Confirmed seats marked no-show that count (attendance/repo.server.ts `countedNoShow`). */
  noShows: number;
  /** Seats the player cancelled inside the booking lock. */
  lateCancellations: number;

  /** Completed sessions, hosted or played, per genre (the option ids of spec section 3: "Horror", "Sci-Fi"…). */
  completedByGenre: Readonly<Record<string, number>>;

  /** Reviews received as DM: the sum of their stars (1-5) and how many. */
  dmRatingSum: number;
  dmRatingCount: number;
  /** Reviews received as player. */
  playerRatingSum: number;
  playerRatingCount: number;
  /** Stars of every review received, in either role, oldest first. */
  ratingsReceived: readonly number[];

  /**
   * One entry per booking that had to be paid online (card or OXXO): seconds from booking to payment,
   * or null when it was never paid. Bookings still inside their first 24 hours and unpaid are left out.
   */
  paymentDelaysSeconds: ReadonlyArray<number | null>;
  /** Bookings the user made (cancelled ones included), and how many of them were made 7 days (604,800 s) or more before the start. */
  bookingsMade: number;
  bookingsMadeWeekAhead: number;

  /** Completed sessions whose chat has at least one message from the user, and how many messages they wrote in those chats. */
  chatSessions: number;
  chatMessages: number;
};

/** The facts of someone who has done nothing yet: where every count starts. */
export const noFacts = (): BadgeFacts => ({
  profileComplete: false,
  hasAvatar: false,
  hasBio: false,
  hostedByGame: {},
  hostedPaidCompleted: 0,
  dmCancelled: 0,
  seriesWith3Completed: 0,
  playedByGame: {},
  noShows: 0,
  lateCancellations: 0,
  completedByGenre: {},
  dmRatingSum: 0,
  dmRatingCount: 0,
  playerRatingSum: 0,
  playerRatingCount: 0,
  ratingsReceived: [],
  paymentDelaysSeconds: [],
  bookingsMade: 0,
  bookingsMadeWeekAhead: 0,
  chatSessions: 0,
  chatMessages: 0,
});

export const PROMPT_PAYMENT_SECONDS = 24 * 60 * 60;
export const WEEK_AHEAD_SECONDS = 7 * 24 * 60 * 60;
/** The rising-star trend: the latest RECENT ratings against at least EARLIER_MIN before them. */
export const TREND_RECENT = 5;
export const TREND_EARLIER_MIN = 3;
/** In tenths of a star, so the comparison stays in integers. */
export const TREND_MIN_RISE_TENTHS = 3;

/**
 * Games that count as "a D&D system": any edition of Dungeons & Dragons. The option list has only
 * "D&D 5e", but the API takes any name, so older or newer editions typed by hand count too.
 * Pathfinder and Starfinder descend from it but are other publishers' games.
 */
export function isDndSystem(game: string): boolean {
  return /^\s*(d\s*&\s*d|dnd|dungeons\s*(&|and)\s*dragons)\b/i.test(game);
}

const total = (counts: Readonly<Record<string, number>>, keep: (key: string) => boolean = () => true) =>
  Object.entries(counts).reduce((sum, [key, n]) => (keep(key) ? sum + n : sum), 0);

/** part/whole ≥ percent/100, in integers: 9/10 and 27/30 are exactly 90%. */
const atLeastPercent = (part: number, whole: number, percent: number) => whole > 0 && part * 100 >= whole * percent;
/** sum/count ≥ 4.5 without floating point. */
const averageAtLeast4_5 = (sum: number, count: number) => count > 0 && sum * 2 >= count * 9;

/**
 * The rating trend is improving when there are at least 8 ratings and the average of the latest 5
 * is at least 0.3 stars above the average of all earlier ones (decision record 056).
 */
export function improvingTrend(ratings: readonly number[]): boolean {
  const earlier = ratings.slice(0, -TREND_RECENT);
  if (earlier.length < TREND_EARLIER_MIN) return false;
  const recent = ratings.slice(-TREND_RECENT);
  const sum = (list: readonly number[]) => list.reduce((a, b) => a + b, 0);
  // mean(recent) − mean(earlier) ≥ rise/10, multiplied out by 10 · |recent| · |earlier|.
  return 10 * (sum(recent) * earlier.length - sum(earlier) * recent.length) >= TREND_MIN_RISE_TENTHS * recent.length * earlier.length;
}

const criteria: Record<BadgeId, (f: BadgeFacts) => boolean> = {
  verified_host: (f) => f.profileComplete && f.hasBio && f.hasAvatar && total(f.hostedByGame) >= 1,
  verified_player: (f) => f.profileComplete && total(f.playedByGame) >= 1,
  reliable_dm: (f) => {
    const scheduled = total(f.hostedByGame) + f.dmCancelled;
    return scheduled >= 3 && atLeastPercent(total(f.hostedByGame), scheduled, 90);
  },
  committed_player: (f) => {
    const booked = total(f.playedByGame) + f.noShows + f.lateCancellations;
    return booked >= 5 && atLeastPercent(total(f.playedByGame), booked, 90);
  },
  player_favorite: (f) => f.dmRatingCount >= 5 && averageAtLeast4_5(f.dmRatingSum, f.dmRatingCount),
  team_player: (f) => f.playerRatingCount >= 3 && averageAtLeast4_5(f.playerRatingSum, f.playerRatingCount),
  experienced_dm: (f) => total(f.hostedByGame) >= 10,
  session_veteran: (f) => total(f.playedByGame) >= 25,
  dnd_master: (f) => total(f.hostedByGame, isDndSystem) + total(f.playedByGame, isDndSystem) >= 5,
  // "Other" names no system: three sessions of it may be one game or three.
  system_explorer: (f) => Object.entries(f.playedByGame).filter(([game, n]) => n > 0 && game !== "Other").length >= 3,
  campaign_master: (f) => f.seriesWith3Completed >= 3,
  prompt_payer: (f) => f.paymentDelaysSeconds.length >= 3 && f.paymentDelaysSeconds.every((s) => s !== null && s <= PROMPT_PAYMENT_SECONDS),
  premium_host: (f) => f.hostedPaidCompleted >= 5,
  advance_planner: (f) => f.bookingsMade >= 5 && atLeastPercent(f.bookingsMadeWeekAhead, f.bookingsMade, 80),
  great_communicator: (f) => f.chatSessions >= 5 && f.chatMessages >= 20 * f.chatSessions,
  rising_star: (f) => total(f.hostedByGame) + total(f.playedByGame) >= 5 && improvingTrend(f.ratingsReceived),
  horror_master: (f) => (f.completedByGenre["Horror"] ?? 0) >= 5,
  fantasy_expert: (f) => (f.completedByGenre["Fantasy"] ?? 0) >= 10,
  scifi_specialist: (f) => (f.completedByGenre["Sci-Fi"] ?? 0) >= 5,
};

const byPriority = (a: BadgeId, b: BadgeId) => BADGES[a].priority - BADGES[b].priority || (a < b ? -1 : a > b ? 1 : 0);

/** Known ids only, once each, by priority then id. */
export function sortBadges(ids: readonly string[]): BadgeId[] {
  return [...new Set(ids.filter(isBadgeId))].sort(byPriority);
}

/** Every badge the facts earn, by priority then id. */
export function earnedBadges(facts: BadgeFacts): BadgeId[] {
  return (Object.keys(criteria) as BadgeId[]).filter((id) => criteria[id](facts)).sort(byPriority);
}

export type BadgeRole = "dm" | "player";

/** The categories a role shows (spec section 6): a DM's dm and both, a player's player and both. */
export function categoriesForRole(role: BadgeRole): BadgeCategory[] {
  return role === "dm" ? ["dm", "both"] : ["player", "both"];
}

export function badgesForRole(ids: readonly string[], role: BadgeRole): BadgeId[] {
  const shown = categoriesForRole(role);
  return sortBadges(ids).filter((id) => shown.includes(BADGES[id].category));
}

/** Session and series cards show at most 2 badges (spec section 9): the highest-priority ones. */
export function cardBadges(ids: readonly string[], max = 2): BadgeId[] {
  return sortBadges(ids).slice(0, Math.max(0, max));
}

/** The badges card's tab from the `?badges=` query: one the role shows, else the role's own category. */
export function badgeTab(value: string | null | undefined, role: BadgeRole): BadgeCategory {
  const shown = categoriesForRole(role);
  return shown.find((category) => category === value) ?? shown[0]!;
}

export function badgesInCategory(ids: readonly string[], category: BadgeCategory): BadgeId[] {
  return sortBadges(ids).filter((id) => BADGES[id].category === category);
}
