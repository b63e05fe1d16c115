import { sql } from "kysely";
import { paymentReminderCutoffs } from "../../app/modules/jobs/rules";
import type { Database } from "../../db/client.server";

/** Marks every reminder due by `at` as sent (the state a job running every minute leaves behind). */
export async function markRemindersSentUpTo(db: Database, at: Date) {
  const [d1, d3, d7] = paymentReminderCutoffs(at).map((c) => c.until);
  await sql`insert into session_notices (session_id, user_id, kind, sent_at)
    select b.session_id, b.user_id, k.kind, ${at}
    from bookings b
    cross join lateral (values ('payment_due_7d', ${d7}::timestamptz), ('payment_due_3d', ${d3}::timestamptz), ('payment_due_1d', ${d1}::timestamptz)) as k(kind, until)
    where b.status = 'PENDING_PAYMENT' and b.subscription_id is not null and b.hold_until > ${at} and b.hold_until <= k.until
    on conflict do nothing`.execute(db);
}
