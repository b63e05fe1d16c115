import { hashPassword } from "../../app/modules/auth/password.server";
import { insertReport, reporterStanding } from "../../app/modules/moderation/repo.server";
import { reporterCounts } from "../../app/modules/moderation/rules";
import { insertUser } from "../../app/modules/users/repo.server";
import { getDb } from "../../db/client.server";

/** The demo's banned account (README, "Demo accounts"): signing in with it shows the suspension message. */
export const DEMO_BANNED = { email: "baneado@mesa.test", password: "Baneado-2026!" };

/**
 * The admin desk's demo (decision record 063): Mateo's review of Ana, reported by Lucía and waiting
 * in the moderation queue, and an account Alma (admin) banned, with its row in the audit log.
 */
export async function seedModerationStories(idOf: (email: string) => string | undefined, now: Date) {
  const db = getDb();
  const [admin, ana, lucia, mateo] = ["admin@mesa.test", "ana.dm@mesa.test", "lucia@mesa.test", "mateo@mesa.test"].map(idOf);
  if (!admin || !ana || !lucia || !mateo) return 0;
  let created = 0;
  const review = await db
    .selectFrom("reviews")
    .select(["id", "target_id", "revision"])
    .where("author_id", "=", mateo)
    .where("target_id", "=", ana)
    .where("deleted_at", "is", null)
    .executeTakeFirst();
  const standing = await reporterStanding(db, lucia);
  if (review && standing) {
    const reportedAt = new Date(now.getTime() - 2 * 3_600_000);
    // Whether Lucía's report counts toward holding the review is the app's rule (decision record 069);
    // one report holds nothing either way.
    const counts = reporterCounts(
      { id: lucia, emailVerified: standing.email_verified_at !== null, createdAt: new Date(standing.created_at) },
      { targetId: review.target_id },
      reportedAt,
    );
    const reported = await insertReport(db, {
      reporterId: lucia,
      kind: "review",
      targetId: review.id,
      targetUserId: mateo,
      targetRevision: review.revision,
      counts,
      reason: "OTHER",
      details: "Creo que exagera: el combate final duró lo normal.",
      now: reportedAt,
    });
    if (reported) created += 1;
  }
  {
    const bannedId = await insertUser(db, {
      email: DEMO_BANNED.email,
      passwordHash: await hashPassword(DEMO_BANNED.password),
      firstName: "Tomás",
      lastName: "Troll",
      displayName: "Tomás T.",
      roles: ["user"],
      preferredLanguage: "es",
      emailVerifiedAt: now,
    });
    // Already there (a second seed run): nothing to add.
    if (!bannedId) return created;
    const bannedAt = new Date(now.getTime() - 24 * 3_600_000);
    await db.updateTable("users").set({ banned_at: bannedAt }).where("id", "=", bannedId).execute();
    await db
      .insertInto("audit_log")
      .values({
        actor_id: admin,
        action: "ban_user",
        target_kind: "user",
        target_id: bannedId,
        reason: "Insultos repetidos en el chat de varias partidas.",
        created_at: bannedAt,
      })
      .execute();
    created += 1;
  }
  return created;
}
