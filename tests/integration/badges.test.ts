import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { awardBadges, awardBadgesForCompletedSessions, backfillBadges, badgesOf } from "../../app/modules/badges/badges.server";
import { badgeFactsFor } from "../../app/modules/badges/facts-repo.server";
import { runJob } from "../../app/modules/jobs/jobs.server";
import { insertSeries } from "../../app/modules/series/repo.server";
import { loader as dmSummary } from "../../app/routes/api.dm";
import { getDb } from "../../db/client.server";
import { insertCardPayment } from "../fixtures/badge-thresholds";
import { weeklySeries } from "../fixtures/series";
import { bookSeat, createSession } from "../fixtures/sessions";
import { createUser, signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";
import { run } from "./route";

useTestDatabase();

const now = new Date("2026-11-21T12:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const daysAgo = (n: number) => new Date(now.getTime() - n * DAY);

const badgesFor = async (userId: string) => (await badgesOf(getDb(), [userId])).get(userId) ?? [];

/** `count` completed sessions hosted by `host`, a day apart, ending before `now`. */
async function completedSessions(host: string, count: number, options: { game?: string; priceCents?: number; seats?: number } = {}) {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1)
    ids.push(
      (
        await createSession({
          host,
          startsAt: daysAgo(i + 1),
          status: "COMPLETED",
          game: options.game ?? "D&D 5e",
          priceCents: options.priceCents ?? 0,
          maxParticipants: options.seats ?? 4,
        })
      ).id,
    );
  return ids;
}

async function withUsername(userId: string) {
  await getDb()
    .updateTable("users")
    .set({ username: `u${userId.slice(0, 8)}` })
    .where("id", "=", userId)
    .execute();
}

async function review(sessionId: string, author: string, target: string, rating: number, at: Date, targetRole: "DM" | "PLAYER" = "DM") {
  await getDb()
    .insertInto("reviews")
    .values({ session_id: sessionId, author_id: author, target_id: target, target_role: targetRole, rating, created_at: at, updated_at: at })
    .execute();
}

/** A booking made at `bookedAt`, paid by card `paidAfterSeconds` later (or never when null). */
async function cardBooking(sessionId: string, userId: string, bookedAt: Date, paidAfterSeconds: number | null) {
  const bookingId = await bookSeat(sessionId, userId, {
    status: paidAfterSeconds === null ? "EXPIRED" : "CONFIRMED",
    paymentMethod: "CARD",
    amountCents: 20_000,
  });
  await getDb().updateTable("bookings").set({ created_at: bookedAt }).where("id", "=", bookingId).execute();
  if (paidAfterSeconds !== null) {
    await insertCardPayment(bookingId, userId, bookedAt, new Date(bookedAt.getTime() + paidAfterSeconds * 1000));
  }
}

/** Runs the job until no completed session is left from earlier tests, so a test counts only its own. */
async function drain() {
  while ((await awardBadgesForCompletedSessions(testDeps(now).deps)).items > 0);
}

describe("the award-badges job", () => {
  it("gives experienced_dm at the 10th completed hosted session, not the 9th", async () => {
    await drain();
    const host = await createUser({ role: "dm" });
    await completedSessions(host.id, 9);
    const t = testDeps(now);
    expect((await runJob(t.deps, "award-badges")).items).toBe(9);
    expect(await badgesFor(host.id)).not.toContain("experienced_dm");
    expect(await badgesFor(host.id)).toContain("reliable_dm");

    await completedSessions(host.id, 1);
    expect((await runJob(t.deps, "award-badges")).items).toBe(1);
    expect(await badgesFor(host.id)).toContain("experienced_dm");
  });

  it("gives verified_player for one attended session with a complete profile, and not for a cancelled seat or without a username", async () => {
    const [complete, noUsername, cancelled] = await Promise.all([createUser(), createUser(), createUser()]);
    await withUsername(complete.id);
    await withUsername(cancelled.id);
    const [session] = await completedSessions((await createUser({ role: "dm" })).id, 1);
    await bookSeat(session!, complete.id);
    await bookSeat(session!, noUsername.id);
    await bookSeat(session!, cancelled.id, { status: "CANCELLED" });
    await awardBadgesForCompletedSessions(testDeps(now).deps);
    expect(await badgesFor(complete.id)).toEqual(["verified_player"]);
    expect(await badgesFor(noUsername.id)).toEqual([]);
    // A cancelled seat is not part of the session: the job does not even look at that player.
    await awardBadges({ db: getDb(), now }, [cancelled.id]);
    expect(await badgesFor(cancelled.id)).toEqual([]);
  });

  it("gives player_favorite at the 5th review averaging 4.5, not the 4th, from reviews that arrive after the session was handled", async () => {
    await drain();
    const host = await createUser({ role: "dm" });
    const [session] = await completedSessions(host.id, 1, { seats: 5 });
    const players = await Promise.all(Array.from({ length: 5 }, () => createUser()));
    for (const p of players) await bookSeat(session!, p.id);
    const t = testDeps(now);
    // The session completes and is handled before any review is written.
    expect(await awardBadgesForCompletedSessions(t.deps)).toEqual({ items: 1 });
    const stars = [5, 4, 5, 4, 5];
    for (let i = 0; i < 4; i += 1) await review(session!, players[i]!.id, host.id, stars[i]!, new Date(now.getTime() + i * HOUR));
    // The reviews queued their target once: the next run recomputes the host alone.
    expect(await awardBadgesForCompletedSessions(t.deps)).toEqual({ items: 1 });
    expect(await badgesFor(host.id)).not.toContain("player_favorite");

    await review(session!, players[4]!.id, host.id, stars[4]!, new Date(now.getTime() + 4 * HOUR));
    expect(await awardBadgesForCompletedSessions(t.deps)).toEqual({ items: 1 });
    expect(await badgesFor(host.id)).toContain("player_favorite");
    const facts = (await badgeFactsFor(getDb(), [host.id], now)).get(host.id)!;
    expect([facts.dmRatingSum, facts.dmRatingCount, facts.ratingsReceived]).toEqual([23, 5, stars]);

    // A review taken down by moderation leaves four: the badge goes with the next run.
    await getDb().updateTable("reviews").set({ hidden_at: now }).where("author_id", "=", players[4]!.id).execute();
    const runs = await Promise.all([awardBadgesForCompletedSessions(t.deps), awardBadgesForCompletedSessions(t.deps)]);
    expect(runs.reduce((sum, r) => sum + r.items, 0)).toBe(1);
    expect(await badgesFor(host.id)).not.toContain("player_favorite");
  });

  it("gives prompt_payer for three card payments at exactly 24 hours, and not when one took a second longer or was never paid", async () => {
    const host = await createUser({ role: "dm" });
    const sessions = await completedSessions(host.id, 3, { priceCents: 20_000 });
    const [prompt, late, unpaid] = await Promise.all([createUser(), createUser(), createUser()]);
    for (const [i, s] of sessions.entries()) {
      const bookedAt = daysAgo(10 + i);
      await cardBooking(s, prompt.id, bookedAt, 86_400);
      await cardBooking(s, late.id, bookedAt, i === 1 ? 86_401 : 3_600);
      await cardBooking(s, unpaid.id, bookedAt, i === 2 ? null : 60);
    }
    await awardBadges({ db: getDb(), now }, [prompt.id, late.id, unpaid.id]);
    expect(await badgesFor(prompt.id)).toContain("prompt_payer");
    expect(await badgesFor(late.id)).not.toContain("prompt_payer");
    expect(await badgesFor(unpaid.id)).not.toContain("prompt_payer");
    const facts = await badgeFactsFor(getDb(), [prompt.id, late.id, unpaid.id], now);
    expect(facts.get(prompt.id)!.paymentDelaysSeconds).toEqual([86_400, 86_400, 86_400]);
    expect([...facts.get(unpaid.id)!.paymentDelaysSeconds].sort()).toEqual([60, 60, null]);
  });

  it("handles each completed session once when runs overlap, and leaves sessions not completed alone", async () => {
    await drain();
    const host = await createUser({ role: "dm" });
    const done = await completedSessions(host.id, 7);
    const upcoming = await createSession({ host: host.id, startsAt: new Date(now.getTime() + DAY) });
    const t = testDeps(now);
    const runs = await Promise.all([awardBadgesForCompletedSessions(t.deps), awardBadgesForCompletedSessions(t.deps), awardBadgesForCompletedSessions(t.deps)]);
    expect(runs.reduce((sum, r) => sum + r.items, 0)).toBe(7);
    expect(await awardBadgesForCompletedSessions(t.deps)).toEqual({ items: 0 });
    const checked = await getDb().selectFrom("sessions").select(["id", "badges_checked_at"]).where("dm_id", "=", host.id).execute();
    expect(
      checked
        .filter((s) => s.badges_checked_at !== null)
        .map((s) => s.id)
        .sort(),
    ).toEqual([...done].sort());
    expect(checked.find((s) => s.id === upcoming.id)?.badges_checked_at).toBeNull();
  });

  it("removes a badge no longer earned and keeps the date of the ones still earned", async () => {
    const host = await createUser({ role: "dm" });
    await completedSessions(host.id, 3);
    await awardBadgesForCompletedSessions(testDeps(now).deps);
    expect(await badgesFor(host.id)).toEqual(["reliable_dm"]);
    // A fourth session the host cancelled: 3 run of 4 scheduled is 75%, under 90%.
    await createSession({ host: host.id, startsAt: new Date(now.getTime() + DAY), status: "CANCELLED", columns: { cancelled_by: "HOST", cancelled_at: now } });
    const later = new Date(now.getTime() + HOUR);
    expect(await awardBadges({ db: getDb(), now: later }, [host.id])).toEqual({ users: 1, added: 0, removed: 1 });
    expect(await badgesFor(host.id)).toEqual([]);
  });

  it("backfills every user in batches and marks the completed sessions as handled", async () => {
    const host = await createUser({ role: "dm" });
    await completedSessions(host.id, 10);
    const recomputed = await backfillBadges({ db: getDb(), now });
    expect(recomputed).toBeGreaterThanOrEqual(1);
    expect(await badgesFor(host.id)).toEqual(expect.arrayContaining(["experienced_dm", "reliable_dm", "dnd_master"]));
    const left = await sql<{ n: number }>`select count(*)::int as n from sessions where status = 'COMPLETED' and badges_checked_at is null`.execute(getDb());
    expect(left.rows[0]!.n).toBe(0);
  });

  it("GET /api/dm returns the stored badges a DM shows, by priority, without the player-only ones", async () => {
    const host = await createUser({ role: "dm" });
    const viewer = await signedInUser();
    const before = await run(dmSummary, new Request(`http://localhost:3000/api/dm?userId=${host.id}`, { headers: viewer.auth }), {}, { now });
    expect(before.data).toMatchObject({ badges: [] });
    await completedSessions(host.id, 5);
    await drain();
    // A player-category badge stored for the same person is not part of the DM summary.
    await getDb().insertInto("user_badges").values({ user_id: host.id, badge_id: "session_veteran", earned_at: now }).execute();
    const after = await run(dmSummary, new Request(`http://localhost:3000/api/dm?userId=${host.id}`, { headers: viewer.auth }), {}, { now });
    // reliable_dm (dm, priority 2) and dnd_master (both, priority 4).
    expect(after.data).toMatchObject({ badges: ["reliable_dm", "dnd_master"] });
  });

  it("counts each fact from its rows: games, genres, series, cancellations, bookings a week ahead, chat and published ratings", async () => {
    const db = getDb();
    const [me, other, author] = await Promise.all([createUser({ role: "dm" }), createUser({ role: "dm" }), createUser()]);
    await withUsername(me.id);
    await db
      .insertInto("profiles")
      .values({ user_id: me.id, bio: "   ", avatar_url: "https://img.test/me.webp" })
      .onConflict((oc) => oc.column("user_id").doUpdateSet({ bio: "   ", avatar_url: "https://img.test/me.webp" }))
      .execute();
    // Hosted: three paid completed Horror D&D sessions of one series, a free Fantasy Pathfinder one, one the host cancelled
    // (and one an admin cancelled, not the host's doing), one to come.
    const seriesId = await insertSeries(db, weeklySeries(me.id), now);
    for (let i = 1; i <= 3; i += 1)
      await createSession({ host: me.id, startsAt: daysAgo(i), status: "COMPLETED", seriesId, priceCents: 20_000, columns: { genre: "Horror" } });
    const hostedPathfinder = await createSession({ host: me.id, startsAt: daysAgo(4), status: "COMPLETED", game: "Pathfinder", columns: { genre: "Fantasy" } });
    await createSession({ host: me.id, startsAt: daysAgo(5), status: "CANCELLED", columns: { cancelled_by: "HOST", cancelled_at: daysAgo(6) } });
    await createSession({ host: me.id, startsAt: daysAgo(6), status: "CANCELLED", columns: { cancelled_by: "ADMIN", cancelled_at: daysAgo(7) } });
    await createSession({ host: me.id, startsAt: new Date(now.getTime() + DAY), status: "UPCOMING" });
    // Played: two completed Horror Call of Cthulhu seats, a seat cancelled in a completed session, a seat in one to come.
    const played = [];
    for (let i = 1; i <= 4; i += 1)
      played.push(
        await createSession({
          host: other.id,
          startsAt: i === 4 ? new Date(now.getTime() + 10 * DAY) : daysAgo(i),
          status: i === 4 ? "UPCOMING" : "COMPLETED",
          game: "Call of Cthulhu",
          columns: { genre: "Horror" },
        }),
      );
    const made = [8 * DAY, 7 * DAY, 7 * DAY - 1000, DAY];
    for (const [i, s] of played.entries()) {
      const booking = await bookSeat(s.id, me.id, { status: i === 2 ? "CANCELLED" : "CONFIRMED" });
      await db
        .updateTable("bookings")
        .set({ created_at: new Date(s.startsAt.getTime() - made[i]!) })
        .where("id", "=", booking)
        .execute();
    }
    // Chat: three messages of mine and two of the host's in a completed session, one of mine in the one to come.
    const chatOf = async (sessionId: string) =>
      (await db.insertInto("chats").values({ kind: "session", session_id: sessionId }).returning("id").executeTakeFirstOrThrow()).id;
    const pastChat = await chatOf(played[0]!.id);
    const futureChat = await chatOf(played[3]!.id);
    const messages = [me.id, other.id, me.id, other.id, me.id].map((sender) => ({ chat_id: pastChat, sender_id: sender, content: "hola" }));
    await db
      .insertInto("chat_messages")
      .values([...messages, { chat_id: futureChat, sender_id: me.id, content: "hola" }])
      .execute();
    // Ratings: 4 as host, then 5 as player; a hidden one is not counted.
    await review(hostedPathfinder.id, author.id, me.id, 4, daysAgo(3));
    await review(played[0]!.id, other.id, me.id, 5, daysAgo(2), "PLAYER");
    await review(played[1]!.id, other.id, me.id, 1, daysAgo(1), "PLAYER");
    await db.updateTable("reviews").set({ hidden_at: now }).where("session_id", "=", played[1]!.id).execute();

    const facts = (await badgeFactsFor(db, [me.id, "00000000-0000-4000-8000-000000000000"], now)).get(me.id);
    expect(facts).toEqual({
      profileComplete: true,
      hasAvatar: true,
      hasBio: false,
      hostedByGame: { "D&D 5e": 3, Pathfinder: 1 },
      hostedPaidCompleted: 3,
      dmCancelled: 1,
      seriesWith3Completed: 1,
      playedByGame: { "Call of Cthulhu": 2 },
      noShows: 0,
      lateCancellations: 0,
      completedByGenre: { Horror: 5, Fantasy: 1 },
      dmRatingSum: 4,
      dmRatingCount: 1,
      playerRatingSum: 5,
      playerRatingCount: 1,
      ratingsReceived: [4, 5],
      paymentDelaysSeconds: [],
      bookingsMade: 4,
      bookingsMadeWeekAhead: 2,
      chatSessions: 1,
      chatMessages: 3,
    });
  });
});

describe("attendance in the badge facts (decision record 057)", () => {
  it("a no-show is not attended and is counted, unless a dispute was upheld; a seat cancelled inside the lock is a late cancellation", async () => {
    const at = new Date("2026-11-21T12:00:00Z");
    const host = await createUser({ role: "dm" });
    const player = await createUser();
    const past = (days: number) => createSession({ host: host.id, startsAt: new Date(at.getTime() - days * 86_400_000), status: "COMPLETED", game: "D&D 5e" });
    const [a, b, c] = [await past(3), await past(4), await past(5)];
    await bookSeat(a.id, player.id);
    const noShow = await bookSeat(b.id, player.id);
    const disputed = await bookSeat(c.id, player.id);
    await getDb().updateTable("bookings").set({ attendance: "NO_SHOW" }).where("id", "in", [noShow, disputed]).execute();
    await getDb()
      .insertInto("attendance_disputes")
      .values({ booking_id: disputed, user_id: player.id, reason: "Estuve ahí", status: "UPHELD", created_at: at })
      .execute();
    // Cancelled 2 hours before a single session's start: inside its 24 hours.
    const late = await createSession({ host: host.id, startsAt: new Date(at.getTime() - 2 * 86_400_000), status: "COMPLETED" });
    await bookSeat(late.id, player.id, { status: "CANCELLED", cancelled: { by: "PLAYER", at: new Date(at.getTime() - 2 * 86_400_000 - 2 * 3_600_000) } });
    const facts = (await badgeFactsFor(getDb(), [player.id], at)).get(player.id)!;
    expect({ played: facts.playedByGame, noShows: facts.noShows, late: facts.lateCancellations }).toEqual({ played: { "D&D 5e": 2 }, noShows: 1, late: 1 });
  });
});
