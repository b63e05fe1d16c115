import { DateTime } from "luxon";
import { beforeAll, describe, expect, it } from "vitest";
import { startLoginSession } from "../../app/modules/auth/login-sessions.server";
import { signUp } from "../../app/modules/auth/sign-up.server";
import { sessionFormSchema } from "../../app/modules/sessions/schema";
import { createSession } from "../../app/modules/sessions/sessions.server";
import { loader } from "../../app/routes/$lang.calendar/route";
import { getDb } from "../../db/client.server";
import { seedBulkSessions } from "../../server/seed/bulk";
import { sessionFormFields } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { cookieForLoginSession, markVerified, meta, newMeta, requesterOf, signupInput, testDeps, uniqueEmail } from "./helpers";
import { run } from "./route";

useTestDatabase();

const zone = "America/Mexico_City";
type Data = { events: Record<string, { id: string }[]>; open: Record<string, number> };

let cookie: string;
let hosted: string;
let booked: string;
let month: string;

beforeAll(async () => {
  const { deps } = testDeps(new Date());
  // Another DM hosts a busy month of public sessions (about 600 in this month's grid).
  const other = await signUp(deps, { ...signupInput(uniqueEmail("dm")), role: "dm", displayName: "Bruno" }, newMeta());
  if (other.status === "created") await markVerified(other.userId);
  if (other.status !== "created") throw new Error("sign-up failed");
  await seedBulkSessions(4000, () => {});

  const created = await signUp(deps, { ...signupInput(uniqueEmail("dm")), role: "dm", displayName: "Ana" }, newMeta());
  if (created.status === "created") await markVerified(created.userId);
  if (created.status !== "created") throw new Error("sign-up failed");
  await getDb().updateTable("users").set({ time_zone: zone }).where("id", "=", created.userId).execute();
  cookie = await cookieForLoginSession(await startLoginSession(deps, created.userId, meta));
  const viewer = requesterOf({ id: created.userId, email: "", displayName: "Ana", roles: ["user", "dm"] }, { firstName: "", lastName: "", timeZone: zone });

  const tomorrow = DateTime.now().setZone(zone).plus({ days: 1 });
  month = tomorrow.toFormat("yyyy-MM");
  const input = sessionFormSchema({ now: new Date(), timeZone: zone }).parse(sessionFormFields("Mi mesa", tomorrow.toISODate() ?? ""));
  const mine = await createSession(deps, viewer, input);
  if (!mine.ok) throw new Error("session not created");
  hosted = (await getDb().selectFrom("sessions").select("id").where("dm_id", "=", viewer.id).executeTakeFirstOrThrow()).id;
  const theirs = await getDb()
    .selectFrom("sessions")
    .select("id")
    .where("dm_id", "=", other.userId)
    .where("is_private", "=", false)
    .where("starts_at", ">=", tomorrow.startOf("day").toJSDate())
    .where("starts_at", "<", tomorrow.endOf("day").toJSDate())
    .executeTakeFirstOrThrow();
  booked = theirs.id;
  await getDb().insertInto("bookings").values({ session_id: booked, user_id: viewer.id, status: "CONFIRMED", amount_cents: 0, currency: "MXN" }).execute();
}, 120_000);

const calendar = async (query: string) => {
  const result = await run(loader, new Request(`http://localhost:3000/es/calendar${query}`, { headers: { Cookie: cookie } }), { lang: "es" });
  expect(result.status).toBe(200);
  return result.data as Data;
};

describe("the calendar at scale", () => {
  it("lists only what the viewer hosts or booked, and counts the rest per day", async () => {
    const data = await calendar(`?month=${month}`);
    const ids = Object.values(data.events).flatMap((list) => list.map((e) => e.id));
    expect(ids.sort()).toEqual([hosted, booked].sort());
    // The bulk seed holds about 19 sessions a day; how many days of the month are still ahead depends
    // on the day the test runs (one or two at a month's end), so the count is checked per day.
    const openDays = Object.keys(data.open);
    const openTotal = Object.values(data.open).reduce((a, b) => a + b, 0);
    expect(openDays.length).toBeGreaterThan(0);
    expect(openTotal / openDays.length).toBeGreaterThan(5);
    // Only days still ahead, and never the viewer's own sessions.
    const today = DateTime.now().setZone(zone).toISODate()!;
    expect(Object.keys(data.open).every((day) => day >= today)).toBe(true);
  });

  it("keeps the month's page data small", async () => {
    const data = await calendar(`?month=${month}`);
    // Every public session of the month was 76 KB here (124 KB at 100,000 sessions).
    expect(JSON.stringify(data).length).toBeLessThan(4_000);
  });

  it("counts open sessions on the week and day views too", async () => {
    const tomorrow = DateTime.now().setZone(zone).plus({ days: 1 }).toISODate()!;
    const day = await calendar(`?day=${tomorrow}`);
    expect(day.events[tomorrow]?.map((e) => e.id).sort()).toEqual([hosted, booked].sort());
    expect(day.open[tomorrow]).toBeGreaterThan(0);
    const week = await calendar(`?view=week&date=${tomorrow}`);
    expect(week.open[tomorrow]).toBe(day.open[tomorrow]);
  });
});
