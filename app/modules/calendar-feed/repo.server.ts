import { sql } from "kysely";
import { ACTIVE_BOOKING_STATUSES } from "#app/modules/bookings/rules";
import type { Database } from "#db/client.server";

/** Sessions the user hosts or holds an active seat in, starting between `from` and `to`, soonest first. */
export function feedSessions(db: Database, userId: string, from: Date, to: Date, limit: number) {
  return db
    .selectFrom("sessions as s")
    .select([
      "s.id",
      "s.title",
      "s.description",
      "s.game",
      "s.starts_at",
      "s.duration_minutes",
      "s.location",
      "s.status",
      "s.updated_at",
      "s.series_id",
      sql<boolean>`s.dm_id = ${userId}`.as("hosting"),
    ])
    .where("s.starts_at", ">=", from)
    .where("s.starts_at", "<", to)
    .where((eb) =>
      eb.or([
        eb("s.dm_id", "=", userId),
        eb.exists(
          eb
            .selectFrom("bookings as b")
            .select(sql`1`.as("one"))
            .whereRef("b.session_id", "=", "s.id")
            .where("b.user_id", "=", userId)
            .where("b.status", "in", [...ACTIVE_BOOKING_STATUSES]),
        ),
      ]),
    )
    .orderBy("s.starts_at")
    .limit(limit)
    .execute();
}
