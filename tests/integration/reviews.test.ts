import { describe, expect, it } from "vitest";
import { sessionRoster } from "../../app/modules/bookings/bookings.server";
import { editReview, ratingsFor, replyToReview, reviewTargets, submitReview } from "../../app/modules/reviews/reviews.server";
import { loader as dmSummary } from "../../app/routes/api.dm";
import { loader as pastSessions } from "../../app/routes/api.past-sessions.$userId";
import { action as postReview } from "../../app/routes/api.reviews";
import { action as patchReview } from "../../app/routes/api.reviews.$id";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession } from "../fixtures/sessions";
import { type SignedInUser, signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
// The session ran from 19:00 to 22:00 UTC on 20 Nov; "now" is the next day.
const startsAt = new Date("2026-11-20T19:00:00Z");
const now = new Date("2026-11-21T12:00:00Z");
const HOUR = 3_600_000;

const asRequester = (u: SignedInUser) => ({ id: u.id, isAdmin: false, isDm: u.roles.includes("dm"), preferredLanguage: "es" }) as never;

async function playedSession() {
  const host = await signedInUser({ role: "dm", displayName: "Ana DM" });
  const player = await signedInUser({ displayName: "Lucía" });
  const other = await signedInUser({ displayName: "Mateo" });
  const { id } = await createSession({ host: host.id, startsAt, durationMinutes: 180, status: "COMPLETED", maxParticipants: 4 });
  await bookSeat(id, player.id);
  return { host, player, other, id };
}

const post = (who: SignedInUser, body: unknown, at = now) =>
  run(
    postReview,
    new Request(`${base}/api/reviews`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...who.auth } }),
    {},
    { now: at },
  );
const patch = (who: SignedInUser, id: string, body: unknown, at = now) =>
  run(
    patchReview,
    new Request(`${base}/api/reviews/${id}`, { method: "PATCH", body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...who.auth } }),
    { id },
    { now: at },
  );

