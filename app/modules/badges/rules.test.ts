import { describe, expect, it } from "vitest";
import { BADGE_IDS, type BadgeId, BADGES } from "./catalogue";
import { type BadgeFacts, badgesForRole, badgesInCategory, badgeTab, cardBadges, earnedBadges, improvingTrend, isDndSystem, noFacts } from "./rules";

/** A user who has done nothing yet. */
const none = noFacts();

const earns = (id: BadgeId, facts: Partial<BadgeFacts>) => earnedBadges({ ...none, ...facts }).includes(id);
const HOUR = 3600;
const DAY = 24 * HOUR;
const repeat = (value: number, n: number) => Array.from({ length: n }, () => value);

describe("the catalogue", () => {
  it("has the 19 badges of the spec with their priorities", () => {
    expect(BADGE_IDS).toHaveLength(19);
    const priorities = Object.fromEntries(BADGE_IDS.map((id) => [id, BADGES[id].priority]));
    expect(priorities).toEqual({
      verified_host: 1,
      verified_player: 1,
      reliable_dm: 2,
      committed_player: 2,
      player_favorite: 2,
      team_player: 2,
      experienced_dm: 3,
      session_veteran: 3,
      dnd_master: 4,
      system_explorer: 4,
      campaign_master: 4,
      prompt_payer: 5,
      premium_host: 5,
      advance_planner: 5,
      great_communicator: 6,
      rising_star: 6,
      horror_master: 7,
      fantasy_expert: 7,
      scifi_specialist: 7,
    });
  });

  it("has at least one badge in each category", () => {
    for (const category of ["dm", "player", "both"]) expect(BADGE_IDS.some((id) => BADGES[id].category === category)).toBe(true);
  });
});

