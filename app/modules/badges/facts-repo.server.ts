// The facts behind each badge, counted from rows for a batch of users at once (docs/decisions/056-badge-catalogue.md).
// Each query groups by user, so a batch of 500 users costs the same handful of statements as one user.
import { sql } from "kysely";
import { countedNoShow, hostCancelledSession, lateCancelledSeat } from "#app/modules/attendance/index.server";
import type { Database } from "#db/client.server";
import { type BadgeFacts, noFacts } from "./rules";

/**
 * Attendance, kept in one place (decision record 057): a CONFIRMED seat in a COMPLETED session is
 * attended unless its host marked it a no-show (a dispute upheld clears that); unmarked seats count
 * as present, as the 48-hour default makes them. `attendanceColumns` counts, per user (`u` is the
 * users row), the no-shows and the seats the player cancelled late, both with the reliability
 * record's own conditions (attendance/repo.server.ts `countedNoShow` and `lateCancelledSeat`).
 */
const attendedSeat = sql`b.status = 'CONFIRMED' and (b.attendance is distinct from 'NO_SHOW'
  or exists (select 1 from attendance_disputes d where d.booking_id = b.id and d.status = 'UPHELD'))`;
const attendanceColumns = (now: Date) => sql`
  (select count(*)::int from bookings b join sessions s on s.id = b.session_id
     left join attendance_disputes d on d.booking_id = b.id
    where b.user_id = u.id and ${countedNoShow}) as no_shows,
  (select count(*)::int from bookings b join sessions s on s.id = b.session_id
    where b.user_id = u.id and ${lateCancelledSeat(now)}) as late_cancellations`;

/** The ways of paying that go through the provider and so have a time of payment (cash and free seats do not). */
const ONLINE_METHODS = ["CARD", "OXXO"];

type ProfileRow = {
  id: string;
  profile_complete: boolean;
  has_avatar: boolean;
  has_bio: boolean;
  dm_sum: number;
  dm_count: number;
  player_sum: number;
  player_count: number;
  no_shows: number;
  late_cancellations: number;
};

type HostedRow = { user_id: string; game: string; genre: string | null; series_id: string | null; completed: number; paid: number; cancelled: number };
type PlayedRow = { user_id: string; game: string; genre: string | null; n: number };
type BookingRow = { user_id: string; made: number; week_ahead: number; delays: (number | null)[] };
type ChatRow = { user_id: string; sessions: number; messages: number };
type RatingsRow = { user_id: string; ratings: number[] };

const add = (counts: Record<string, number>, key: string | null, n: number) => {
  if (key === null || n === 0) return;
  counts[key] = (counts[key] ?? 0) + n;
};

/**
 * Every fact of decision record 056 for each user of `userIds` that exists, at `now`. Users that
 * do not exist (deleted meanwhile) are absent from the map.
 *
 * Online payment delays: a booking's payment time is the `updated_at` of its payment in state
 * `succeeded`, which is written when the provider's webhook settles it and not changed while it
 * stays succeeded (a refund moves it to another state). So:
 * - a booking with a succeeded payment gives the seconds from booking to that payment;
 * - an EXPIRED booking, or one still PENDING_PAYMENT 24 hours after it was made, gives null (never paid);
 * - anything else is left out: a booking unpaid inside its first 24 hours, one the player cancelled
 *   before paying, and one whose payment was refunded since (its time of payment is no longer kept).
 * Subscription seats are left out too: they are due before the series' booking lock, not within 24 hours of the seat.
 */
