import { describe, expect, it } from "vitest";
import { REPORTER_MIN_ACCOUNT_DAYS } from "../../app/modules/moderation/rules";
import { limits } from "../../app/modules/rate-limits/rules";
import { action as moderate, loader as moderationQueue } from "../../app/routes/$lang.admin.moderation/route";
import { loader as profilePage } from "../../app/routes/$lang.profile.$id/route";
import { action as reportPage } from "../../app/routes/$lang.report";
import { loader as sessionPage } from "../../app/routes/$lang.session.$id._index/route";
import { action as reviewAction, loader as reviewPage } from "../../app/routes/$lang.session.$id.review";
import { action as apiReport } from "../../app/routes/api.reports";
import { action as postReview } from "../../app/routes/api.reviews";
import { action as patchReview } from "../../app/routes/api.reviews.$id";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession } from "../fixtures/sessions";
import { createUser, type SignedInUser, signedInUser, type UserOptions } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { form, jsonPost, run } from "./route";

// Who counts when reporting and reviewing (docs/decisions/069-who-counts-when-reporting-and-reviewing.md).
useTestDatabase();

const base = "http://localhost:3000";
const HOUR = 3_600_000;
const DAY = 86_400_000;

/** An account that counts as a reporter: verified, and older than the rule asks (built from the wall clock, as the routes' `now`). */
async function established(options: UserOptions = {}) {
  const user = await signedInUser(options);
  await getDb()
    .updateTable("users")
    .set({ created_at: new Date(Date.now() - (REPORTER_MIN_ACCOUNT_DAYS + 1) * DAY) })
    .where("id", "=", user.id)
    .execute();
  return user;
}

/** A session that ended two days ago, its host and a player who held a confirmed seat. */
async function played(
  player: Promise<SignedInUser> = signedInUser({ displayName: "Camila" }),
  host: Promise<SignedInUser> = signedInUser({ role: "dm", displayName: "Ana" }),
) {
  const [p, h] = await Promise.all([player, host]);
  const { id } = await createSession({ host: h.id, startsAt: new Date(Date.now() - 48 * HOUR), status: "COMPLETED" });
  await bookSeat(id, p.id);
  return { host: h, player: p, sessionId: id };
}

const post = (who: SignedInUser, body: unknown) => run(postReview, jsonPost(`${base}/api/reviews`, body, who.auth));
const patch = (who: SignedInUser, id: string, body: unknown) =>
  run(
    patchReview,
    new Request(`${base}/api/reviews/${id}`, { method: "PATCH", body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...who.auth } }),
    { id },
  );

/** Camila's published review of Ana (her host), written through the API. */
async function camilasReviewOfAna() {
  const game = await played();
  const written = await post(game.player, { sessionId: game.sessionId, targetId: game.host.id, rating: 1, comment: "Nunca más" });
  expect(written.status).toBe(201);
  return { ...game, reviewId: (written.data as { reviewId: string }).reviewId };
}

const report = (who: SignedInUser, kind: "review" | "profile", targetId: string) =>
  run(apiReport, jsonPost(`${base}/api/reports`, { kind, targetId, reason: "FAKE" }, who.auth));

const reviewRow = (id: string) => getDb().selectFrom("reviews").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const ratingCount = async (userId: string) =>
  (await getDb().selectFrom("user_ratings").select("rating_count").where("user_id", "=", userId).where("role", "=", "DM").executeTakeFirst())?.rating_count ??
  0;

async function adminAct(fields: Record<string, string>) {
  const admin = await signedInUser({ role: "admin" });
  return run(moderate, form(`${base}/es/admin/moderation`, fields, { Cookie: admin.cookie }), { lang: "es" });
}