describe("POST /api/reviews", () => {
  it("a player reviews the host and the host the player; each once, also when sent in parallel; the rating aggregates follow", async () => {
    const { host, player, id } = await playedSession();
    const sends = await Promise.all(Array.from({ length: 5 }, () => post(player, { sessionId: id, targetId: host.id, rating: 4, comment: "Muy buena" })));
    expect(sends.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(sends.find((r) => r.status === 409)?.data).toEqual({ success: false, error: "Ya dejaste tu reseña de esa persona en esta partida." });
    expect((await post(host, { sessionId: id, targetId: player.id, rating: 5 })).status).toBe(201);

    const rating = await ratingsFor({ db: getDb() }, [host.id, player.id], "DM");
    expect(rating(host.id)).toEqual({ average: 4, count: 1 });
    const asPlayer = await ratingsFor({ db: getDb() }, [player.id], "PLAYER");
    expect(asPlayer(player.id)).toEqual({ average: 5, count: 1 });

    // The API's readers: the DM summary and the past sessions' reviews.
    const get = (path: string) => new Request(`${base}${path}`, { headers: player.auth });
    expect((await run(dmSummary, get(`/api/dm?userId=${host.id}`), {}, { now })).data).toMatchObject({ ratingAvg: 4, ratingCount: 1 });
    const past = await run(pastSessions, get(`/api/past-sessions/${player.id}`), { userId: player.id }, { now });
    expect((past.data as { id: string; reviews: unknown[] }[]).find((s) => s.id === id)?.reviews).toEqual(
      expect.arrayContaining([
        { authorId: player.id, targetId: host.id, deleted: false },
        { authorId: host.id, targetId: player.id, deleted: false },
      ]),
    );
  });

  it("refuses, with a clear message and nothing written: before the end, after 30 days, someone not there, oneself, another player, a cancelled session, bad ratings and comments", async () => {
    const { host, player, other, id } = await playedSession();
    const good = { sessionId: id, targetId: host.id, rating: 5, comment: "" };
    expect(await post(player, good, new Date(startsAt.getTime() + 2 * HOUR))).toMatchObject({
      status: 409,
      data: { error: "Podrás dejar tu reseña cuando termine la partida." },
    });
    // A month on (past an API token's life, so asked of the use case itself).
    const late = new Date(startsAt.getTime() + 3 * HOUR + 30 * 86_400_000 + 1000);
    expect(await submitReview({ db: getDb(), now: late }, asRequester(player), good)).toEqual({ ok: false, refusal: "closed" });
    expect(await post(other, good)).toMatchObject({ status: 403, data: { success: false } });
    expect((await post(host, { ...good, targetId: host.id })).status).toBe(403);
    expect((await post(host, { ...good, targetId: other.id })).status).toBe(403);
    expect((await post(player, { ...good, sessionId: "00000000-0000-4000-8000-000000000000" })).status).toBe(404);
    for (const rating of [0, 6, 4.5, "4.5", "cinco", null])
      expect(await post(player, { ...good, rating })).toMatchObject({ status: 400, data: { error: "Elige de 1 a 5 estrellas." } });
    expect(await post(player, { ...good, comment: "a".repeat(1001) })).toMatchObject({ status: 400, data: { error: "Escribe como máximo 1000 caracteres." } });
    expect((await post(player, { ...good, comment: "hola\u0000" })).status).toBe(400);
    expect((await post(player, { ...good, sessionId: [id] })).status).toBe(400);
    expect(await getDb().selectFrom("reviews").select("id").where("session_id", "=", id).execute()).toEqual([]);

    const { id: cancelled } = await createSession({ host: host.id, startsAt, status: "CANCELLED" });
    await bookSeat(cancelled, player.id, { status: "CANCELLED" });
    expect((await post(player, { ...good, sessionId: cancelled })).status).toBe(409);
  });
});

describe("PATCH /api/reviews/{id} and the answer", () => {
  it("the author edits for 7 days; others get 404; the reviewed person answers once", async () => {
    const { host, player, other, id } = await playedSession();
    const created = await post(player, { sessionId: id, targetId: host.id, rating: 3, comment: "Regular" });
    const reviewId = (created.data as { reviewId: string }).reviewId;
    expect((await patch(other, reviewId, { rating: 1, comment: "" })).status).toBe(404);
    expect(await patch(player, reviewId, { rating: 5, comment: "Mejoró al final" }, new Date(now.getTime() + 86_400_000))).toMatchObject({
      status: 200,
      data: { success: true },
    });
    expect(
      await editReview({ db: getDb(), now: new Date(now.getTime() + 7 * 86_400_000 + 1000) }, asRequester(player), reviewId, { rating: 1, comment: "" }),
    ).toEqual({
      ok: false,
      refusal: "editClosed",
    });
    const rating = await ratingsFor({ db: getDb() }, [host.id], "DM");
    expect(rating(host.id)).toEqual({ average: 5, count: 1 });

    expect(await replyToReview({ db: getDb(), now }, asRequester(player), reviewId, "Gracias")).toEqual({ ok: false, refusal: "notFound" });
    const replies = await Promise.all([1, 2, 3].map((n) => replyToReview({ db: getDb(), now }, asRequester(host), reviewId, `Gracias ${n}`)));
    expect(replies.filter((r) => r.ok)).toHaveLength(1);
    expect(replies.filter((r) => !r.ok)).toEqual([
      { ok: false, refusal: "alreadyReplied" },
      { ok: false, refusal: "alreadyReplied" },
    ]);
  });

  it("whom each may review: the host sees the seated players, a player the host, with the 'already reviewed' state", async () => {
    const { host, player, other, id } = await playedSession();
    const session = { id, dm_id: host.id, dm_display_name: "Ana DM", dm_email: host.email, starts_at: startsAt, duration_minutes: 180 };
    const deps = { db: getDb(), now };
    expect(await reviewTargets(deps, asRequester(player), session)).toEqual([{ id: host.id, name: "Ana DM", role: "DM", reviewId: null, state: "open" }]);
    expect(await reviewTargets(deps, asRequester(host), session)).toEqual([{ id: player.id, name: "Lucía", role: "PLAYER", reviewId: null, state: "open" }]);
    expect(await reviewTargets(deps, asRequester(other), session)).toEqual([]);
    expect(await reviewTargets({ ...deps, now: startsAt }, asRequester(player), session)).toEqual([]);
    const done = await submitReview(deps, asRequester(player), { sessionId: id, targetId: host.id, rating: 5, comment: "" });
    expect(done.ok).toBe(true);
    expect(await reviewTargets(deps, asRequester(player), session)).toEqual([
      { id: host.id, name: "Ana DM", role: "DM", reviewId: done.ok ? done.id : "", state: "reviewed" },
    ]);
    // The host's reviews are found by the player reviewed.
    const hostDone = await submitReview(deps, asRequester(host), { sessionId: id, targetId: player.id, rating: 5, comment: "" });
    expect(await reviewTargets(deps, asRequester(host), session)).toEqual([
      { id: player.id, name: "Lucía", role: "PLAYER", reviewId: hostDone.ok ? hostDone.id : "", state: "reviewed" },
    ]);
  });

  it("the host reviews the confirmed seats only, by name, while the manage list keeps every held seat in booking order", async () => {
    const { host, player, other, id } = await playedSession();
    const zoe = await signedInUser({ displayName: "Zoe" });
    const bruno = await signedInUser({ displayName: "Bruno" });
    const gone = await signedInUser({ displayName: "Carla" });
    await bookSeat(id, zoe.id);
    await bookSeat(id, other.id, { status: "PENDING_PAYMENT" });
    await bookSeat(id, gone.id, { status: "CANCELLED" });
    await bookSeat(id, bruno.id);
    const session = { id, dm_id: host.id, dm_display_name: "Ana DM", dm_email: host.email, starts_at: startsAt, duration_minutes: 180 };
    const deps = { db: getDb(), now };
    expect((await reviewTargets(deps, asRequester(host), session)).map((t) => [t.id, t.name])).toEqual([
      [bruno.id, "Bruno"],
      [player.id, "Lucía"],
      [zoe.id, "Zoe"],
    ]);
    const { participants } = await sessionRoster(deps, session, asRequester(host));
    expect(participants?.map((p) => [p.user_id, p.display_name, p.status])).toEqual([
      [player.id, "Lucía", "CONFIRMED"],
      [zoe.id, "Zoe", "CONFIRMED"],
      [other.id, "Mateo", "PENDING_PAYMENT"],
      [bruno.id, "Bruno", "CONFIRMED"],
    ]);
    expect(participants?.every((p) => typeof p.id === "string" && p.email.includes("@"))).toBe(true);
  });
});
