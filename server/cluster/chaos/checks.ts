import { sql } from "kysely";
import type { Database } from "../../../db/client.server";
import type { LoggedEvent } from "./accounting";

/** The log of each user's events after `baseline`, in id order, as the streams should have received it. */
export async function eventsByUser(db: Database, userIds: string[], baseline: number): Promise<Map<string, LoggedEvent[]>> {
  const rows = await db
    .selectFrom("live_events")
    .select(["id", "user_id", "kind", "payload"])
    .where("user_id", "in", userIds)
    .where("id", ">", baseline)
    // What a stream sends (app/modules/notifications/present.server.ts); revocations are never sent.
    .where("kind", "in", ["notification_created", "unread_count", "chat_message", "chat_message_removed"])
    .orderBy("id")
    .execute();
  const byUser = new Map<string, LoggedEvent[]>(userIds.map((id) => [id, []]));
  for (const row of rows) byUser.get(row.user_id)?.push({ id: Number(row.id), kind: row.kind, payload: row.payload });
  return byUser;
}

export type SeatReport = {
  sessionsChecked: number;
  activeBookings: number;
  /** Sessions holding more active bookings than seats: must be none. */
  overbooked: { sessionId: string; seats: number; active: number }[];
  /** Active bookings of a paid session with no payment row: must be none. */
  paidWithoutPayment: number;
  /** Payments of these sessions that name no booking, or a booking of another session or user: must be none. */
  paymentsAstray: number;
  /** A player holding two active bookings of one session: must be none. */
  doubleBooked: number;
};

/** Bookings against seats and payments, over the sessions of the run and, for seats, every session. */
export async function checkSeats(db: Database, sessionIds: string[]): Promise<SeatReport> {
  const overbooked = await sql<{ session_id: string; seats: number; active: number }>`
    select s.id as session_id, s.max_participants as seats, count(b.id)::int as active
    from sessions s join bookings b on b.session_id = s.id and b.status in ('PENDING_PAYMENT', 'CONFIRMED')
    group by s.id having count(b.id) > s.max_participants`.execute(db);
  const active = await sql<{ n: number }>`
    select count(*)::int as n from bookings where session_id = any(${sessionIds}::uuid[]) and status in ('PENDING_PAYMENT', 'CONFIRMED')`.execute(db);
  const paidWithoutPayment = await sql<{ n: number }>`
    select count(*)::int as n from bookings b join sessions s on s.id = b.session_id
    where s.id = any(${sessionIds}::uuid[]) and s.price_cents > 0 and b.status in ('PENDING_PAYMENT', 'CONFIRMED')
      and not exists (select 1 from payments p where p.booking_id = b.id)`.execute(db);
  const astray = await sql<{ n: number }>`
    select count(*)::int as n from payments p left join bookings b on b.id = p.booking_id
    where p.session_id = any(${sessionIds}::uuid[])
      and (b.id is null or b.session_id <> p.session_id or b.user_id <> p.user_id)`.execute(db);
  const doubled = await sql<{ n: number }>`
    select count(*)::int as n from (
      select session_id, user_id from bookings where session_id = any(${sessionIds}::uuid[]) and status in ('PENDING_PAYMENT', 'CONFIRMED')
      group by session_id, user_id having count(*) > 1) d`.execute(db);
  return {
    sessionsChecked: sessionIds.length,
    activeBookings: active.rows[0]!.n,
    overbooked: overbooked.rows.map((r) => ({ sessionId: r.session_id, seats: r.seats, active: r.active })),
    paidWithoutPayment: paidWithoutPayment.rows[0]!.n,
    paymentsAstray: astray.rows[0]!.n,
    doubleBooked: doubled.rows[0]!.n,
  };
}

/** When each run of `job` started, from the app's own record of runs (job_runs, written by runJob). */
export async function jobRunStarts(db: Database, job: string, from: Date): Promise<number[]> {
  const rows = await db.selectFrom("job_runs").select("started_at").where("name", "=", job).where("started_at", ">=", from).orderBy("started_at").execute();
  return rows.map((r) => new Date(r.started_at).getTime());
}

/** Jobs the worker held when it was killed: graphile-worker leaves them locked (until its four-hour timeout). */
export async function lockedJobs(db: Database): Promise<{ task: string; lockedAt: string }[]> {
  const { rows } = await sql<{ task: string; locked_at: Date }>`
    select t.identifier as task, j.locked_at from graphile_worker._private_jobs j
    join graphile_worker._private_tasks t on t.id = j.task_id where j.locked_at is not null`.execute(db);
  return rows.map((r) => ({ task: r.task, lockedAt: r.locked_at.toISOString() }));
}
