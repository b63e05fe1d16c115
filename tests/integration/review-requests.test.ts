import { describe, expect, it } from "vitest";
import { runJob } from "../../app/modules/jobs/jobs.server";
import { requestReviews } from "../../app/modules/reviews/requests.server";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession } from "../fixtures/sessions";
import { createUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";

useTestDatabase();

const now = new Date("2026-11-21T12:00:00Z");
const HOUR = 3_600_000;
const requestsOf = async (userId: string) =>
  (await getDb().selectFrom("notifications").select(["type", "action_url"]).where("user_id", "=", userId).where("type", "=", "review_requested").execute()).map(
    (n) => n.action_url,
  );

describe("the request-reviews job", () => {
  it("asks each player with a confirmed seat and the host once, by notification and email, also when runs overlap", async () => {
    const host = await createUser({ role: "dm" });
    const [ana, beto, caro] = await Promise.all([createUser(), createUser({ preferredLanguage: "en" }), createUser()]);
    const { id } = await createSession({
      host: host.id,
      startsAt: new Date(now.getTime() - 5 * HOUR),
      durationMinutes: 180,
      status: "COMPLETED",
      title: "La cripta",
    });
    await bookSeat(id, ana!.id);
    await bookSeat(id, beto!.id);
    await bookSeat(id, caro!.id, { status: "CANCELLED" });
    const t = testDeps(now);
    const runs = await Promise.all([requestReviews(t.deps), requestReviews(t.deps), requestReviews(t.deps)]);
    expect(runs.reduce((sum, r) => sum + r.items, 0)).toBe(3);
    expect(await requestsOf(ana!.id)).toEqual([`/session/${id}/review?target=${host.id}`]);
    expect(await requestsOf(beto!.id)).toHaveLength(1);
    expect(await requestsOf(host.id)).toEqual([`/session/${id}`]);
    expect(await requestsOf(caro!.id)).toEqual([]);
    const mails = await t.mails();
    expect(mails.map((m) => m.subject).sort()).toEqual(["How was La cripta?", "¿Qué tal estuvo La cripta?", "¿Qué tal estuvo La cripta?"]);
    expect((await runJob(t.deps, "request-reviews")).items).toBe(0);
  });

  it("asks nothing for a session not completed, one without players, or one that ended over a week ago", async () => {
    const host = await createUser({ role: "dm" });
    const player = await createUser();
    const running = await createSession({ host: host.id, startsAt: new Date(now.getTime() - HOUR), durationMinutes: 180, status: "IN_PROGRESS" });
    await bookSeat(running.id, player.id);
    await createSession({ host: host.id, startsAt: new Date(now.getTime() - 5 * HOUR), durationMinutes: 60, status: "COMPLETED" });
    const old = await createSession({ host: host.id, startsAt: new Date(now.getTime() - 8 * 24 * HOUR), durationMinutes: 60, status: "COMPLETED" });
    await bookSeat(old.id, player.id);
    expect(await requestReviews(testDeps(now).deps)).toEqual({ items: 0 });
  });
});
