import { sql } from "kysely";

/**
 * Attendance after a session (decision record 057): the host marks each confirmed seat PRESENT or
 * NO_SHOW; a seat left unmarked becomes PRESENT 48 hours after the end (marked_by stays null: the
 * default, not a person). A player may dispute a NO_SHOW once: the unique booking_id makes "once"
 * hold under parallel requests. The partial index serves the default job's look for unmarked seats.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table bookings
    add column attendance text null check (attendance in ('PRESENT', 'NO_SHOW')),
    add column attendance_marked_at timestamptz null,
    add column attendance_marked_by uuid null references users(id) on delete set null`.execute(db);
  await sql`create index bookings_unmarked_confirmed_idx on bookings (session_id) where status = 'CONFIRMED' and attendance is null`.execute(db);
  await sql`create table attendance_disputes (
    id uuid primary key default gen_random_uuid(),
    booking_id uuid not null unique references bookings(id) on delete cascade,
    user_id uuid not null references users(id) on delete cascade,
    reason text not null check (char_length(reason) between 1 and 1000),
    status text not null default 'OPEN' check (status in ('OPEN', 'UPHELD', 'REJECTED')),
    created_at timestamptz not null default now(),
    resolved_at timestamptz null,
    resolved_by uuid null references users(id) on delete set null
  )`.execute(db);
  await sql`create index attendance_disputes_open_idx on attendance_disputes (created_at) where status = 'OPEN'`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop table if exists attendance_disputes`.execute(db);
  await sql`drop index if exists bookings_unmarked_confirmed_idx`.execute(db);
  await sql`alter table bookings drop column if exists attendance_marked_by, drop column if exists attendance_marked_at, drop column if exists attendance`.execute(db);
}
