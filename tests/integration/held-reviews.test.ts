import { describe, expect, it } from "vitest";
import { REPORTER_MIN_ACCOUNT_DAYS } from "../../app/modules/moderation/rules";
import { action as moderate } from "../../app/routes/$lang.admin.moderation/route";
import { action as apiReport } from "../../app/routes/api.reports";
import { getDb } from "../../db/client.server";
import { bookSeat, createSession } from "../fixtures/sessions";
import { type SignedInUser, signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { form, jsonPost, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const HOUR = 3_600_000;

/** A completed session's published review of its host, and the host. */
async function publishedReview() {
  const [author, host] = await Promise.all([signedInUser(), signedInUser({ role: "dm" })]);
  const { id: sessionId } = await createSession({ host: host.id, startsAt: new Date(Date.now() - 48 * HOUR), status: "COMPLETED" });
  await bookSeat(sessionId, author.id);
  const { id } = await getDb()
    .insertInto("reviews")
    .values({ session_id: sessionId, author_id: author.id, target_id: host.id, target_role: "DM", rating: 1, comment: "Nunca más" })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, host };
}

/** A reporter who counts (decision record 069): verified, with an account older than the rule asks. */
async function established() {
  const user = await signedInUser();
  const createdAt = new Date(Date.now() - (REPORTER_MIN_ACCOUNT_DAYS + 1) * 86_400_000);
  await getDb().updateTable("users").set({ created_at: createdAt }).where("id", "=", user.id).execute();
  return user;
}

const report = (who: SignedInUser, reviewId: string) =>
  run(apiReport, jsonPost(`${base}/api/reports`, { kind: "review", targetId: reviewId, reason: "FAKE" }, who.auth));

const statusOf = async (id: string) => (await getDb().selectFrom("reviews").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status;
const ratingCount = async (userId: string) =>
  (await getDb().selectFrom("user_ratings").select("rating_count").where("user_id", "=", userId).where("role", "=", "DM").executeTakeFirst())?.rating_count ??
  0;

describe("a review reported by three people who count is held back", () => {
  it("stays published with two reports and is held (PENDING, out of the average) by the third, also when the reports arrive at once", async () => {
    const { id, host } = await publishedReview();
    const reporters = await Promise.all(Array.from({ length: 4 }, () => established()));
    for (const who of reporters.slice(0, 2)) expect((await report(who, id)).status).toBe(201);
    expect(await statusOf(id)).toBe("APPROVED");
    expect(await ratingCount(host.id)).toBe(1);

    // Parallel: three at once on other reviews; whichever is third must see the other two (repeated rounds).
    for (let round = 0; round < 5; round += 1) {
      const other = await publishedReview();
      const results = await Promise.all(reporters.slice(0, 3).map((who) => report(who, other.id)));
      expect(results.map((r) => r.status)).toEqual([201, 201, 201]);
      expect(await statusOf(other.id)).toBe("PENDING");
      expect(await ratingCount(other.host.id)).toBe(0);
    }

    expect((await report(reporters[2]!, id)).status).toBe(201);
    expect(await statusOf(id)).toBe("PENDING");
  });

  it("dismissing the reports or approving publishes it again; a hidden review stays hidden when reported", async () => {
    const admin = await signedInUser({ role: "admin" });
    const act = (fields: Record<string, string>) => run(moderate, form(`${base}/es/admin/moderation`, fields, { Cookie: admin.cookie }), { lang: "es" });
    const reporters = await Promise.all(Array.from({ length: 3 }, () => established()));
    const dismissed = await publishedReview();
    for (const who of reporters) await report(who, dismissed.id);
    expect(await statusOf(dismissed.id)).toBe("PENDING");
    expect((await act({ target: "review", id: dismissed.id, action: "dismiss", reason: "Crítica legítima" })).status).toBe(302);
    expect(await statusOf(dismissed.id)).toBe("APPROVED");
    expect(await ratingCount(dismissed.host.id)).toBe(1);

    const hidden = await publishedReview();
    await report(reporters[0]!, hidden.id);
    expect((await act({ target: "review", id: hidden.id, action: "hide_review", reason: "Insulto" })).status).toBe(302);
    for (const who of reporters.slice(1)) await report(who, hidden.id);
    expect(await statusOf(hidden.id)).toBe("REJECTED");
  });
});
