import { beforeAll, describe, expect, it } from "vitest";
import { openRequestScope, REQUEST_SCOPE_HEADER } from "../../app/lib/request-scope.server";
import { startLoginSession } from "../../app/modules/auth/login-sessions.server";
import { signUp } from "../../app/modules/auth/sign-up.server";
import { requestDeps } from "../../app/modules/deps.server";
import { action as createAction, loader as createPage } from "../../app/routes/$lang.create";
import { loader as seriesPage } from "../../app/routes/$lang.series.$id._index/route";
import { loader as newSeriesPage } from "../../app/routes/$lang.series.new";
import { loader as searchPage } from "../../app/routes/$lang.sessions/route";
import { insertSeries } from "../fixtures/series";
import { createSession } from "../fixtures/sessions";
import { useTestDatabase } from "../setup/database";
import { cookieForLoginSession, createUser, loginCookie, markVerified, meta, newMeta, signupInput, testDeps, uniqueEmail } from "./helpers";
import { errorsFor, form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
// Far from the real date on purpose: a route reading the wall clock would not see it.
const now = new Date("2031-03-14T15:00:00Z");
const context = { now };

let dm = { id: "", cookie: "" };
beforeAll(async () => {
  const { deps } = testDeps(now);
  const created = await signUp(deps, { ...signupInput(uniqueEmail("clock")), role: "dm", timeZone: "America/Mexico_City" }, newMeta());
  if (created.status === "created") await markVerified(created.userId);
  if (created.status !== "created") throw new Error("sign-up failed");
  const cookie = await cookieForLoginSession(await startLoginSession(deps, created.userId, meta));
  dm = { id: created.userId, cookie };
});

const page = (path: string) => new Request(`${base}${path}`, { headers: { Cookie: dm.cookie } });

describe("routes read the time from the load context", () => {
  it("the create page defaults to the day after the context's now and hands that now to the form", async () => {
    const result = await run(createPage, page("/es/create"), { lang: "es" }, context);
    expect(result.data).toMatchObject({ now: now.toISOString(), defaults: { date: "2031-03-15" } });
    const series = await run(newSeriesPage, page("/es/series/new"), { lang: "es" }, context);
    expect(series.data).toMatchObject({ now: now.toISOString(), defaults: { startDate: "2031-03-15" } });
  });

  it("the create action judges 'in the past' by the context's now", async () => {
    const fields = {
      title: "Mesa",
      game: "D&D 5e",
      date: "2031-03-13",
      time: "19:00",
      duration: "120",
      maxParticipants: "5",
      minParticipants: "3",
      price: "0",
      isFree: "on",
      currency: "MXN",
    };
    const past = await run(createAction, form(`${base}/es/create`, fields, { Cookie: dm.cookie }), { lang: "es" }, context);
    expect(past.status).toBe(400);
    expect(errorsFor(past.data, "date")).toContain("datePast");
  });

  it("the search page's 'today' is the context's day in the viewer's zone", async () => {
    const result = await run(searchPage, page("/es/sessions"), { lang: "es" }, context);
    expect(result.data).toMatchObject({ today: "2031-03-14" });
  });

  it("the series page splits upcoming and past sessions at the context's now", async () => {
    const series = await insertSeries(dm.id, { duration_minutes: 120, start_date: "2031-03-01" });
    await createSession({ host: dm.id, seriesId: series.id, title: "Antes", startsAt: new Date("2031-03-14T14:00:00Z") });
    await createSession({ host: dm.id, seriesId: series.id, title: "Después", startsAt: new Date("2031-03-14T16:00:00Z") });
    const result = await run(seriesPage, page(`/es/series/${series.id}`), { lang: "es", id: series.id }, context);
    const data = result.data as { upcoming: unknown[]; past: unknown[]; manage: { now: string; addDefaults: { date: string } } };
    expect([data.upcoming.length, data.past.length]).toEqual([1, 1]);
    expect(data.manage).toMatchObject({ now: now.toISOString(), addDefaults: { date: "2031-03-15" } });
  });
});

describe("one request, one now", () => {
  it("the login lookup behind a page's guard reads the request's instant, not the wall clock", async () => {
    // A login session that ended years before today's date: valid only if the guard uses the context's now.
    const past = new Date("2021-06-01T12:00:00Z");
    const host = await createUser({ role: "dm" });
    const cookie = await loginCookie(host.id, past);
    const request = new Request(`${base}/es/create`, { headers: { Cookie: cookie } });
    const atThen = await run(createPage, request, { lang: "es" }, { now: new Date(past.getTime() + 3_600_000) });
    expect(atThen.status).toBe(200);
    expect(atThen.data).toMatchObject({ now: "2021-06-01T13:00:00.000Z" });
    // The same cookie two days later has expired: the guard sends the visitor to log in.
    const later = await run(createPage, new Request(request), { lang: "es" }, { now: new Date(past.getTime() + 2 * 86_400_000) });
    expect(later.status).toBe(302);
    expect(later.headers.get("Location")).toMatch(/^\/es\/login\?redirect=/);
  });

  it("code with only the Request reads the request's instant, and outside a request the wall clock", () => {
    const instant = new Date("2030-01-02T03:04:05Z");
    const scope = openRequestScope(instant);
    const request = new Request(`${base}/es`, { headers: { [REQUEST_SCOPE_HEADER]: scope.id } });
    expect(requestDeps(request).now).toEqual(instant);
    scope.close();
    expect(Math.abs(requestDeps(request).now.getTime() - Date.now())).toBeLessThan(5_000);
  });
});
