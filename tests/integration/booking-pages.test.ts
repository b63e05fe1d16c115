import { describe, expect, it } from "vitest";
import { loader as sessionPage } from "../../app/routes/$lang.session.$id._index/route";
import { action as cancelAction, loader as cancelPage } from "../../app/routes/$lang.session.$id.cancel";
import { action as confirmAction, loader as confirmPage } from "../../app/routes/$lang.session.$id.confirm/route";
import { action as leaveAction, loader as leavePage } from "../../app/routes/$lang.session.$id.leave";
import { readToast } from "../../app/web/toast.server";
import { getDb } from "../../db/client.server";
import { createSession, type SessionColumns } from "../fixtures/sessions";
import { type SignedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { signedInUser } from "./helpers";
import { form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const now = new Date("2026-10-20T12:00:00Z");
const context = { now } as never;
const page = (path: string, as: SignedInUser | null) => new Request(`${base}${path}`, { headers: as ? { Cookie: as.cookie } : {} });
const post = (path: string, fields: Record<string, string>, as: SignedInUser) => form(`${base}${path}`, fields, { Cookie: as.cookie });

const session = async (dmId: string, max: number, extra: SessionColumns = {}) =>
  (await createSession({ host: dmId, maxParticipants: max, startsAt: new Date("2026-11-01T20:00:00Z"), timeZone: "UTC", location: "", columns: extra })).id;

type ConfirmData = {
  booked: boolean;
  closed: string | null;
  waiting: { position: number; offerUntil: string | null } | null;
  session: { spotsLeft: number; max: number; zone: string; time: string };
};
const confirmData = async (id: string, as: SignedInUser | null, lang = "en") =>
  (await run(confirmPage, page(`/${lang}/session/${id}/confirm`, as), { lang, id }, context)).data as ConfirmData;
const toastOf = (headers: Headers) => decodeURIComponent(headers.get("set-cookie") ?? "");

describe("the confirmation page", () => {
  it("shows the facts in the viewer's zone with the zone named, and books a free seat by form post", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser({ timeZone: "America/Mexico_City" });
    const id = await session(host.id, 2);
    const before = await confirmData(id, player);
    expect(before).toMatchObject({ booked: false, closed: null, waiting: null, session: { spotsLeft: 2, max: 2, time: "2:00 PM" } });
    expect(before.session.zone).toMatch(/Central/);
    const booked = await run(confirmAction, post(`/en/session/${id}/confirm`, { intent: "book" }, player), { lang: "en", id }, context);
    expect(booked.status).toBe(302);
    expect(booked.headers.get("location")).toBe(`/en/session/${id}`);
    // The same form sent again: a clear message, nothing changes.
    const again = await run(confirmAction, post(`/en/session/${id}/confirm`, { intent: "book" }, player), { lang: "en", id }, context);
    expect(again.headers.get("location")).toBe(`/en/session/${id}/confirm`);
    expect((await confirmData(id, player)).booked).toBe(true);
    expect((await getDb().selectFrom("sessions").select("booked_count").where("id", "=", id).executeTakeFirstOrThrow()).booked_count).toBe(1);
  });

  it("records the viewer's country from their time zone once, and the booking attempt", async () => {
    const host = await signedInUser({ role: "dm" });
    const player = await signedInUser({ timeZone: "America/Mexico_City" });
    const id = await session(host.id, 2);
    await confirmData(id, player);
    await confirmData(id, player, "es");
    await confirmData(id, host); // the host is not booking
    const detected = await getDb().selectFrom("analytics_events").select(["user_id", "properties"]).where("name", "=", "user_country_detected").execute();
    expect(detected.filter((e) => e.user_id === player.id).map((e) => e.properties)).toEqual([
      { country: "MX", timeZone: "America/Mexico_City", locale: "en" },
    ]);
    expect(detected.filter((e) => e.user_id === host.id)).toEqual([]);
    await run(confirmAction, post(`/en/session/${id}/confirm`, { intent: "book" }, player), { lang: "en", id }, context);
    const initiated = await getDb()
      .selectFrom("analytics_events")
      .select("properties")
      .where("name", "=", "booking_initiated")
      .where("session_id", "=", id)
      .execute();
    expect(initiated.map((e) => e.properties)).toEqual([{ paymentMethod: "free" }]);
  });

  it("offers the waitlist when full, and names a closed session; unknown and malformed ids are 404", async () => {
    const host = await signedInUser({ role: "dm" });
    const [a, b] = [await signedInUser(), await signedInUser()];
    const id = await session(host.id, 1);
    await run(confirmAction, post(`/en/session/${id}/confirm`, { intent: "book" }, a), { lang: "en", id }, context);
    expect((await confirmData(id, b)).session.spotsLeft).toBe(0);
    await run(confirmAction, post(`/en/session/${id}/confirm`, { intent: "joinWaitlist" }, b), { lang: "en", id }, context);
    expect((await confirmData(id, b)).waiting).toEqual({ position: 1, offerUntil: null });
    expect((await run(sessionPage, page(`/en/session/${id}`, b), { lang: "en", id }, context)).data).toMatchObject({
      waiting: { position: 1, offerUntil: null },
      joined: false,
    });
    // a leaves through the confirmation page: b is offered the seat.
    expect((await run(leavePage, page(`/en/session/${id}/leave`, a), { lang: "en", id }, context)).status).toBe(200);
    expect((await run(leaveAction, post(`/en/session/${id}/leave`, {}, a), { lang: "en", id }, context)).status).toBe(302);
    expect((await confirmData(id, b)).waiting?.offerUntil).toBeTruthy();
    expect((await confirmData(id, a)).session.spotsLeft).toBe(0);
    expect((await confirmData(await session(host.id, 3, { status: "COMPLETED" }), a)).closed).toBe("sessionCompleted");
    for (const bad of ["nope", "00000000-0000-4000-8000-000000000000"])
      expect((await run(confirmPage, page(`/en/session/${bad}/confirm`, a), { lang: "en", id: bad }, context)).status).toBe(404);
    expect((await run(confirmAction, post(`/en/session/nope/confirm`, { intent: "book" }, a), { lang: "en", id: "nope" }, context)).status).toBe(302);
    expect((await run(confirmAction, post(`/en/session/${id}/confirm`, { intent: "hack" }, a), { lang: "en", id }, context)).status).toBe(400);
  });

  it("sends visitors to log in and back when they post, telling them why", async () => {
    const host = await signedInUser({ role: "dm" });
    const id = await session(host.id, 1);
    const visitor = await run(confirmAction, form(`${base}/es/session/${id}/confirm?invite=abc123`, { intent: "book" }), { lang: "es", id }, context);
    expect(visitor.headers.get("location")).toBe(`/es/login?redirect=${encodeURIComponent(`/es/session/${id}/confirm?invite=abc123`)}`);
    const cookie = visitor.headers.get("set-cookie")?.split(";")[0] ?? "";
    const { toast } = await readToast(new Request(`${base}/es/login`, { headers: { cookie } }));
    expect(toast).toMatchObject({ type: "error", key: "sessions:booking.loginRequired" });
  });
});

describe("leaving and cancelling pages", () => {
  it("lets only the host cancel (another user gets 403), then shows the session cancelled and not bookable", async () => {
    const host = await signedInUser({ role: "dm" });
    const [player, other] = [await signedInUser(), await signedInUser({ role: "dm" })];
    const id = await session(host.id, 2);
    await run(confirmAction, post(`/es/session/${id}/confirm`, { intent: "book" }, player), { lang: "es", id }, context);
    expect((await run(cancelPage, page(`/es/session/${id}/cancel`, other), { lang: "es", id }, context)).status).toBe(403);
    expect((await run(cancelAction, post(`/es/session/${id}/cancel`, {}, player), { lang: "es", id }, context)).status).toBe(403);
    expect((await run(cancelPage, page(`/es/session/nope/cancel`, host), { lang: "es", id: "nope" }, context)).status).toBe(404);
    expect((await run(cancelPage, page(`/es/session/${id}/cancel`, host), { lang: "es", id }, context)).status).toBe(200);
    const done = await run(cancelAction, post(`/es/session/${id}/cancel`, {}, host), { lang: "es", id }, context);
    expect(toastOf(done.headers)).toContain("__toast");
    const twice = await run(cancelAction, post(`/es/session/${id}/cancel`, {}, host), { lang: "es", id }, context);
    expect(twice.status).toBe(302);
    const shown = (await run(sessionPage, page(`/es/session/${id}`, player), { lang: "es", id }, context)).data as { closed: string; joined: boolean };
    expect(shown).toMatchObject({ closed: "sessionCancelled", joined: false });
    expect((await confirmData(id, player, "es")).closed).toBe("sessionCancelled");
  });

  it("does not let another user leave someone's booking through the leave page", async () => {
    const host = await signedInUser({ role: "dm" });
    const [player, other] = [await signedInUser(), await signedInUser()];
    const id = await session(host.id, 2);
    await run(confirmAction, post(`/en/session/${id}/confirm`, { intent: "book" }, player), { lang: "en", id }, context);
    // The leave page only ever acts on the requester's own booking: for another user there is nothing to leave.
    expect((await run(leavePage, page(`/en/session/${id}/leave`, other), { lang: "en", id }, context)).status).toBe(404);
    const tried = await run(leaveAction, post(`/en/session/${id}/leave`, {}, other), { lang: "en", id }, context);
    expect(tried.headers.get("location")).toBe(`/en/session/${id}`);
    expect((await confirmData(id, player)).booked).toBe(true);
    expect((await run(leavePage, page(`/en/session/nope/leave`, other), { lang: "en", id: "nope" }, context)).status).toBe(404);
  });
});

describe("a seat held for a player in line", () => {
  it("is shown on the session page as on the confirmation page, with its expiry, and no longer once it lapsed", async () => {
    const host = await signedInUser({ role: "dm" });
    const [a, b] = [await signedInUser(), await signedInUser({ timeZone: "America/Mexico_City" })];
    const id = await session(host.id, 1);
    await run(confirmAction, post(`/es/session/${id}/confirm`, { intent: "book" }, a), { lang: "es", id }, context);
    await run(confirmAction, post(`/es/session/${id}/confirm`, { intent: "joinWaitlist" }, b), { lang: "es", id }, context);
    // a leaves: the seat is offered to b, first in line.
    await run(leaveAction, post(`/es/session/${id}/leave`, {}, a), { lang: "es", id }, context);
    const offered = await getDb().selectFrom("waitlist_entries").select("offer_expires_at").where("user_id", "=", b.id).executeTakeFirstOrThrow();
    expect(offered.offer_expires_at).not.toBeNull();
    const sessionData = async (at: Date) =>
      (await run(sessionPage, page(`/es/session/${id}`, b), { lang: "es", id }, { now: at } as never)).data as {
        waiting: { position: number; offerUntil: string | null };
      };
    const confirmWaiting = async (at: Date) =>
      ((await run(confirmPage, page(`/es/session/${id}/confirm`, b), { lang: "es", id }, { now: at } as never)).data as ConfirmData).waiting;
    const shown = await sessionData(now);
    expect(shown.waiting.offerUntil).toMatch(/GMT-6|CST/);
    expect(shown.waiting).toEqual(await confirmWaiting(now));
    // After the offer's end neither page holds the seat any more.
    const later = new Date(new Date(offered.offer_expires_at!).getTime() + 1000);
    expect((await sessionData(later)).waiting).toEqual({ position: 1, offerUntil: null });
    expect(await confirmWaiting(later)).toEqual({ position: 1, offerUntil: null });
  });
});
