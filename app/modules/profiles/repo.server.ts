import type { Database } from "#db/client.server";

export function findProfile(db: Database, userId: string) {
  return db
    .selectFrom("users as u")
    .innerJoin("profiles as p", "p.user_id", "u.id")
    .select([
      "u.id",
      "u.email",
      "u.first_name",
      "u.last_name",
      "u.display_name",
      "u.username",
      "u.username_changed_at",
      "u.roles",
      "u.preferred_language",
      "u.time_zone",
      "u.created_at",
      "p.bio",
      "p.description",
      "p.avatar_url",
      "p.location",
      "p.languages",
      "p.preferred_game_systems",
      "p.experience_level",
      "p.accepts_direct_bookings",
      "p.direct_booking_rate_cents",
      "p.direct_booking_currency",
      "p.direct_booking_instructions",
      "p.available_days",
    ])
    .where("u.id", "=", userId)
    .where("u.banned_at", "is", null)
    .executeTakeFirst();
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

export async function updateProfileFields(
  db: Database,
  userId: string,
  fields: { bio: string; description: string; location: string; avatarUrl: string | null; preferredGameSystems: string[]; experienceLevel: string | null },
  now: Date,
) {
  await db
    .updateTable("profiles")
    .set({
      bio: fields.bio,
      description: fields.description,
      location: fields.location,
      avatar_url: fields.avatarUrl,
      preferred_game_systems: fields.preferredGameSystems,
      experience_level: fields.experienceLevel,
      updated_at: now,
    })
    .where("user_id", "=", userId)
    .execute();
}

export async function updateHostingFields(
  db: Database,
  userId: string,
  fields: { languages: string[]; availableDays: string[]; acceptsDirectBookings: boolean; rateCents: number; currency: string; instructions: string },
  now: Date,
) {
  await db
    .updateTable("profiles")
    .set({
      languages: fields.languages,
      available_days: fields.availableDays,
      accepts_direct_bookings: fields.acceptsDirectBookings,
      direct_booking_rate_cents: fields.rateCents,
      direct_booking_currency: fields.currency,
      direct_booking_instructions: fields.instructions,
      updated_at: now,
    })
    .where("user_id", "=", userId)
    .execute();
}