describe("earnedBadges", () => {
  it("gives nothing for no facts", () => {
    expect(earnedBadges(none)).toEqual([]);
  });

  it("verified_host: a complete profile with bio and avatar and 1 completed hosted session", () => {
    const full = { profileComplete: true, hasBio: true, hasAvatar: true };
    expect(earns("verified_host", { ...full, hostedByGame: {} })).toBe(false);
    expect(earns("verified_host", { ...full, hostedByGame: { "D&D 5e": 1 } })).toBe(true);
    expect(earns("verified_host", { ...full, hasBio: false, hostedByGame: { "D&D 5e": 1 } })).toBe(false);
    expect(earns("verified_host", { ...full, hasAvatar: false, hostedByGame: { "D&D 5e": 1 } })).toBe(false);
    expect(earns("verified_host", { ...full, profileComplete: false, hostedByGame: { "D&D 5e": 1 } })).toBe(false);
  });

  it("verified_player: a complete profile and 1 attended session", () => {
    expect(earns("verified_player", { profileComplete: true, playedByGame: {} })).toBe(false);
    expect(earns("verified_player", { profileComplete: true, playedByGame: { Shadowrun: 1 } })).toBe(true);
    expect(earns("verified_player", { profileComplete: false, playedByGame: { Shadowrun: 1 } })).toBe(false);
    // Hosting is not attending.
    expect(earns("verified_player", { profileComplete: true, hostedByGame: { Shadowrun: 1 } })).toBe(false);
  });

  it("reliable_dm: 90% of scheduled sessions run, at 89% and 90%", () => {
    expect(earns("reliable_dm", { hostedByGame: { Pathfinder: 89 }, dmCancelled: 11 })).toBe(false);
    expect(earns("reliable_dm", { hostedByGame: { Pathfinder: 90 }, dmCancelled: 10 })).toBe(true);
    expect(earns("reliable_dm", { hostedByGame: { Pathfinder: 9 }, dmCancelled: 1 })).toBe(true);
  });

  it("reliable_dm: at least 3 scheduled sessions, at 2 and 3", () => {
    expect(earns("reliable_dm", { hostedByGame: { Pathfinder: 2 } })).toBe(false);
    expect(earns("reliable_dm", { hostedByGame: { Pathfinder: 3 } })).toBe(true);
    // Three scheduled, one cancelled: 67%.
    expect(earns("reliable_dm", { hostedByGame: { Pathfinder: 2 }, dmCancelled: 1 })).toBe(false);
  });

  it("committed_player: 90% attendance, at least 5 booked, at 4 and 5", () => {
    expect(earns("committed_player", { playedByGame: { "D&D 5e": 4 } })).toBe(false);
    expect(earns("committed_player", { playedByGame: { "D&D 5e": 5 } })).toBe(true);
    expect(earns("committed_player", { playedByGame: { "D&D 5e": 89 }, noShows: 6, lateCancellations: 5 })).toBe(false);
    expect(earns("committed_player", { playedByGame: { "D&D 5e": 90 }, noShows: 5, lateCancellations: 5 })).toBe(true);
    // A no-show and a late cancellation weigh the same.
    expect(earns("committed_player", { playedByGame: { "D&D 5e": 9 }, lateCancellations: 1 })).toBe(true);
    expect(earns("committed_player", { playedByGame: { "D&D 5e": 8 }, noShows: 1, lateCancellations: 1 })).toBe(false);
  });

  it("player_favorite: average 4.5 from 5 reviews as DM", () => {
    expect(earns("player_favorite", { dmRatingSum: 20, dmRatingCount: 4 })).toBe(false); // 5.0 from 4
    expect(earns("player_favorite", { dmRatingSum: 22, dmRatingCount: 5 })).toBe(false); // 4.4
    expect(earns("player_favorite", { dmRatingSum: 23, dmRatingCount: 5 })).toBe(true); // 4.6
    expect(earns("player_favorite", { dmRatingSum: 45, dmRatingCount: 10 })).toBe(true); // exactly 4.5
    expect(earns("player_favorite", { dmRatingSum: 44, dmRatingCount: 10 })).toBe(false); // 4.4
    // Reviews as player do not count.
    expect(earns("player_favorite", { playerRatingSum: 25, playerRatingCount: 5 })).toBe(false);
  });

  it("team_player: average 4.5 from 3 reviews as player", () => {
    expect(earns("team_player", { playerRatingSum: 10, playerRatingCount: 2 })).toBe(false);
    expect(earns("team_player", { playerRatingSum: 14, playerRatingCount: 3 })).toBe(true); // 4.67
    expect(earns("team_player", { playerRatingSum: 13, playerRatingCount: 3 })).toBe(false); // 4.33
    expect(earns("team_player", { playerRatingSum: 18, playerRatingCount: 4 })).toBe(true); // exactly 4.5
    expect(earns("team_player", { dmRatingSum: 15, dmRatingCount: 3 })).toBe(false);
  });

  it("experienced_dm: 10 completed hosted sessions, summed over games", () => {
    expect(earns("experienced_dm", { hostedByGame: { "D&D 5e": 5, Shadowrun: 4 } })).toBe(false);
    expect(earns("experienced_dm", { hostedByGame: { "D&D 5e": 5, Shadowrun: 5 } })).toBe(true);
  });

  it("session_veteran: 25 attended sessions", () => {
    expect(earns("session_veteran", { playedByGame: { "D&D 5e": 24 } })).toBe(false);
    expect(earns("session_veteran", { playedByGame: { "D&D 5e": 20, Other: 5 } })).toBe(true);
    expect(earns("session_veteran", { hostedByGame: { "D&D 5e": 30 } })).toBe(false);
  });

  it("dnd_master: 5 completed D&D sessions, hosted or played", () => {
    expect(earns("dnd_master", { hostedByGame: { "D&D 5e": 2 }, playedByGame: { "D&D 5e": 2 } })).toBe(false);
    expect(earns("dnd_master", { hostedByGame: { "D&D 5e": 2 }, playedByGame: { "D&D 5e": 3 } })).toBe(true);
    expect(earns("dnd_master", { playedByGame: { "D&D 5e": 3, "Dungeons & Dragons 2024": 1, "D&D 3.5": 1 } })).toBe(true);
    expect(earns("dnd_master", { playedByGame: { Pathfinder: 10, Starfinder: 10, "D&D 5e": 4 } })).toBe(false);
  });

  it("isDndSystem: the editions of D&D, not its descendants", () => {
    for (const game of ["D&D 5e", "d&d 3.5", "DnD 2024", "Dungeons & Dragons", "Dungeons and Dragons 5e"]) expect(isDndSystem(game), game).toBe(true);
    for (const game of ["Pathfinder", "Starfinder", "Other", "Call of Cthulhu", "Old D&D-like homebrew"]) expect(isDndSystem(game), game).toBe(false);
  });

  it("system_explorer: 3 different games played; 'Other' is no system", () => {
    expect(earns("system_explorer", { playedByGame: { "D&D 5e": 3, Pathfinder: 1 } })).toBe(false);
    expect(earns("system_explorer", { playedByGame: { "D&D 5e": 1, Pathfinder: 1, Shadowrun: 1 } })).toBe(true);
    expect(earns("system_explorer", { playedByGame: { "D&D 5e": 1, Pathfinder: 1, Other: 4 } })).toBe(false);
    expect(earns("system_explorer", { playedByGame: { "D&D 5e": 1, Pathfinder: 1, Shadowrun: 0 } })).toBe(false);
    expect(earns("system_explorer", { hostedByGame: { "D&D 5e": 1, Pathfinder: 1, Shadowrun: 1 } })).toBe(false);
  });

  it("campaign_master: 3 series with 3 completed sessions each", () => {
    expect(earns("campaign_master", { seriesWith3Completed: 2 })).toBe(false);
    expect(earns("campaign_master", { seriesWith3Completed: 3 })).toBe(true);
  });

  it("prompt_payer: paid at exactly 24 hours counts, 24 hours and 1 second does not", () => {
    expect(earns("prompt_payer", { paymentDelaysSeconds: [DAY, 60, 5 * HOUR] })).toBe(true);
    expect(earns("prompt_payer", { paymentDelaysSeconds: [DAY + 1, 60, 5 * HOUR] })).toBe(false);
  });

  it("prompt_payer: at least 3 bookings, all of them paid", () => {
    expect(earns("prompt_payer", { paymentDelaysSeconds: [60, 60] })).toBe(false);
    expect(earns("prompt_payer", { paymentDelaysSeconds: [60, 60, 60] })).toBe(true);
    expect(earns("prompt_payer", { paymentDelaysSeconds: [60, 60, 60, null] })).toBe(false);
  });

  it("premium_host: 5 completed paid sessions", () => {
    expect(earns("premium_host", { hostedPaidCompleted: 4, hostedByGame: { Shadowrun: 20 } })).toBe(false);
    expect(earns("premium_host", { hostedPaidCompleted: 5, hostedByGame: { Shadowrun: 5 } })).toBe(true);
  });

  it("advance_planner: 80% of bookings a week ahead, at least 5 bookings", () => {
    expect(earns("advance_planner", { bookingsMade: 4, bookingsMadeWeekAhead: 4 })).toBe(false);
    expect(earns("advance_planner", { bookingsMade: 5, bookingsMadeWeekAhead: 4 })).toBe(true); // 80%
    expect(earns("advance_planner", { bookingsMade: 5, bookingsMadeWeekAhead: 3 })).toBe(false); // 60%
    expect(earns("advance_planner", { bookingsMade: 100, bookingsMadeWeekAhead: 79 })).toBe(false);
    expect(earns("advance_planner", { bookingsMade: 100, bookingsMadeWeekAhead: 80 })).toBe(true);
  });

  it("great_communicator: an average of 20 messages over at least 5 chats", () => {
    expect(earns("great_communicator", { chatSessions: 4, chatMessages: 400 })).toBe(false);
    expect(earns("great_communicator", { chatSessions: 5, chatMessages: 100 })).toBe(true);
    expect(earns("great_communicator", { chatSessions: 5, chatMessages: 99 })).toBe(false);
  });

  it("rising_star: 5 completed sessions and an improving trend", () => {
    const rising = [3, 3, 3, 4, 4, 4, 4, 4];
    expect(improvingTrend(rising)).toBe(true);
    expect(earns("rising_star", { playedByGame: { Shadowrun: 2 }, hostedByGame: { Shadowrun: 2 }, ratingsReceived: rising })).toBe(false);
    expect(earns("rising_star", { playedByGame: { Shadowrun: 3 }, hostedByGame: { Shadowrun: 2 }, ratingsReceived: rising })).toBe(true);
    expect(earns("rising_star", { playedByGame: { Shadowrun: 5 }, ratingsReceived: repeat(4, 8) })).toBe(false);
  });

  it("improvingTrend: the latest 5 average at least 0.3 stars above at least 3 earlier ones", () => {
    // 7 ratings: only 2 before the latest 5.
    expect(improvingTrend([1, 1, 5, 5, 5, 5, 5])).toBe(false);
    // Earlier 4.0; latest 4.2 (+0.2) and 4.4 (+0.4).
    expect(improvingTrend([4, 4, 4, 4, 4, 4, 4, 5])).toBe(false);
    expect(improvingTrend([4, 4, 4, 4, 4, 4, 5, 5])).toBe(true);
    // Exactly +0.3 (five ratings move in steps of 0.2, so the earlier average is 3.9).
    const earlier = [...repeat(4, 18), 3, 3];
    expect(improvingTrend([...earlier, 4, 4, 4, 5, 4])).toBe(true); // 4.2: +0.3
    expect(improvingTrend([...earlier, 4, 4, 4, 4, 4])).toBe(false); // 4.0: +0.1
    // Order matters: the same ratings falling are no trend.
    expect(improvingTrend([5, 5, 5, 4, 4, 4, 4, 4])).toBe(false);
  });

  it("horror_master 5, fantasy_expert 10, scifi_specialist 5 completed sessions of the genre", () => {
    expect(earns("horror_master", { completedByGenre: { Horror: 4 } })).toBe(false);
    expect(earns("horror_master", { completedByGenre: { Horror: 5 } })).toBe(true);
    expect(earns("fantasy_expert", { completedByGenre: { Fantasy: 9 } })).toBe(false);
    expect(earns("fantasy_expert", { completedByGenre: { Fantasy: 10 } })).toBe(true);
    expect(earns("scifi_specialist", { completedByGenre: { "Sci-Fi": 4 } })).toBe(false);
    expect(earns("scifi_specialist", { completedByGenre: { "Sci-Fi": 5 } })).toBe(true);
    expect(earns("scifi_specialist", { completedByGenre: { Horror: 50, Fantasy: 50 } })).toBe(false);
  });

  it("lists what is earned by priority, then id", () => {
    const facts: BadgeFacts = {
      ...none,
      profileComplete: true,
      hasAvatar: true,
      hasBio: true,
      hostedByGame: { "D&D 5e": 10 },
      playedByGame: { Pathfinder: 1 },
      completedByGenre: { Horror: 5, Fantasy: 10 },
    };
    expect(earnedBadges(facts)).toEqual(["verified_host", "verified_player", "reliable_dm", "experienced_dm", "dnd_master", "fantasy_expert", "horror_master"]);
  });
});

