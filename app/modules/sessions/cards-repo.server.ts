import { sql } from "kysely";
import type { Database } from "#db/client.server";
import { activeBookingExists, pendingBookingExists } from "./repo.server";

/**
 * The session's columns a card and the JSON API's session show. Not `s.*`: the folded search text
 * (a copy of the title, description and names), the host's private instructions and the row's
 * timestamps were read, sent and parsed for every result and shown nowhere.
 */
const LISTED_COLUMNS = [
  "s.id",
  "s.dm_id",
  "s.series_id",
  "s.title",
  "s.description",
  "s.game",
  "s.genre",
  "s.experience_level",
  "s.starts_at",
  "s.time_zone",
  "s.duration_minutes",
  "s.max_participants",
  "s.min_participants",
  "s.pre_session_check_hours",
  "s.price_cents",
  "s.currency",
  "s.allowed_payment_methods",
  "s.min_advance_booking_hours",
  "s.voucher_payment_days",
  "s.tags",
  "s.safety_tools",
  "s.image_url",
  "s.location",
  "s.is_private",
  "s.is_modified",
  "s.status",
] as const;

/** Whether `userId` is an active subscriber of the series of the session `s` (decision record 051). */
const subscribedTo = (userId: string) =>
  sql<boolean>`exists (select 1 from series_subscriptions su where su.series_id = s.series_id and su.user_id = ${userId} and su.status = 'ACTIVE')`;

/** Everything a session card shows: the session, its DM's name, its series and whether the viewer joined it. */
export function cardRows(db: Database, viewerId: string | null) {
  return db
    .selectFrom("sessions as s")
    .innerJoin("users as u", "u.id", "s.dm_id")
    .leftJoin("series as se", "se.id", "s.series_id")
    .select(LISTED_COLUMNS)
    .select([
      "u.display_name as dm_display_name",
      // The host's rating as a host and their badges, mirrored onto their users row by triggers on
      // user_ratings and user_badges (migration 2026_11_27_030000): no extra read per card.
      "u.host_rating_sum",
      "u.host_rating_count",
      "u.badge_ids as host_badges",
      "se.title as series_title",
      "se.frequency as series_frequency",
      "se.day_of_week as series_day_of_week",
      "se.time_zone as series_time_zone",
      "s.booked_count as booked",
      viewerId ? activeBookingExists(viewerId).as("joined") : sql<boolean>`false`.as("joined"),
      // A seat held while its payment is not in is no booking yet: its card says so.
      viewerId ? pendingBookingExists(viewerId).as("held") : sql<boolean>`false`.as("held"),
      viewerId ? subscribedTo(viewerId).as("subscribed") : sql<boolean>`false`.as("subscribed"),
      // A series card shows its active subscribers; each count reads the partial index on active subscriptions.
      sql<number>`case when s.series_id is null then 0 else (select count(*)::int from series_subscriptions su where su.series_id = s.series_id and su.status = 'ACTIVE') end`.as(
        "subscribers",
      ),
    ]);
}
