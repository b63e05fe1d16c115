import { describe, expect, it } from "vitest";
import { loader } from "../../app/routes/$lang.profile.$id/route";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession } from "../fixtures/sessions";
import { signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { run } from "./route";

useTestDatabase();

const now = new Date("2026-11-23T12:00:00Z");
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

const session = async (hostId: string, title: string, startsAt: Date, status = "UPCOMING") =>
  (await createSession({ host: hostId, title, startsAt, status })).id;

type Page = {
  own: boolean;
  tab: string;
  mine: { cards: { id: string; title: string; badges: string[] }[]; total: number; page: number; pages: number; pageSize: number } | null;
};
const view = async (profileId: string, cookie: string, query = "") =>
  (await run(loader, new Request(`http://localhost/es/profile/${profileId}${query}`, { headers: { Cookie: cookie } }), { lang: "es", id: profileId }, { now }))
    .data as Page;

describe("your own profile", () => {
  it("lists what you will play or run, soonest first, and what you played, nine a page", async () => {
    const player = await signedInUser({ role: "dm" });
    const host = await signedInUser({ role: "dm" });
    const booked = await session(host.id, "Reservada", days(2));
    const hosted = await session(player.id, "La mía", days(1));
    const left = await session(host.id, "Dejada", days(3));
    const cancelled = await session(host.id, "Cancelada", days(4), "CANCELLED");
    const past: string[] = [];
    for (let i = 1; i <= 11; i += 1) past.push(await session(host.id, `Pasada ${i}`, days(-i), "COMPLETED"));
    await getDb()
      .insertInto("bookings")
      .values([
        { session_id: booked, user_id: player.id, status: "CONFIRMED" },
        { session_id: left, user_id: player.id, status: "CANCELLED" },
        { session_id: cancelled, user_id: player.id, status: "CANCELLED" },
        ...past.map((id) => ({ session_id: id, user_id: player.id, status: "CONFIRMED" })),
      ])
      .execute();

    const upcoming = await view(player.id, player.cookie);
    expect(upcoming).toMatchObject({ own: true, tab: "upcoming" });
    expect(upcoming.mine!.cards.map((c) => c.id)).toEqual([hosted, booked]);
    expect(upcoming.mine!.cards.find((c) => c.id === booked)!.badges).toContain("joined");
    expect(upcoming.mine!.cards.find((c) => c.id === hosted)!.badges).toContain("yours");

    const first = await view(player.id, player.cookie, "?tab=past");
    expect(first.mine).toMatchObject({ total: 11, page: 1, pages: 2, pageSize: 9 });
    expect(first.mine!.cards.map((c) => c.id)).toEqual(past.slice(0, 9));
    const second = await view(player.id, player.cookie, "?tab=past&page=2");
    expect(second.mine!.cards.map((c) => c.id)).toEqual(past.slice(9));
    // A page past the end shows the last one; nonsense shows the first.
    expect((await view(player.id, player.cookie, "?tab=past&page=99")).mine!.page).toBe(2);
    expect((await view(player.id, player.cookie, "?tab=past&page=abc")).mine!.page).toBe(1);
  });

  it("is yours alone: another visitor never sees these lists", async () => {
    const player = await signedInUser({ role: "user" });
    const other = await signedInUser({ role: "user" });
    const host = await signedInUser({ role: "dm" });
    const booked = await session(host.id, "Secreta", days(2));
    await bookSeat(booked, player.id);
    for (const query of ["", "?tab=upcoming", "?tab=past"]) {
      const seen = await view(player.id, other.cookie, query);
      expect(seen).toMatchObject({ own: false, tab: "reviews", mine: null });
      expect(JSON.stringify(seen)).not.toContain(booked);
    }
  });
});