describe("showing badges", () => {
  const all = [...BADGE_IDS];

  it("a DM shows dm and both; a player shows player and both", () => {
    const dm = badgesForRole(all, "dm");
    const player = badgesForRole(all, "player");
    expect(dm.map((id) => BADGES[id].category).every((c) => c === "dm" || c === "both")).toBe(true);
    expect(player.map((id) => BADGES[id].category).every((c) => c === "player" || c === "both")).toBe(true);
    expect(dm).toContain("reliable_dm");
    expect(dm).not.toContain("committed_player");
    expect(player).toContain("committed_player");
    expect(player).not.toContain("reliable_dm");
    expect(dm).toContain("horror_master");
    expect(player).toContain("horror_master");
  });

  it("drops unknown ids and repeats", () => {
    expect(badgesForRole(["nope", "horror_master", "horror_master", "__proto__"], "player")).toEqual(["horror_master"]);
  });

  it("cards show the 2 with the highest priority", () => {
    expect(cardBadges(["scifi_specialist", "premium_host", "reliable_dm", "verified_host"])).toEqual(["verified_host", "reliable_dm"]);
    expect(cardBadges(["scifi_specialist", "unknown"])).toEqual(["scifi_specialist"]);
    expect(cardBadges(all, 3)).toHaveLength(3);
    expect(cardBadges([])).toEqual([]);
  });

  it("the card's tab comes from the query when the role shows it", () => {
    expect(badgeTab(null, "dm")).toBe("dm");
    expect(badgeTab("both", "dm")).toBe("both");
    expect(badgeTab("player", "dm")).toBe("dm");
    expect(badgeTab("player", "player")).toBe("player");
    expect(badgeTab("nonsense", "player")).toBe("player");
  });

  it("badgesInCategory keeps one category in priority order", () => {
    expect(badgesInCategory(["scifi_specialist", "dnd_master", "reliable_dm"], "both")).toEqual(["dnd_master", "scifi_specialist"]);
  });
});
