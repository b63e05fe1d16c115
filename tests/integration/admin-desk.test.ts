import { describe, expect, it } from "vitest";
import { loader as deskShell } from "../../app/routes/$lang.admin";
import { loader as deskIndex } from "../../app/routes/$lang.admin._index";
import { loader as auditPage } from "../../app/routes/$lang.admin.audit";
import { action as moderate, loader as queuePage } from "../../app/routes/$lang.admin.moderation/route";
import { action as login } from "../../app/routes/$lang.login";
import { action as reportAction, loader as reportPage } from "../../app/routes/$lang.report";
import { action as apiReport } from "../../app/routes/api.reports";
import { action as apiBook } from "../../app/routes/api.sessions.$id.book";
import { getDb } from "../../db/client.server";
import { insertSeries } from "../fixtures/series";
import { bookSeat, createSession } from "../fixtures/sessions";
import { apiToken, bearer, DEFAULT_PASSWORD, loginCookie, type SignedInUser, signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { auditCount } from "./helpers";
import { fieldErrors, form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const es = { lang: "es" };
const HOUR = 3_600_000;
const db = () => getDb();

/** A completed session in which `author` reviewed `target`; returns the review's id. */
async function reviewBy(author: SignedInUser, target: SignedInUser, comment = "Pésimo, no vuelvo") {
  const { id: sessionId } = await createSession({ host: target.id, startsAt: new Date(Date.now() - 48 * HOUR), status: "COMPLETED" });
  await bookSeat(sessionId, author.id);
  const row = await db()
    .insertInto("reviews")
    .values({ session_id: sessionId, author_id: author.id, target_id: target.id, target_role: "DM", rating: 1, comment })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const postReport = (who: SignedInUser, body: unknown) =>
  run(
    apiReport,
    new Request(`${base}/api/reports`, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json", ...who.auth } }),
  );

const reportForm = (who: SignedInUser, kind: string, id: string, fields: Record<string, string>) =>
  run(reportAction, form(`${base}/es/report?kind=${kind}&id=${id}`, fields, { Cookie: who.cookie }), es);

const act = (who: SignedInUser | null, fields: Record<string, string>) =>
  run(moderate, form(`${base}/es/admin/moderation`, fields, who ? { Cookie: who.cookie } : {}), es);

describe("reports", () => {
  it("anyone signed in reports a review or a profile once, also when the same report is sent five times at once", async () => {
    const [author, target, reporter] = await Promise.all([signedInUser(), signedInUser({ role: "dm" }), signedInUser()]);
    const reviewId = await reviewBy(author, target);
    const sends = await Promise.all(Array.from({ length: 5 }, () => postReport(reporter, { kind: "review", targetId: reviewId, reason: "SPAM" })));
    expect(sends.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(sends.find((r) => r.status === 409)?.data).toEqual({ success: false, error: "Ya denunciaste esto." });
    const rows = await db().selectFrom("reports").selectAll().where("target_id", "=", reviewId).execute();
    expect(rows).toMatchObject([{ reporter_id: reporter.id, target_kind: "review", target_user_id: author.id, reason: "SPAM", status: "OPEN" }]);

    // The form page: a profile, with details; a second time is refused with the typed text kept.
    const page = await run(reportPage, new Request(`${base}/es/report?kind=profile&id=${author.id}`, { headers: { Cookie: reporter.cookie } }), es);
    expect(page.status).toBe(200);
    const sent = await reportForm(reporter, "profile", author.id, { reason: "HARASSMENT", details: "Me escribe insultos" });
    expect(sent.status).toBe(302);
    const again = await reportForm(reporter, "profile", author.id, { reason: "FAKE", details: "otra vez" });
    expect(again.status).toBe(409);
    expect(again.data).toMatchObject({ errors: [{ field: "form", message: "admin:errors.alreadyReported" }], typed: { reason: "FAKE", details: "otra vez" } });
  });

  it("refuses reporting yourself or your own review, bad reasons, long details and unknown targets; signed-out visitors go to sign in", async () => {
    const [author, target] = await Promise.all([signedInUser(), signedInUser({ role: "dm" })]);
    const reviewId = await reviewBy(author, target);
    expect((await postReport(author, { kind: "review", targetId: reviewId, reason: "SPAM" })).status).toBe(403);
    expect((await postReport(author, { kind: "profile", targetId: author.id, reason: "SPAM" })).data).toEqual({
      success: false,
      error: "No puedes denunciarte a ti mismo ni a tu propia reseña.",
    });
    expect((await postReport(target, { kind: "review", targetId: reviewId, reason: "RUDE" })).status).toBe(400);
    expect((await postReport(target, { kind: "review", targetId: reviewId, reason: "OTHER", details: "x".repeat(1001) })).status).toBe(400);
    expect((await postReport(target, { kind: "review", targetId: crypto.randomUUID(), reason: "OTHER" })).status).toBe(404);
    const bad = await reportForm(target, "review", reviewId, { reason: "", details: "y".repeat(1001) });
    expect(bad.status).toBe(400);
    expect((bad.data as { errors: { message: string }[] }).errors.map((e) => e.message).sort()).toEqual([
      "admin:errors.detailsTooLong",
      "admin:errors.reasonChoose",
    ]);
    const anonymous = await run(reportPage, new Request(`${base}/es/report?kind=review&id=${reviewId}`), es);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/es/login");
    expect(await db().selectFrom("reports").select("id").where("target_user_id", "in", [author.id, target.id]).execute()).toEqual([]);
  });
});

describe("the admin desk", () => {
  it("does not exist for players, hosts and signed-out visitors (404), and their actions change nothing", async () => {
    const [author, target, player, host, admin] = await Promise.all([
      signedInUser(),
      signedInUser({ role: "dm" }),
      signedInUser(),
      signedInUser({ role: "dm" }),
      signedInUser({ role: "admin" }),
    ]);
    const reviewId = await reviewBy(author, target);
    await postReport(player, { kind: "review", targetId: reviewId, reason: "SPAM" });
    await postReport(player, { kind: "profile", targetId: author.id, reason: "FAKE" });
    const bookingId = await bookSeat((await createSession({ host: target.id, startsAt: new Date(Date.now() - 24 * HOUR), status: "COMPLETED" })).id, author.id);
    const dispute = await db()
      .insertInto("attendance_disputes")
      .values({ booking_id: bookingId, user_id: author.id, reason: "Sí fui" })
      .returning("id")
      .executeTakeFirstOrThrow();
    const before = await auditCount();

    for (const who of [player, host, null]) {
      const headers: Record<string, string> = who ? { Cookie: who.cookie } : {};
      for (const [loader, path] of [
        [deskShell, "/es/admin"],
        [deskIndex, "/es/admin"],
        [queuePage, "/es/admin/moderation"],
        [auditPage, "/es/admin/audit"],
      ] as const) {
        expect((await run(loader, new Request(`${base}${path}`, { headers }), es)).status, `${path} as ${who?.email ?? "anonymous"}`).toBe(404);
      }
      const attempts = [
        ...["dismiss", "approve", "hide_review", "delete_review", "ban_user"].map((action) => ({ target: "review", id: reviewId, action })),
        ...["dismiss", "ban_user"].map((action) => ({ target: "profile", id: author.id, action })),
        ...["uphold", "reject"].map((action) => ({ target: "dispute", id: dispute.id, action })),
        { target: "user", id: author.id, action: "unban" },
      ];
      for (const fields of attempts) expect((await act(who, { ...fields, reason: "porque sí" })).status, JSON.stringify(fields)).toBe(404);
    }
    // The same admin sees it all.
    expect((await run(queuePage, new Request(`${base}/es/admin/moderation`, { headers: { Cookie: admin.cookie } }), es)).status).toBe(200);
    expect((await run(deskIndex, new Request(`${base}/es/admin`, { headers: { Cookie: admin.cookie } }), es)).headers.get("Location")).toBe(
      "/es/admin/moderation",
    );

    expect(await auditCount()).toBe(before);
    expect(await db().selectFrom("reviews").select(["status", "hidden_at", "deleted_at"]).where("id", "=", reviewId).executeTakeFirst()).toEqual({
      status: "APPROVED",
      hidden_at: null,
      deleted_at: null,
    });
    expect((await db().selectFrom("users").select("banned_at").where("id", "=", author.id).executeTakeFirstOrThrow()).banned_at).toBeNull();
    expect((await db().selectFrom("attendance_disputes").select("status").where("id", "=", dispute.id).executeTakeFirstOrThrow()).status).toBe("OPEN");
    expect(await db().selectFrom("reports").select("status").where("target_user_id", "=", author.id).execute()).toEqual([
      { status: "OPEN" },
      { status: "OPEN" },
    ]);
  });

  it("groups open reports by target; hide needs a reason, then hides the review, closes its reports and writes the audit row", async () => {
    const [author, target, r1, r2, admin] = await Promise.all([
      signedInUser(),
      signedInUser({ role: "dm" }),
      signedInUser(),
      signedInUser(),
      signedInUser({ role: "admin" }),
    ]);
    const reviewId = await reviewBy(author, target);
    await postReport(r1, { kind: "review", targetId: reviewId, reason: "SPAM", details: "publicidad" });
    await postReport(r2, { kind: "review", targetId: reviewId, reason: "HARASSMENT" });
    const queue = await run(queuePage, new Request(`${base}/es/admin/moderation`, { headers: { Cookie: admin.cookie } }), es);
    const group = (queue.data as { reports: { target_id: string; reports: number; reasons: string[]; details: string[] }[] }).reports.filter(
      (g) => g.target_id === reviewId,
    );
    expect(group).toEqual([expect.objectContaining({ reports: 2, reasons: ["HARASSMENT", "SPAM"], details: ["publicidad"] })]);

    const before = await auditCount();
    for (const reason of ["", "   "]) {
      const refused = await act(admin, { target: "review", id: reviewId, action: "hide_review", reason });
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({ error: "errors.reasonRequired", formId: `review-${reviewId}` });
    }
    const long = await act(admin, { target: "review", id: reviewId, action: "hide_review", reason: "z".repeat(1001) });
    expect(long.data).toMatchObject({ error: "errors.reasonTooLong", reason: "z".repeat(1001) });
    expect((await act(admin, { target: "review", id: reviewId, action: "explode", reason: "x" })).status).toBe(400);
    expect((await act(admin, { target: "review", id: "not-a-uuid", action: "hide_review", reason: "x" })).status).toBe(404);
    expect((await act(admin, { target: "review", id: crypto.randomUUID(), action: "hide_review", reason: "x" })).status).toBe(404);
    expect(await auditCount()).toBe(before);

    const hidden = await act(admin, { target: "review", id: reviewId, action: "hide_review", reason: "Acoso a la persona" });
    expect(hidden.status).toBe(302);
    expect(await db().selectFrom("reviews").select(["status", "hidden_at"]).where("id", "=", reviewId).executeTakeFirstOrThrow()).toMatchObject({
      status: "REJECTED",
      hidden_at: expect.any(Date),
    });
    expect(await db().selectFrom("reports").select("status").where("target_id", "=", reviewId).execute()).toEqual([
      { status: "ACTIONED" },
      { status: "ACTIONED" },
    ]);
    // Hidden reviews leave the rating (the user_ratings trigger).
    expect((await db().selectFrom("users").select("host_rating_count").where("id", "=", target.id).executeTakeFirstOrThrow()).host_rating_count).toBe(0);
    const audit = await run(auditPage, new Request(`${base}/es/admin/audit`, { headers: { Cookie: admin.cookie } }), es);
    expect((audit.data as { entries: unknown[] }).entries[0]).toMatchObject({
      action: "hide_review",
      target_kind: "review",
      target_id: reviewId,
      reason: "Acoso a la persona",
      actor_name: admin.displayName,
    });

    // Approve brings it back; delete removes it for good; dismiss needs a reason and closes reports.
    expect((await act(admin, { target: "review", id: reviewId, action: "approve", reason: "" })).status).toBe(302);
    expect(await db().selectFrom("reviews").select(["status", "hidden_at"]).where("id", "=", reviewId).executeTakeFirstOrThrow()).toEqual({
      status: "APPROVED",
      hidden_at: null,
    });
    expect((await act(admin, { target: "review", id: reviewId, action: "delete_review", reason: "Falsa" })).status).toBe(302);
    expect((await db().selectFrom("reviews").select("deleted_at").where("id", "=", reviewId).executeTakeFirstOrThrow()).deleted_at).toBeInstanceOf(Date);
    expect((await act(admin, { target: "review", id: reviewId, action: "approve", reason: "" })).status).toBe(404);

    await postReport(r1, { kind: "profile", targetId: author.id, reason: "OTHER" });
    expect((await act(admin, { target: "profile", id: author.id, action: "dismiss", reason: "" })).status).toBe(400);
    expect((await act(admin, { target: "profile", id: author.id, action: "dismiss", reason: "Nada raro" })).status).toBe(302);
    expect((await db().selectFrom("reports").select("status").where("target_id", "=", author.id).executeTakeFirstOrThrow()).status).toBe("DISMISSED");
    expect((await db().selectFrom("audit_log").select("action").orderBy("created_at", "desc").limit(4).execute()).map((r) => r.action)).toEqual(
      expect.arrayContaining(["dismiss_reports", "delete_review", "approve_review"]),
    );
  });

  it("banning a review's author ends their sign-ins, cancels their hosted sessions (by an admin) and is reversible; an admin cannot be banned", async () => {
    const [author, target, reporter, seated, admin, otherAdmin] = await Promise.all([
      signedInUser({ role: "dm" }),
      signedInUser({ role: "dm" }),
      signedInUser(),
      signedInUser(),
      signedInUser({ role: "admin" }),
      signedInUser({ role: "admin" }),
    ]);
    const reviewId = await reviewBy(author, target);
    const series = await insertSeries(author.id, { frequency: "WEEKLY", day_of_week: 5, time_of_day: "19:00", start_date: new Date() });
    const hosted = await createSession({ host: author.id, startsInHours: 72 });
    await bookSeat(hosted.id, seated.id);
    await postReport(reporter, { kind: "review", targetId: reviewId, reason: "HARASSMENT" });

    expect((await act(admin, { target: "review", id: reviewId, action: "ban_user", reason: "" })).status).toBe(400);
    const banned = await act(admin, { target: "review", id: reviewId, action: "ban_user", reason: "Acoso reiterado" });
    expect(banned.status).toBe(302);

    const user = await db().selectFrom("users").select("banned_at").where("id", "=", author.id).executeTakeFirstOrThrow();
    expect(user.banned_at).toBeInstanceOf(Date);
    expect(await db().selectFrom("login_sessions").select("revoked_at").where("user_id", "=", author.id).execute()).toEqual([{ revoked_at: expect.any(Date) }]);
    expect(await db().selectFrom("api_tokens").select("revoked_at").where("user_id", "=", author.id).execute()).toEqual([{ revoked_at: expect.any(Date) }]);
    // Announced to every process, so the live streams those sign-ins opened end (as after a password reset).
    expect((await db().selectFrom("live_events").select("kind").where("user_id", "=", author.id).execute()).map((e) => e.kind)).toEqual([
      "credentials_revoked",
      "credentials_revoked",
    ]);
    expect(await db().selectFrom("sessions").select(["status", "cancelled_by"]).where("id", "=", hosted.id).executeTakeFirstOrThrow()).toEqual({
      status: "CANCELLED",
      cancelled_by: "ADMIN",
    });
    expect(await db().selectFrom("bookings").select(["status", "cancelled_by"]).where("session_id", "=", hosted.id).execute()).toEqual([
      { status: "CANCELLED", cancelled_by: "ADMIN" },
    ]);
    expect((await db().selectFrom("series").select("status").where("id", "=", series.id).executeTakeFirstOrThrow()).status).toBe("PAUSED");
    expect((await db().selectFrom("reviews").select("hidden_at").where("id", "=", reviewId).executeTakeFirstOrThrow()).hidden_at).toBeInstanceOf(Date);
    expect((await db().selectFrom("reports").select("status").where("target_id", "=", reviewId).executeTakeFirstOrThrow()).status).toBe("ACTIONED");
    expect(await db().selectFrom("audit_log").select(["action", "target_id", "reason"]).where("target_id", "=", author.id).execute()).toEqual([
      { action: "ban_user", target_id: author.id, reason: "Acoso reiterado" },
    ]);

    // Their old cookie and token are dead: pages send them to sign in, the API answers 401.
    const page = await run(reportPage, new Request(`${base}/es/report?kind=profile&id=${target.id}`, { headers: { Cookie: author.cookie } }), es);
    expect(page.status).toBe(302);
    expect((await postReport(author, { kind: "profile", targetId: target.id, reason: "SPAM" })).status).toBe(401);
    // Even a sign-in that slipped past the revocation (issued by a request racing the ban) is
    // refused: the ban is checked on every request, so booking and reporting (pages and API) stop.
    const other = await createSession({ host: target.id, startsInHours: 96 });
    const bannedAt = user.banned_at;
    await db().updateTable("users").set({ banned_at: null }).where("id", "=", author.id).execute();
    const [freshToken, freshCookie] = [bearer(await apiToken(author.id)), await loginCookie(author.id)];
    await db().updateTable("users").set({ banned_at: bannedAt }).where("id", "=", author.id).execute();
    const book = await run(
      apiBook,
      new Request(`${base}/api/sessions/${other.id}/book`, {
        method: "POST",
        body: JSON.stringify({ paymentMethod: "free" }),
        headers: { "Content-Type": "application/json", ...freshToken },
      }),
      { id: other.id },
    );
    expect(book.status).toBe(401);
    expect((await run(reportAction, form(`${base}/es/report?kind=profile&id=${target.id}`, { reason: "SPAM" }, { Cookie: freshCookie }), es)).status).toBe(302);
    expect(await db().selectFrom("bookings").select("id").where("session_id", "=", other.id).execute()).toEqual([]);
    expect(await db().selectFrom("reports").select("id").where("reporter_id", "=", author.id).execute()).toEqual([]);
    // Signing in again is refused with its own message (only to the right password).
    const signIn = (password: string) => run(login, form(`${base}/es/login`, { email: author.email, password }, { "x-client-ip": "198.18.9.1" }), es);
    const refused = await signIn(DEFAULT_PASSWORD);
    expect(refused.status).toBe(403);
    expect(fieldErrors(refused.data)[""]).toEqual(["accountBanned"]);
    expect(fieldErrors((await signIn("not the password")).data)[""]).toEqual(["invalidCredentials"]);
    // Twice is refused; an admin never.
    expect((await act(admin, { target: "profile", id: author.id, action: "ban_user", reason: "otra vez" })).status).toBe(409);
    const adminBan = await act(admin, { target: "profile", id: otherAdmin.id, action: "ban_user", reason: "no" });
    expect([adminBan.status, (adminBan.data as { error: string }).error]).toEqual([409, "errors.adminNotBannable"]);
    expect((await db().selectFrom("users").select("banned_at").where("id", "=", otherAdmin.id).executeTakeFirstOrThrow()).banned_at).toBeNull();

    // Unban: sign-in works again; the cancelled session stays cancelled.
    expect((await act(admin, { target: "user", id: author.id, action: "unban", reason: "" })).status).toBe(302);
    expect((await signIn(DEFAULT_PASSWORD)).status).toBe(302);
    expect((await db().selectFrom("sessions").select("status").where("id", "=", hosted.id).executeTakeFirstOrThrow()).status).toBe("CANCELLED");
    expect((await act(admin, { target: "user", id: author.id, action: "unban", reason: "" })).status).toBe(409);
  });

  it("upholds or rejects a no-show dispute and tells the player; a reject needs a reason", async () => {
    const [player, host, admin] = await Promise.all([signedInUser(), signedInUser({ role: "dm" }), signedInUser({ role: "admin" })]);
    const disputes = [];
    for (let i = 0; i < 2; i += 1) {
      const { id } = await createSession({ host: host.id, startsAt: new Date(Date.now() - (24 + i) * HOUR), status: "COMPLETED", title: `Mesa ${i}` });
      const bookingId = await bookSeat(id, player.id);
      await db().updateTable("bookings").set({ attendance: "NO_SHOW" }).where("id", "=", bookingId).execute();
      disputes.push(
        (
          await db()
            .insertInto("attendance_disputes")
            .values({ booking_id: bookingId, user_id: player.id, reason: "Sí estuve" })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id,
      );
    }
    expect((await act(admin, { target: "dispute", id: disputes[0]!, action: "reject", reason: "" })).status).toBe(400);
    expect((await act(admin, { target: "dispute", id: disputes[0]!, action: "uphold", reason: "" })).status).toBe(302);
    expect((await act(admin, { target: "dispute", id: disputes[0]!, action: "reject", reason: "tarde" })).status).toBe(404);
    expect((await act(admin, { target: "dispute", id: disputes[1]!, action: "reject", reason: "El DM te marcó bien" })).status).toBe(302);
    const rows = await db().selectFrom("attendance_disputes").select(["id", "status", "resolved_by"]).where("user_id", "=", player.id).execute();
    expect(Object.fromEntries(rows.map((r) => [r.id, [r.status, r.resolved_by]]))).toEqual({
      [disputes[0]!]: ["UPHELD", admin.id],
      [disputes[1]!]: ["REJECTED", admin.id],
    });
    const told = await db().selectFrom("notifications").select(["type", "params"]).where("user_id", "=", player.id).orderBy("created_at").execute();
    expect(told.map((n) => n.type).sort()).toEqual(["dispute_rejected", "dispute_upheld"]);
    expect(told.find((n) => n.type === "dispute_rejected")?.params).toMatchObject({ title: "Mesa 1", reason: "El DM te marcó bien" });
  });

  it("lists the audit log newest first, a page at a time", async () => {
    const admin = await signedInUser({ role: "admin" });
    const start = Date.parse("2030-01-01T00:00:00Z");
    await db()
      .insertInto("audit_log")
      .values(
        Array.from({ length: 30 }, (_, i) => ({
          actor_id: admin.id,
          action: "unban_user",
          target_kind: "user",
          target_id: admin.id,
          reason: `r${i}`,
          created_at: new Date(start + i * 1000),
        })),
      )
      .execute();
    const page = (n: string) => run(auditPage, new Request(`${base}/es/admin/audit?page=${n}`, { headers: { Cookie: admin.cookie } }), es);
    const first = (await page("1")).data as { entries: { reason: string }[]; hasNext: boolean };
    expect(first.entries[0]?.reason).toBe("r29");
    expect(first.entries).toHaveLength(25);
    expect(first.hasNext).toBe(true);
    const second = (await page("2")).data as { entries: { reason: string }[]; page: number };
    expect(second.entries.slice(0, 5).map((e) => e.reason)).toEqual(["r4", "r3", "r2", "r1", "r0"]);
    expect((await page("abc")).status).toBe(200);
  });
});