export async function badgeFactsFor(db: Database, userIds: readonly string[], now: Date): Promise<Map<string, BadgeFacts>> {
  const ids = [...new Set(userIds)];
  const facts = new Map<string, BadgeFacts>();
  if (ids.length === 0) return facts;
  const list = sql`${ids}::uuid[]`;
  const dayAgo = new Date(now.getTime() - 86_400_000);

  const profiles = await sql<ProfileRow>`
    select u.id,
           (u.username is not null and btrim(u.display_name) <> '' and u.email_verified_at is not null) as profile_complete,
           coalesce(btrim(p.avatar_url), '') <> '' as has_avatar,
           coalesce(btrim(p.bio), '') <> '' as has_bio,
           coalesce(dm.rating_sum, 0) as dm_sum, coalesce(dm.rating_count, 0) as dm_count,
           coalesce(pl.rating_sum, 0) as player_sum, coalesce(pl.rating_count, 0) as player_count,
           ${attendanceColumns(now)}
      from users u
      left join profiles p on p.user_id = u.id
      left join user_ratings dm on dm.user_id = u.id and dm.role = 'DM'
      left join user_ratings pl on pl.user_id = u.id and pl.role = 'PLAYER'
     where u.id = any(${list})`.execute(db);

  const hosted = await sql<HostedRow>`
    select s.dm_id as user_id, s.game, s.genre, s.series_id,
           count(*) filter (where s.status = 'COMPLETED')::int as completed,
           count(*) filter (where s.status = 'COMPLETED' and s.price_cents > 0)::int as paid,
           count(*) filter (where ${hostCancelledSession})::int as cancelled
      from sessions s
     where s.dm_id = any(${list}) and s.status in ('COMPLETED', 'CANCELLED')
     group by s.dm_id, s.game, s.genre, s.series_id`.execute(db);

  const played = await sql<PlayedRow>`
    select b.user_id, s.game, s.genre, count(*)::int as n
      from bookings b
      join sessions s on s.id = b.session_id
     where b.user_id = any(${list}) and ${attendedSeat} and s.status = 'COMPLETED'
     group by b.user_id, s.game, s.genre`.execute(db);

  const bookings = await sql<BookingRow>`
    select b.user_id,
           count(*)::int as made,
           count(*) filter (where s.starts_at - b.created_at >= interval '7 days')::int as week_ahead,
           coalesce(array_agg(extract(epoch from pay.paid_at - b.created_at)::float8 order by b.created_at)
             filter (where b.payment_method = any(${ONLINE_METHODS}::text[]) and b.subscription_id is null
                       and (pay.paid_at is not null or b.status = 'EXPIRED' or (b.status = 'PENDING_PAYMENT' and b.created_at <= ${dayAgo}))),
             '{}') as delays
      from bookings b
      join sessions s on s.id = b.session_id
      left join lateral (
        select min(p.updated_at) as paid_at from payments p where p.booking_id = b.id and p.status = 'succeeded'
      ) pay on b.payment_method = any(${ONLINE_METHODS}::text[])
     where b.user_id = any(${list})
     group by b.user_id`.execute(db);

  const chats = await sql<ChatRow>`
    select m.sender_id as user_id, count(distinct c.session_id)::int as sessions, count(*)::int as messages
      from chat_messages m
      join chats c on c.id = m.chat_id and c.kind = 'session'
      join sessions s on s.id = c.session_id and s.status = 'COMPLETED'
     where m.sender_id = any(${list})
       -- A message an admin removed earns no badge.
       and m.removed_at is null
     group by m.sender_id`.execute(db);

  // Published reviews only, the same ones user_ratings counts.
  const ratings = await sql<RatingsRow>`
    select r.target_id as user_id, array_agg(r.rating::int order by r.created_at, r.id) as ratings
      from reviews r
     where r.target_id = any(${list}) and r.status = 'APPROVED' and r.hidden_at is null and r.deleted_at is null
     group by r.target_id`.execute(db);

  for (const row of profiles.rows) {
    facts.set(row.id, {
      ...noFacts(),
      profileComplete: row.profile_complete,
      hasAvatar: row.has_avatar,
      hasBio: row.has_bio,
      dmRatingSum: row.dm_sum,
      dmRatingCount: row.dm_count,
      playerRatingSum: row.player_sum,
      playerRatingCount: row.player_count,
      noShows: row.no_shows,
      lateCancellations: row.late_cancellations,
    });
  }
  const mutable = (userId: string) => facts.get(userId) as Mutable | undefined;

  const seriesCompleted = new Map<string, Map<string, number>>();
  for (const row of hosted.rows) {
    const f = mutable(row.user_id);
    if (!f) continue;
    add(f.hostedByGame, row.game, row.completed);
    add(f.completedByGenre, row.genre, row.completed);
    f.hostedPaidCompleted += row.paid;
    f.dmCancelled += row.cancelled;
    if (row.series_id !== null) {
      const perSeries = seriesCompleted.get(row.user_id) ?? new Map<string, number>();
      perSeries.set(row.series_id, (perSeries.get(row.series_id) ?? 0) + row.completed);
      seriesCompleted.set(row.user_id, perSeries);
    }
  }
  for (const [userId, perSeries] of seriesCompleted) {
    const f = mutable(userId);
    if (f) f.seriesWith3Completed = [...perSeries.values()].filter((n) => n >= 3).length;
  }
  for (const row of played.rows) {
    const f = mutable(row.user_id);
    if (!f) continue;
    add(f.playedByGame, row.game, row.n);
    add(f.completedByGenre, row.genre, row.n);
  }
  for (const row of bookings.rows) {
    const f = mutable(row.user_id);
    if (!f) continue;
    f.bookingsMade = row.made;
    f.bookingsMadeWeekAhead = row.week_ahead;
    f.paymentDelaysSeconds = row.delays;
  }
  for (const row of chats.rows) {
    const f = mutable(row.user_id);
    if (!f) continue;
    f.chatSessions = row.sessions;
    f.chatMessages = row.messages;
  }
  for (const row of ratings.rows) {
    const f = mutable(row.user_id);
    if (f) f.ratingsReceived = row.ratings;
  }
  return facts;
}

type Mutable = {
  -readonly [K in keyof BadgeFacts]: BadgeFacts[K] extends Readonly<Record<string, number>> ? Record<string, number> : BadgeFacts[K];
};
