import { describe, expect, it } from "vitest";
import { jobBodies, runJob } from "../../app/modules/jobs/jobs.server";
import { recentRuns } from "../../app/modules/jobs/repo.server";
import { listForReader } from "../../app/modules/notifications/notifications.server";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession } from "../fixtures/sessions";
import { createUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";

useTestDatabase();

const startsAt = new Date("2026-12-01T20:00:00Z");
const hoursBefore = (h: number) => new Date(startsAt.getTime() - h * 3_600_000);
const minutesAfter = (m: number) => new Date(startsAt.getTime() + m * 60_000);

const newSession = async (dmId: string, over: { minParticipants?: number; status?: string; startsAt?: Date; title?: string } = {}) =>
  (
    await createSession({
      host: dmId,
      title: over.title,
      startsAt: over.startsAt ?? startsAt,
      durationMinutes: 180,
      maxParticipants: 5,
      minParticipants: over.minParticipants ?? 2,
      preSessionCheckHours: 24,
      status: over.status,
    })
  ).id;

const book = (sessionId: string, userId: string, status = "CONFIRMED") => bookSeat(sessionId, userId, { status });
const statusOf = async (id: string) => (await getDb().selectFrom("sessions").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;

describe("update-session-statuses", () => {
  it("moves a session UPCOMING → CONFIRMED → ACTIVE → COMPLETED as the clock passes its check, start and end", async () => {
    const dm = await createUser({ role: "dm" });
    const id = await newSession(dm.id);
    await book(id, (await createUser()).id);
    await book(id, (await createUser()).id);
    const { at } = testDeps();

    await runJob(at(hoursBefore(25)), "update-session-statuses");
    expect(await statusOf(id)).toBe("UPCOMING");
    await runJob(at(hoursBefore(24)), "update-session-statuses");
    expect(await statusOf(id)).toBe("CONFIRMED");
    await runJob(at(hoursBefore(1)), "update-session-statuses");
    expect(await statusOf(id)).toBe("CONFIRMED");
    await runJob(at(startsAt), "update-session-statuses");
    expect(await statusOf(id)).toBe("ACTIVE");
    await runJob(at(minutesAfter(179)), "update-session-statuses");
    expect(await statusOf(id)).toBe("ACTIVE");
    await runJob(at(minutesAfter(180)), "update-session-statuses");
    expect(await statusOf(id)).toBe("COMPLETED");
    // Again, later: nothing moves backwards.
    await runJob(at(minutesAfter(600)), "update-session-statuses");
    expect(await statusOf(id)).toBe("COMPLETED");
  });

  it("takes a session straight to COMPLETED when the first run comes after its end, and never touches a cancelled one", async () => {
    const dm = await createUser({ role: "dm" });
    const late = await newSession(dm.id, { startsAt: new Date("2026-11-20T20:00:00Z") });
    const cancelled = await newSession(dm.id, { startsAt: new Date("2026-11-21T20:00:00Z"), status: "CANCELLED" });
    const { at } = testDeps();
    await runJob(at(hoursBefore(1)), "update-session-statuses");
    expect(await statusOf(late)).toBe("COMPLETED");
    expect(await statusOf(cancelled)).toBe("CANCELLED");
  });

  it("tells the host once how many players are missing, in the host's language, and confirms when enough join during the check", async () => {
    const dm = await createUser({ role: "dm", preferredLanguage: "en" });
    const id = await newSession(dm.id, { minParticipants: 3, title: "Short table" });
    await book(id, (await createUser()).id);
    const { at } = testDeps();

    const deps = at(hoursBefore(20));
    // The body twice in parallel (runJob would skip the overlap), then again: one warning.
    await Promise.all([jobBodies["update-session-statuses"](deps), jobBodies["update-session-statuses"](deps)]);
    await runJob(at(hoursBefore(19)), "update-session-statuses");
    const notes = await listForReader(deps, dm.id, "en", 10);
    expect(notes.filter((n) => n.type === "players_missing")).toEqual([
      expect.objectContaining({
        title: "Your session needs players",
        message: '"Short table" is still 2 players short of its minimum.',
        actionUrl: `/session/${id}`,
      }),
    ]);
    expect(await statusOf(id)).toBe("UPCOMING");

    await book(id, (await createUser()).id);
    await book(id, (await createUser()).id);
    await runJob(at(hoursBefore(2)), "update-session-statuses");
    expect(await statusOf(id)).toBe("CONFIRMED");
  });

  it("records each run: name, start, end, outcome and items, and a failure with its error", async () => {
    const dm = await createUser({ role: "dm" });
    await newSession(dm.id, { startsAt: new Date("2026-11-10T20:00:00Z") });
    const { at } = testDeps();
    const now = new Date("2026-12-05T00:00:00Z");
    const run = await runJob(at(now), "update-session-statuses");
    expect(run).toMatchObject({ outcome: "ok", error: null });
    expect(run.items).toBeGreaterThanOrEqual(1);
    await expect(runJob(at(now), "cleanup-expired-bookings", () => Promise.reject(new Error("mail server down")))).rejects.toThrow("mail server down");

    const [latest] = await recentRuns(getDb(), "update-session-statuses", 1);
    expect(latest).toMatchObject({ outcome: "ok", items: run.items, error: null, started_at: now });
    expect(new Date(latest!.finished_at!).getTime()).toBeGreaterThanOrEqual(now.getTime());
    const [failed] = await recentRuns(getDb(), "cleanup-expired-bookings", 1);
    expect(failed).toMatchObject({ outcome: "failed", items: 0, started_at: now });
    expect(failed!.error).toContain("mail server down");
  });
});

describe("runJob", () => {
  it("skips, without recording it, a run that overlaps a running one of the same job", async () => {
    const { at } = testDeps();
    const now = new Date("2026-12-06T00:00:00Z");
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let entered = 0;
    const slow = async () => {
      entered += 1;
      await gate;
      return { items: 7 };
    };
    const first = runJob(at(now), "generate-series-sessions", slow);
    while (entered === 0) await new Promise((resolve) => setImmediate(resolve));
    const second = await runJob(at(now), "generate-series-sessions", slow);
    expect(second).toMatchObject({ outcome: "skipped", items: 0 });
    release();
    expect(await first).toMatchObject({ outcome: "ok", items: 7 });
    expect(entered).toBe(1);
    // Free again once the first has finished.
    expect((await runJob(at(now), "generate-series-sessions", slow)).outcome).toBe("ok");
    const runs = await recentRuns(getDb(), "generate-series-sessions");
    expect(runs.map((r) => r.items)).toEqual([7, 7]);
  });
});

describe("cleanup-expired-bookings (until the booking engine's version lands)", () => {
  it("expires pending payments whose hold has passed, which frees their seats, once", async () => {
    const dm = await createUser({ role: "dm" });
    const id = await newSession(dm.id);
    const [a, b] = [await createUser(), await createUser()];
    await getDb()
      .insertInto("bookings")
      .values([
        { session_id: id, user_id: a.id, status: "PENDING_PAYMENT", hold_until: hoursBefore(48) },
        { session_id: id, user_id: b.id, status: "PENDING_PAYMENT", hold_until: hoursBefore(30) },
      ])
      .execute();
    const { at } = testDeps();
    expect((await runJob(at(hoursBefore(50)), "cleanup-expired-bookings")).items).toBe(0);
    expect((await runJob(at(hoursBefore(40)), "cleanup-expired-bookings")).items).toBe(1);
    expect((await runJob(at(hoursBefore(40)), "cleanup-expired-bookings")).items).toBe(0);
    const seats = await getDb().selectFrom("sessions").select("booked_count").where("id", "=", id).executeTakeFirstOrThrow();
    expect(seats.booked_count).toBe(1);
  });
});
