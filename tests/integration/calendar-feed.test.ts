import { describe, expect, it } from "vitest";
import { feedCalendar, feedStatus, makeFeed, turnFeedOff } from "../../app/modules/calendar-feed/feed.server";
import { action as settingsAction, loader as settingsLoader } from "../../app/routes/$lang.settings.calendar";
import { loader as feedLoader } from "../../app/routes/api.calendar.$file";
import { getDb } from "../../db/client.server";
import { createSession, type SessionColumns } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { createUser, loginCookie, testDeps } from "./helpers";
import { form, run } from "./route";

useTestDatabase();

const now = new Date("2026-11-23T12:00:00Z");
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

const session = async (hostId: string, title: string, startsAt: Date, extra: SessionColumns = {}) =>
  (await createSession({ host: hostId, title, startsAt, durationMinutes: 180, columns: extra })).id;

const tokenOf = (url: string) => /\/api\/calendar\/([A-Za-z0-9_-]+)\.ics$/.exec(url)![1]!;
const uids = (ics: string) => [...ics.matchAll(/^UID:session-([0-9a-f-]+)@mesa/gm)].map((m) => m[1]);

describe("the calendar feed", () => {
  it("lists what the user hosts and holds a seat in, in the window, and nothing else", async () => {
    const { deps } = testDeps(now);
    const [player, host, stranger] = [await createUser({ role: "user" }), await createUser({ role: "dm" }), await createUser({ role: "dm" })];
    const booked = await session(host.id, "Cripta; del Rey, Dragón", days(3), { location: "Ludoteca Centro" });
    const left = await session(host.id, "La que dejé", days(4));
    const hosted = await session(player.id, "Mi mesa", days(5), { status: "CANCELLED" });
    const notMine = await session(stranger.id, "Ajena", days(6));
    const old = await session(host.id, "Hace mucho", days(-60));
    const db = getDb();
    await db
      .insertInto("bookings")
      .values([
        { session_id: booked, user_id: player.id, status: "CONFIRMED" },
        { session_id: left, user_id: player.id, status: "CANCELLED" },
        { session_id: old, user_id: player.id, status: "CONFIRMED" },
      ])
      .execute();

    const urls = await makeFeed(deps, player.id, null);
    const ics = (await feedCalendar(deps, tokenOf(urls.https)))!;
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(uids(ics).sort()).toEqual([booked, hosted].sort());
    expect(uids(ics)).not.toContain(notMine);
    // Special characters are escaped, times are UTC, the host's own cancelled game is struck out.
    expect(ics).toContain("SUMMARY:Cripta\\; del Rey\\, Dragón");
    expect(ics).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect(ics).toContain("LOCATION:Ludoteca Centro");
    expect(ics).toContain("STATUS:CANCELLED");
    expect(ics).toContain("SUMMARY:Diriges: Mi mesa");
    expect(ics).toContain(`http://localhost:3000/es/session/${booked}`);
    expect(urls.webcal.startsWith("webcal://localhost:3000/api/calendar/")).toBe(true);
  });

  it("answers an empty but valid calendar for a user with no games", async () => {
    const { deps } = testDeps(now);
    const user = await createUser({ role: "user" });
    const ics = (await feedCalendar(deps, tokenOf((await makeFeed(deps, user.id, null)).https)))!;
    expect(ics).toMatch(/^BEGIN:VCALENDAR[\s\S]*END:VCALENDAR\r\n$/);
    expect(uids(ics)).toEqual([]);
  });

  it("stops answering an address once it is replaced or turned off", async () => {
    const { deps } = testDeps(now);
    const user = await createUser({ role: "user" });
    const first = tokenOf((await makeFeed(deps, user.id, null)).https);
    const second = tokenOf((await makeFeed(deps, user.id, null)).https);
    expect(await feedCalendar(deps, first)).toBeNull();
    expect(await feedCalendar(deps, second)).not.toBeNull();
    expect((await feedStatus(deps, user.id))?.lastReadAt?.toISOString()).toBe(now.toISOString());
    await turnFeedOff(deps, user.id);
    expect(await feedCalendar(deps, second)).toBeNull();
    expect(await feedStatus(deps, user.id)).toBeNull();
  });

  it("keeps one live address per user even when two are made at once", async () => {
    const { deps } = testDeps(now);
    const user = await createUser({ role: "user" });
    const made = await Promise.allSettled(Array.from({ length: 8 }, () => makeFeed(deps, user.id, null)));
    const live = await getDb().selectFrom("calendar_feeds").select("id").where("user_id", "=", user.id).where("revoked_at", "is", null).execute();
    expect(live).toHaveLength(1);
    expect(made.some((m) => m.status === "fulfilled")).toBe(true);
  });

  it("serves text/calendar at its address and the same 404 for malformed, unknown and revoked ones", async () => {
    const { deps } = testDeps(now);
    const user = await createUser({ role: "user" });
    const token = tokenOf((await makeFeed(deps, user.id, null)).https);
    const get = (file: string) => run(feedLoader, new Request(`http://192.168.1.20:3000/api/calendar/${file}`), { file }, { now });
    const ok = await get(`${token}.ics`);
    expect(ok.status).toBe(200);
    expect(String(ok.data)).toContain("X-WR-CALNAME:Mesa: mis partidas");
    expect(ok.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    for (const file of [token, `${"x".repeat(43)}.ics`, "..%2F.ics", `${token}.ics\u0000`]) expect((await get(file)).status).toBe(404);
    await turnFeedOff(deps, user.id);
    expect((await get(`${token}.ics`)).status).toBe(404);
  });
});

describe("the calendar settings page", () => {
  it("shows the address once, in the answer that made it, and turns it off", async () => {
    const user = await createUser({ role: "user" });
    const cookie = await loginCookie(user.id, now);
    const url = "http://localhost/es/settings/calendar";
    const made = await run(settingsAction, form(url, { intent: "make" }, { Cookie: cookie }), { lang: "es" }, { now });
    const address = (made.data as { urls: { https: string } }).urls.https;
    // The address the user's device reached us on, not APP_URL.
    expect(address).toMatch(/^http:\/\/localhost\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const page = await run(settingsLoader, new Request(url, { headers: { Cookie: cookie } }), { lang: "es" }, { now });
    expect(JSON.stringify(page.data)).not.toContain(tokenOf(address));
    expect((page.data as { feed: unknown }).feed).not.toBeNull();
    const off = await run(settingsAction, form(url, { intent: "off" }, { Cookie: cookie }), { lang: "es" }, { now });
    expect(off.status).toBe(302);
    expect((await run(settingsLoader, new Request(url, { headers: { Cookie: cookie } }), { lang: "es" }, { now })).data).toMatchObject({ feed: null });
  });

  it("sends a signed-out visitor to log in", async () => {
    const res = await run(settingsLoader, new Request("http://localhost/es/settings/calendar"), { lang: "es" }, { now });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toContain("/es/login");
  });
});
