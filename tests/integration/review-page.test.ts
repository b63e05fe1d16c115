import { describe, expect, it } from "vitest";
import { loader as profilePage } from "../../app/routes/$lang.profile.$id/route";
import { action as replyAction, loader as replyPage } from "../../app/routes/$lang.reviews.$id.reply";
import { loader as sessionPage } from "../../app/routes/$lang.session.$id._index/route";
import { action as reviewAction, loader as reviewPage } from "../../app/routes/$lang.session.$id.review";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession } from "../fixtures/sessions";
import { type SignedInUser, signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { fieldErrors, form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const startsAt = new Date("2026-11-20T19:00:00Z");
const context = { now: new Date("2026-11-21T12:00:00Z") };

async function played() {
  const host = await signedInUser({ role: "dm", displayName: "Ana DM" });
  const player = await signedInUser({ displayName: "Lucía" });
  const { id } = await createSession({ host: host.id, startsAt, durationMinutes: 180, status: "COMPLETED", title: "La cripta" });
  await bookSeat(id, player.id);
  return { host, player, id };
}

const url = (id: string, target: string) => `${base}/es/session/${id}/review?target=${target}`;
const get = (id: string, target: string, as: SignedInUser | null, at = context) =>
  run(reviewPage, new Request(url(id, target), { headers: as ? { Cookie: as.cookie } : {} }), { lang: "es", id }, at);
const send = (id: string, target: string, as: SignedInUser, fields: Record<string, string>) =>
  run(reviewAction, form(url(id, target), fields, { Cookie: as.cookie }), { lang: "es", id }, context);

describe("the review page (a form without JavaScript)", () => {
  it("a player reviews the host: titled for the host, 5 stars unless changed; a bad rating keeps the comment; then the session page shows 'already reviewed' and the host's rating", async () => {
    const { host, player, id } = await played();
    expect(await get(id, host.id, player)).toMatchObject({ status: 200, data: { heading: "¿Cómo dirigió Ana DM?", review: null, refused: null } });

    const bad = await send(id, host.id, player, { rating: "6", comment: "Gran narradora" });
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad.data)).toMatchObject({ rating: ["ratingInvalid"] });
    expect((bad.data as { initialValue: Record<string, string> }).initialValue).toMatchObject({ comment: "Gran narradora" });

    const pastTab = async () =>
      (
        (
          await run(
            profilePage,
            new Request(`${base}/es/profile/${player.id}?tab=past`, { headers: { Cookie: player.cookie } }),
            { lang: "es", id: player.id },
            context,
          )
        ).data as { mine: { cards: { id: string; review: string | null }[] } }
      ).mine.cards;
    expect(await pastTab()).toEqual([expect.objectContaining({ id, review: "open" })]);

    const ok = await send(id, host.id, player, { rating: "4", comment: "Gran narradora" });
    expect(await pastTab()).toEqual([expect.objectContaining({ id, review: "done" })]);
    expect(ok.status).toBe(302);
    expect(ok.headers.get("Location")).toBe(`/es/session/${id}`);
    const page = await run(sessionPage, new Request(`${base}/es/session/${id}`, { headers: { Cookie: player.cookie } }), { lang: "es", id }, context);
    expect(page.data).toMatchObject({
      reviews: [{ name: "Ana DM", state: "reviewed", href: `/es/session/${id}/review?target=${host.id}` }],
      hostRating: { average: 4, count: 1 },
    });

    // The host's next session's card carries the rating, in the reader's locale, linking to the reviews.
    await createSession({ host: host.id, startsAt: new Date(context.now.getTime() + 7 * 86_400_000), title: "La cripta II" });
    const hosting = await run(profilePage, new Request(`${base}/es/profile/${host.id}?tab=sessions`), { lang: "es", id: host.id }, context);
    expect((hosting.data as { hosting: { cards: unknown[] } }).hosting.cards).toEqual([
      expect.objectContaining({ title: "La cripta II", hostRating: { href: `/es/profile/${host.id}?tab=reviews`, average: "4,0", count: 1 } }),
    ]);

    // Sent again, the same form changes the review instead of writing a second one.
    expect((await get(id, host.id, player)).data).toMatchObject({ review: { rating: 4, comment: "Gran narradora", editable: true } });
    expect((await send(id, host.id, player, { rating: "5", comment: "Mejor aún" })).status).toBe(302);
    expect(await getDb().selectFrom("reviews").select(["rating", "comment"]).where("session_id", "=", id).execute()).toEqual([
      { rating: 5, comment: "Mejor aún" },
    ]);
  });

  it("the host reviews a player, titled for a player; anyone else, a session still to come and a guest are turned away", async () => {
    const { host, player, id } = await played();
    expect((await get(id, player.id, host)).data).toMatchObject({ heading: "¿Cómo jugó Lucía?" });
    const stranger = await signedInUser();
    expect(await get(id, host.id, stranger)).toMatchObject({
      status: 403,
      data: { refused: "Solo quien tuvo un lugar confirmado en la partida puede reseñarla." },
    });
    expect((await send(id, host.id, stranger, { rating: "5", comment: "" })).status).toBe(403);
    expect(await get(id, host.id, player, { now: new Date(startsAt.getTime() + 3_600_000) })).toMatchObject({
      status: 403,
      data: { refused: "Podrás dejar tu reseña cuando termine la partida." },
    });
    expect((await get(id, "not-a-uuid", player)).status).toBe(404);
    const guest = await get(id, host.id, null);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toMatch(/^\/es\/login\?redirect=/);
    expect(await getDb().selectFrom("reviews").select("id").where("session_id", "=", id).execute()).toEqual([]);
  });
  it("the profile's reviews tab lists the review with the host's rating; the host answers once, publicly, and nobody else can", async () => {
    const { host, player, id } = await played();
    expect((await send(id, host.id, player, { rating: "4", comment: "Gran narradora" })).status).toBe(302);
    const profile = (as: SignedInUser | null) =>
      run(
        profilePage,
        new Request(`${base}/es/profile/${host.id}?tab=reviews`, { headers: as ? { Cookie: as.cookie } : {} }),
        { lang: "es", id: host.id },
        context,
      );
    const seen = await profile(null);
    expect(seen.data).toMatchObject({
      rating: { average: 4, count: 1 },
      reviews: {
        total: 1,
        rows: [{ rating: 4, comment: "Gran narradora", author: { name: "Lucía" }, session: { title: "La cripta" }, canReply: false, reply: null }],
      },
    });
    const reviewId = (seen.data as { reviews: { rows: { id: string }[] } }).reviews.rows[0]!.id;
    expect((await profile(host)).data).toMatchObject({ reviews: { rows: [{ canReply: true }] } });

    const replyUrl = `${base}/es/reviews/${reviewId}/reply`;
    const answer = (as: SignedInUser, fields: Record<string, string>) =>
      run(replyAction, form(replyUrl, fields, { Cookie: as.cookie }), { lang: "es", id: reviewId }, context);
    expect((await run(replyPage, new Request(replyUrl, { headers: { Cookie: player.cookie } }), { lang: "es", id: reviewId }, context)).status).toBe(404);
    expect((await answer(player, { reply: "Yo respondo" })).status).toBe(404);
    const empty = await answer(host, { reply: "   " });
    expect(empty.status).toBe(400);
    expect(fieldErrors(empty.data)).toMatchObject({ reply: ["replyRequired"] });
    expect((await answer(host, { reply: "¡Gracias, Lucía!" })).status).toBe(302);
    expect((await answer(host, { reply: "Otra vez" })).status).toBe(409);
    expect((await profile(null)).data).toMatchObject({ reviews: { rows: [{ reply: "¡Gracias, Lucía!" }] } });
  });
});
