import { sql } from "kysely";
import { notToldYet } from "#app/modules/sessions/index.server";
import type { Database } from "#db/client.server";

/** Which reminder a seat is due, by cutoff: the first cutoff its deadline is at or before (jobs/rules.ts `paymentReminderCutoffs`). */
export type ReminderCutoff = { kind: string; until: Date };

/**
 * Unpaid subscription seats whose payment reminder is due at `now` and not sent yet: held seats
 * (PENDING_PAYMENT) given for a subscription, whose deadline (`hold_until`, when the cleanup job
 * releases them) is in (now, last cutoff], in a session still going ahead, without a succeeded
 * payment, whose player has not had the reminder due for that deadline. One statement over the
 * partial index bookings_subscription_due_idx (the seats in the window, nothing else); a read
 * without locks, the claim in session_notices decides who really gets it.
 */
export async function duePaymentReminders(db: Database, now: Date, cutoffs: ReminderCutoff[], limit = 500) {
  const last = cutoffs.at(-1);
  if (!last) return [];
  const due = sql<string>`case ${sql.join(
    cutoffs.map((c) => sql`when b.hold_until <= ${c.until} then ${c.kind}`),
    sql` `,
  )} end`;
  const rows = await db
    .selectFrom("bookings as b")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .innerJoin("users as u", "u.id", "b.user_id")
    .select([
      "b.id as booking_id",
      "b.hold_until",
      "b.amount_cents",
      "b.currency",
      "s.id as session_id",
      "s.title",
      "s.starts_at",
      "u.id as user_id",
      "u.email",
      "u.display_name",
      "u.preferred_language",
      "u.time_zone as user_time_zone",
      due.as("kind"),
    ])
    .where("b.status", "=", "PENDING_PAYMENT")
    .where("b.subscription_id", "is not", null)
    .where("b.hold_until", ">", now)
    .where("b.hold_until", "<=", last.until)
    .where("s.status", "in", ["UPCOMING", "CONFIRMED"])
    .where("u.banned_at", "is", null)
    // A card try's seat (a subscription not begun) is paid in its card try, not reminded of (decision record 070).
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom("series_subscriptions as su")
          .select(sql`1`.as("one"))
          .whereRef("su.id", "=", "b.subscription_id")
          .where("su.status", "=", "ACTIVE"),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("payments as p")
            .select(sql`1`.as("one"))
            .whereRef("p.booking_id", "=", "b.id")
            .where("p.status", "=", "succeeded"),
        ),
      ),
    )
    .where(notToldYet("b.session_id", "b.user_id", due))
    .orderBy("b.hold_until")
    .limit(limit)
    .execute();
  // hold_until is not null here (the range above), which the generated type cannot know.
  return rows.map((r) => ({ ...r, hold_until: new Date(r.hold_until!) }));
}
