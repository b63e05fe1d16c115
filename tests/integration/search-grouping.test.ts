import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { COUNT_AHEAD, PAGE_SIZE, parseSearchParams } from "../../app/modules/sessions/search";
import { searchSessions } from "../../app/modules/sessions/sessions.server";
import { getDb } from "../../db/client.server";
import { insertSeries } from "../fixtures/series";
import { bookSeat, createSession } from "../fixtures/sessions";
import { createUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const now = new Date("2026-11-22T18:00:00Z");
const zone = "America/Mexico_City";
let hostId: string;
let players: string[] = [];
let viewer: Requester;

const search = (query: string) => searchSessions({ db: getDb(), now }, parseSearchParams(new URLSearchParams(query)), viewer, { timeZone: zone });

const account = async (role: "user" | "dm") => (await createUser({ role })).id;

/** A weekly series whose sessions start on the given days (offsets from `now`), each with its own tags. */
async function series(title: string, sessions: { days: number; tags: string[] }[]) {
  const created = await insertSeries(hostId, { title, frequency: "WEEKLY", time_zone: zone, time_of_day: "19:00", max_participants: 5, min_participants: 3 });
  for (const s of sessions) {
    await createSession({
      host: hostId,
      seriesId: created.id,
      title,
      now,
      startsInHours: s.days * 24,
      timeZone: zone,
      durationMinutes: 180,
      maxParticipants: 5,
      minParticipants: 3,
      columns: { tags: s.tags },
    });
  }
  return created.id;
}

beforeAll(async () => {
  hostId = await account("dm");
  players = [await account("user"), await account("user"), await account("user")];
  viewer = { id: players[0]!, timeZone: zone, isDm: false, isAdmin: false, roles: ["user"] } as unknown as Requester;
  // Its first session is past, the second lacks the tag, the third and fourth have it.
  await series("Campaña de la Costa", [
    { days: -3, tags: ["roleplay-heavy"] },
    { days: 4, tags: [] },
    { days: 11, tags: ["roleplay-heavy"] },
    { days: 18, tags: ["roleplay-heavy"] },
  ]);
});

describe("grouping by series", () => {
  it("shows a series once, through its earliest session that matches every filter", async () => {
    const all = await search("searchTerm=costa");
    expect(all.rows).toHaveLength(1);
    expect(all.rows[0]!.starts_at).toEqual(new Date(now.getTime() + 4 * 86_400_000));

    const tagged = await search("searchTerm=costa&tags=roleplay-heavy");
    expect(tagged.rows).toHaveLength(1);
    expect(tagged.rows[0]!.starts_at).toEqual(new Date(now.getTime() + 11 * 86_400_000));
    expect(tagged.total).toBe(1);

    const past = await search("searchTerm=costa&includePast=true");
    expect(past.rows[0]!.starts_at).toEqual(new Date(now.getTime() - 3 * 86_400_000));
  });

  it("lists every session when grouping is off", async () => {
    const all = await search("searchTerm=costa&groupBySeries=false");
    expect(all.rows.map((r) => r.starts_at.getTime())).toEqual([4, 11, 18].map((d) => now.getTime() + d * 86_400_000));
    expect(all.total).toBe(3);
    expect(all.more).toBe(false);
  });
});

describe("seats left", () => {
  it("follows bookings as they are made, cancelled, moved and deleted", async () => {
    const db = getDb();
    const session = await db
      .selectFrom("sessions")
      .select("id")
      .where("title", "=", "Campaña de la Costa")
      .orderBy("starts_at", "desc")
      .executeTakeFirstOrThrow();
    const other = await db.selectFrom("sessions").select("id").where("title", "=", "Campaña de la Costa").orderBy("starts_at").executeTakeFirstOrThrow();
    const count = async (id: string) => (await db.selectFrom("sessions").select("booked_count").where("id", "=", id).executeTakeFirstOrThrow()).booked_count;

    for (const player of players) await bookSeat(session.id, player);
    expect(await count(session.id)).toBe(3);
    // Five seats, three booked: "few seats left" (one to three) now finds it.
    expect((await search("searchTerm=costa&fewSpots=true&groupBySeries=false")).rows.map((r) => r.id)).toEqual([session.id]);
    expect((await search("searchTerm=costa&minSpots=3&groupBySeries=false")).rows.map((r) => r.id)).not.toContain(session.id);

    await db.updateTable("bookings").set({ status: "CANCELLED" }).where("user_id", "=", players[0]!).execute();
    expect(await count(session.id)).toBe(2);
    await db.updateTable("bookings").set({ session_id: other.id }).where("user_id", "=", players[1]!).execute();
    expect([await count(session.id), await count(other.id)]).toEqual([1, 1]);
    await db.deleteFrom("bookings").where("user_id", "in", players).execute();
    expect([await count(session.id), await count(other.id)]).toEqual([0, 0]);
  });
});

describe("counting matches", () => {
  it("counts up to ten pages past the current one and then says there are more", async () => {
    const db = getDb();
    const many = COUNT_AHEAD + 5;
    await sql`insert into sessions (dm_id, title, game, starts_at, time_zone, duration_minutes, max_participants, min_participants)
      select ${hostId}, 'Mesa abierta ' || i, 'Pathfinder', ${now}::timestamptz + i * interval '1 hour', ${zone}, 120, 5, 1
      from generate_series(1, ${many}) i`.execute(db);

    const first = await search("searchTerm=mesa+abierta");
    expect(first).toMatchObject({ total: COUNT_AHEAD, more: true, pages: COUNT_AHEAD / PAGE_SIZE });
    expect(first.rows[0]!.title).toBe("Mesa abierta 1");

    const second = await search("searchTerm=mesa+abierta&page=2");
    expect(second).toMatchObject({ total: many, more: false, pages: Math.ceil(many / PAGE_SIZE) });
    expect(second.rows[0]!.title).toBe(`Mesa abierta ${PAGE_SIZE + 1}`);
  });
});