describe("who counts toward holding a review back", () => {
  it("the reviewed person and throwaway accounts report, all at once: the review stays published, and the admin still sees every report", async () => {
    const { host: ana, reviewId } = await camilasReviewOfAna();
    const [unverifiedA, unverifiedB, newButVerified] = await Promise.all([
      signedInUser({ verified: false }),
      signedInUser({ verified: false }),
      signedInUser(),
    ]);
    const sent = await Promise.all([ana, unverifiedA, unverifiedB, newButVerified].map((who) => report(who, "review", reviewId)));
    expect(sent.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect((await reviewRow(reviewId)).status).toBe("APPROVED");
    expect(await ratingCount(ana.id)).toBe(1);

    const admin = await signedInUser({ role: "admin" });
    const queue = await run(moderationQueue, new Request(`${base}/es/admin/moderation`, { headers: { Cookie: admin.cookie } }), { lang: "es" });
    expect((queue.data as { reports: { target_id: string; reports: number; counted: number }[] }).reports).toContainEqual(
      expect.objectContaining({ target_id: reviewId, reports: 4, counted: 0 }),
    );
  });

  it("three established accounts hold it, even when they report at the same moment as the reviewed person and throwaways (repeated rounds)", async () => {
    const reporters = await Promise.all(Array.from({ length: 3 }, () => established()));
    for (let round = 0; round < 4; round += 1) {
      const { host: ana, reviewId } = await camilasReviewOfAna();
      const throwaway = await signedInUser({ verified: false });
      // Two who count, with the noise, at once: not enough.
      const first = await Promise.all([ana, throwaway, ...reporters.slice(0, 2)].map((who) => report(who, "review", reviewId)));
      expect(first.map((r) => r.status)).toEqual([201, 201, 201, 201]);
      expect((await reviewRow(reviewId)).status).toBe("APPROVED");
      // The third who counts holds it.
      expect((await report(reporters[2]!, "review", reviewId)).status).toBe(201);
      expect((await reviewRow(reviewId)).status).toBe("PENDING");
      expect(await ratingCount(ana.id)).toBe(0);
    }
    // All three at once: whichever is third sees the other two under the review's lock.
    for (let round = 0; round < 3; round += 1) {
      const { reviewId } = await camilasReviewOfAna();
      const sent = await Promise.all(reporters.map((who) => report(who, "review", reviewId)));
      expect(sent.map((r) => r.status)).toEqual([201, 201, 201]);
      expect((await reviewRow(reviewId)).status).toBe("PENDING");
    }
  });
});

describe("a review an admin deleted", () => {
  it("cannot be posted again for the same session and person: 409 on the API (also many at once), and the page says why", async () => {
    const { host, player, sessionId, reviewId } = await camilasReviewOfAna();
    expect((await adminAct({ target: "review", id: reviewId, action: "delete_review", reason: "Insultos" })).status).toBe(302);
    expect(await ratingCount(host.id)).toBe(0);

    const again = await Promise.all(Array.from({ length: 4 }, () => post(player, { sessionId, targetId: host.id, rating: 5, comment: "Otra vez" })));
    expect(again.map((r) => r.status)).toEqual([409, 409, 409, 409]);
    expect(again[0]!.data).toEqual({
      success: false,
      error: "Un administrador eliminó tu reseña de esa persona en esta partida; no puedes publicar otra.",
    });
    const rows = await getDb()
      .selectFrom("reviews")
      .select(["id", "deleted_at"])
      .where("author_id", "=", player.id)
      .where("session_id", "=", sessionId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await ratingCount(host.id)).toBe(0);

    const url = `${base}/es/session/${sessionId}/review?target=${host.id}`;
    const page = await run(reviewPage, new Request(url, { headers: { Cookie: player.cookie } }), { lang: "es", id: sessionId });
    expect(page).toMatchObject({
      status: 403,
      data: { refused: "Un administrador eliminó tu reseña de esa persona en esta partida; no puedes publicar otra." },
    });
    const sent = await run(reviewAction, form(url, { rating: "5", comment: "Otra vez" }, { Cookie: player.cookie }), { lang: "es", id: sessionId });
    expect(sent.status).toBe(403);
    const session = await run(sessionPage, new Request(`${base}/es/session/${sessionId}`, { headers: { Cookie: player.cookie } }), {
      lang: "es",
      id: sessionId,
    });
    expect((session.data as { reviews: unknown[] }).reviews).toEqual([expect.objectContaining({ targetId: host.id, state: "removed" })]);
    const past = await run(profilePage, new Request(`${base}/es/profile/${player.id}?tab=past`, { headers: { Cookie: player.cookie } }), {
      lang: "es",
      id: player.id,
    });
    expect((past.data as { mine: { cards: { id: string; review: string | null }[] } }).mine.cards).toEqual([
      expect.objectContaining({ id: sessionId, review: "done" }),
    ]);
  });

  it("does not stop the other reviews of that session: the host still reviews the player, once, also when sent at once", async () => {
    const { host, player, sessionId, reviewId } = await camilasReviewOfAna();
    await adminAct({ target: "review", id: reviewId, action: "delete_review", reason: "Insultos" });
    const sends = await Promise.all(Array.from({ length: 4 }, () => post(host, { sessionId, targetId: player.id, rating: 5 })));
    expect(sends.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
  });
});

describe("a review approved after reports and then rewritten", () => {
  it("can be reported again by the people who reported it, and held again", async () => {
    const { player, reviewId } = await camilasReviewOfAna();
    const reporters = await Promise.all(Array.from({ length: 3 }, () => established()));
    await Promise.all(reporters.map((who) => report(who, "review", reviewId)));
    expect((await reviewRow(reviewId)).status).toBe("PENDING");
    expect((await adminAct({ target: "review", id: reviewId, action: "approve", reason: "" })).status).toBe(302);
    expect((await reviewRow(reviewId)).status).toBe("APPROVED");

    // The same words again: nothing new to report.
    expect((await report(reporters[0]!, "review", reviewId)).status).toBe(409);
    expect((await patch(player, reviewId, { rating: 1, comment: "Nunca más" })).status).toBe(200);
    expect((await report(reporters[0]!, "review", reviewId)).status).toBe(409);

    // Rewritten: the approval was of other words.
    expect((await patch(player, reviewId, { rating: 1, comment: "Nunca más. Y otras cosas que no se dicen." })).status).toBe(200);
    expect((await reviewRow(reviewId)).status).toBe("APPROVED");
    const sent = await Promise.all(reporters.map((who) => report(who, "review", reviewId)));
    expect(sent.map((r) => r.status)).toEqual([201, 201, 201]);
    expect((await reviewRow(reviewId)).status).toBe("PENDING");
    // Still once per reporter and version, also when sent at once.
    const twice = await Promise.all([report(reporters[0]!, "review", reviewId), report(reporters[0]!, "review", reviewId)]);
    expect(twice.map((r) => r.status)).toEqual([409, 409]);
  });
});

describe("reviews need a verified email", () => {
  it("a player or a host whose email is not verified is refused, translated, on the API and the page, and the session page says why", async () => {
    const { host, player, sessionId } = await played(signedInUser({ verified: false, displayName: "Cuenta nueva" }));
    const sent = await post(player, { sessionId, targetId: host.id, rating: 5, comment: "¡La mejor!" });
    expect(sent).toMatchObject({
      status: 403,
      data: { success: false, error: "Verifica tu correo electrónico para dejar reseñas: cada reseña es pública y cuenta en la calificación." },
    });
    expect(await ratingCount(host.id)).toBe(0);

    const url = `${base}/es/session/${sessionId}/review?target=${host.id}`;
    const page = await run(reviewPage, new Request(url, { headers: { Cookie: player.cookie } }), { lang: "es", id: sessionId });
    expect(page).toMatchObject({ status: 403, data: { verifyHref: "/es/auth/verify-email" } });
    expect((await run(reviewAction, form(url, { rating: "5" }, { Cookie: player.cookie }), { lang: "es", id: sessionId })).status).toBe(403);
    const session = await run(sessionPage, new Request(`${base}/es/session/${sessionId}`, { headers: { Cookie: player.cookie } }), {
      lang: "es",
      id: sessionId,
    });
    expect(session.data).toMatchObject({ reviews: [{ targetId: host.id, state: "verifyEmail" }], verifyEmailHref: "/es/auth/verify-email" });

    // Once verified, the same player reviews.
    await getDb().updateTable("users").set({ email_verified_at: new Date() }).where("id", "=", player.id).execute();
    expect((await post(player, { sessionId, targetId: host.id, rating: 5 })).status).toBe(201);
  });

  it("a host whose email is not verified does not review their players either", async () => {
    const { player, host, sessionId } = await played(signedInUser(), signedInUser({ role: "dm", verified: false }));
    expect((await post(host, { sessionId, targetId: player.id, rating: 5 })).status).toBe(403);
  });
});

describe("reports are limited per account", () => {
  it(`${limits.reportsPerAccount.max} an hour: 40 at once file at most that many, and the others are told why (429, Retry-After)`, async () => {
    const reporter = await signedInUser();
    const people = await Promise.all(Array.from({ length: 40 }, () => createUser()));
    const sent = await Promise.all(people.map((p) => report(reporter, "profile", p.id)));
    const filed = await getDb().selectFrom("reports").select("id").where("reporter_id", "=", reporter.id).execute();
    expect(filed.length).toBeLessThanOrEqual(limits.reportsPerAccount.max);
    expect(sent.filter((r) => r.status === 201)).toHaveLength(filed.length);
    const refused = sent.filter((r) => r.status === 429);
    expect(refused).toHaveLength(40 - filed.length);
    expect(refused[0]!.data).toEqual({ success: false, error: "Enviaste muchas denuncias en la última hora. Inténtalo de nuevo más tarde." });
    expect(Number(refused[0]!.headers.get("Retry-After"))).toBeGreaterThan(0);

    // The report page says it too, keeping what was typed.
    const other = await createUser();
    const page = await run(
      reportPage,
      form(`${base}/es/report?kind=profile&id=${other.id}`, { reason: "SPAM", details: "Lo mismo otra vez" }, { Cookie: reporter.cookie }),
      { lang: "es" },
    );
    expect(page).toMatchObject({ status: 429, data: { errors: [{ message: "admin:errors.rateLimited" }], typed: { details: "Lo mismo otra vez" } } });
  });

  it("a report that is refused (already reported) gives its hit back", async () => {
    const reporter = await signedInUser();
    const target = await createUser();
    expect((await report(reporter, "profile", target.id)).status).toBe(201);
    for (let i = 0; i < limits.reportsPerAccount.max; i += 1) expect((await report(reporter, "profile", target.id)).status).toBe(409);
    expect((await report(reporter, "profile", (await createUser()).id)).status).toBe(201);
  });
});

describe("POST /api/reviews takes a number of stars", () => {
  it('refuses rating "5" with a field error, and takes 5', async () => {
    const { host, player, sessionId } = await played();
    const asText = await post(player, { sessionId, targetId: host.id, rating: "5", comment: "" });
    expect(asText).toMatchObject({
      status: 400,
      data: { success: false, error: "Elige de 1 a 5 estrellas.", fields: [{ path: "rating", message: "Elige de 1 a 5 estrellas." }] },
    });
    const written = await post(player, { sessionId, targetId: host.id, rating: 5, comment: "" });
    expect(written.status).toBe(201);
    const reviewId = (written.data as { reviewId: string }).reviewId;
    expect((await patch(player, reviewId, { rating: "4" })).status).toBe(400);
    expect((await patch(player, reviewId, { rating: 4 })).status).toBe(200);
    expect((await reviewRow(reviewId)).rating).toBe(4);
  });
});
