import { backfillBadges } from "../../app/modules/badges/badges.server";
import { insertSession, type SessionRow } from "../../app/modules/sessions/repo.server";
import { getDb } from "../../db/client.server";
import { demoSessionBase } from "./session-row";

/**
 * The demo's earned badges: Ana's past D&D evenings with Lucía and Mateo (five of them, enough for
 * the D&D badge both ways; Mateo missed the last one), then every account's badges computed as the
 * award-badges job and its backfill compute them.
 */
export async function seedBadgeStories(idOf: (email: string) => string | undefined, now: Date) {
  const db = getDb();
  const ana = idOf("ana.dm@mesa.test");
  const lucia = idOf("lucia@mesa.test");
  const mateo = idOf("mateo@mesa.test");
  if (!ana || !lucia || !mateo) return 0;
  let created = 0;
  for (let week = 1; week <= 5; week += 1) {
    const startsAt = new Date(now.getTime() - (week * 7 + 20) * 86_400_000);
    const row: SessionRow = {
      ...demoSessionBase(ana, startsAt),
      title: `Crónicas de Phandalin, capítulo ${6 - week}`,
      description: "Una campaña corta de D&D que ya terminó.",
      genre: "Fantasy",
      experienceLevel: "BEGINNER",
      allowedPaymentMethods: ["CARD"],
      minAdvanceBookingHours: 48,
      tags: ["campaign"],
    };
    const id = await insertSession(db, row, now);
    for (const userId of [lucia, mateo])
      await db
        .insertInto("bookings")
        .values({ session_id: id, user_id: userId, status: "CONFIRMED", payment_method: "FREE", created_at: new Date(startsAt.getTime() - 10 * 86_400_000) })
        .execute();
    await db.updateTable("sessions").set({ status: "COMPLETED" }).where("id", "=", id).execute();
    created += 1;
  }
  // Mateo missed the latest chapter: Ana marked him absent, so his record shows a no-show (decision record 057).
  const latest = await db.selectFrom("sessions").select("id").where("title", "=", "Crónicas de Phandalin, capítulo 5").executeTakeFirst();
  if (latest)
    await db
      .updateTable("bookings")
      .set({ attendance: "NO_SHOW", attendance_marked_at: now, attendance_marked_by: ana })
      .where("session_id", "=", latest.id)
      .where("user_id", "=", mateo)
      .execute();
  await backfillBadges({ db, now });
  return created;
}
