import type { Deps } from "#app/modules/deps.server";
import { consumeLimit } from "#app/modules/rate-limits/rate-limits.server";
import { limits } from "#app/modules/rate-limits/rules";
import * as users from "#app/modules/users/index.server";
import { displayNameOf, isAdmin, isDm, usernameChangeAvailableAt, usernameProblem } from "#app/modules/users/rules";
import { findProfile, type ProfileRow, updateHostingFields, updateProfileFields } from "./repo.server";
import type { HostingInput, ProfileInput } from "./schema";

export const getProfile = (deps: Pick<Deps, "db">, userId: string) => findProfile(deps.db, userId);

/** The profile form's fields as its owner last saved them (the names of profileSchema), or null. */
export async function profileFormValues(deps: Pick<Deps, "db">, userId: string) {
  const profile = await findProfile(deps.db, userId);
  return (
    profile && {
      username: profile.username ?? "",
      firstName: profile.first_name,
      lastName: profile.last_name,
      displayName: profile.display_name,
      bio: profile.bio,
      description: profile.description,
      location: profile.location,
      avatarUrl: profile.avatar_url ?? "",
      timeZone: profile.time_zone,
      preferredLanguage: profile.preferred_language,
      experienceLevel: profile.experience_level ?? "",
      preferredGameSystems: profile.preferred_game_systems,
    }
  );
}

/** The profile as the JSON API shows it (spec section 3, Profile). Email only for its owner. */
/**
 * GET /api/profile/{id}. Everyone signed in sees what the public profile page shows; the real
 * name, roles, time zone, language and the direct-booking instructions (which may hold contact
 * or payment details) go only to the owner and to admins, and the email only to the owner.
 */
export function profileJson(row: ProfileRow, viewer: { id: string; isAdmin: boolean } | null) {
  const publicFields = {
    id: row.id,
    userId: row.id,
    displayName: displayNameOf({ displayName: row.display_name, email: row.email }),
    username: row.username,
    bio: row.bio,
    description: row.description,
    avatarUrl: row.avatar_url,
    location: row.location,
    languages: row.languages,
    preferredGameSystems: row.preferred_game_systems,
    experienceLevel: row.experience_level,
    acceptsDirectBookings: row.accepts_direct_bookings,
    /** Minor units (cents) of directBookingCurrency. */
    directBookingRate: row.direct_booking_rate_cents,
    directBookingCurrency: row.direct_booking_currency,
    availableDays: row.available_days,
    isDm: isDm(row.roles),
    createdAt: row.created_at,
  };
  const isOwner = viewer?.id === row.id;
  if (!isOwner && !viewer?.isAdmin) return publicFields;
  return {
    ...publicFields,
    name: [row.first_name, row.last_name].filter(Boolean).join(" "),
    firstName: row.first_name,
    lastName: row.last_name,
    ...(isOwner ? { email: row.email } : {}),
    timezone: row.time_zone,
    preferredLanguage: row.preferred_language,
    directBookingInstructions: row.direct_booking_instructions,
    roles: row.roles,
    isAdmin: isAdmin(row.roles),
  };
}

export type UsernameVerdict = { ok: true; unchanged?: boolean } | { ok: false; error: string; availableAt?: Date };

/** The same verdict for the live check and for the form submit, so both say the same thing. */
export async function judgeUsername(deps: Pick<Deps, "db" | "now">, userId: string, username: string): Promise<UsernameVerdict> {
  const profile = await findProfile(deps.db, userId);
  if (profile?.username && profile.username === username) return { ok: true, unchanged: true };
  const problem = usernameProblem(username);
  if (problem) return { ok: false, error: problem };
  if (profile?.username) {
    const availableAt = usernameChangeAvailableAt(profile.username_changed_at ? new Date(profile.username_changed_at) : null, deps.now);
    if (availableAt) return { ok: false, error: "usernameCooldown", availableAt };
  }
  if (await users.isUsernameTaken(deps.db, username, userId)) return { ok: false, error: "usernameTaken" };
  return { ok: true };
}

/** The live availability check: at most 20 per user in 10 minutes (spec section 9). */
export async function checkUsername(deps: Pick<Deps, "db" | "now">, userId: string, username: string): Promise<UsernameVerdict> {
  const limited = await consumeLimit(deps.db, `username:check:${userId}`, limits.usernameChecks, deps.now);
  if (limited.limited) return { ok: false, error: "usernameCheckLimited" };
  return judgeUsername(deps, userId, username.trim());
}

export type SaveResult = { ok: true } | { ok: false; field: "username"; error: string };

/** Saves the profile form. A username change obeys the rules, the 7-day cooldown and 5 updates per hour. */
export async function saveProfile(deps: Deps, userId: string, input: ProfileInput): Promise<SaveResult> {
  const username = input.username?.trim() || null;
  let changeUsername = false;
  if (username) {
    const verdict = await judgeUsername(deps, userId, username);
    if (!verdict.ok) return { ok: false, field: "username", error: verdict.error };
    if (!verdict.unchanged) {
      const limited = await consumeLimit(deps.db, `username:update:${userId}`, limits.usernameUpdates, deps.now);
      if (limited.limited) return { ok: false, field: "username", error: "usernameUpdateLimited" };
      changeUsername = true;
    }
  }
  try {
    await deps.db.transaction().execute(async (trx) => {
      await users.updateUserNames(
        trx,
        userId,
        {
          firstName: input.firstName,
          lastName: input.lastName,
          displayName: input.displayName,
          preferredLanguage: input.preferredLanguage,
          timeZone: input.timeZone,
        },
        deps.now,
      );
      if (changeUsername && username) await users.updateUsername(trx, userId, username, deps.now);
      await updateProfileFields(
        trx,
        userId,
        {
          bio: input.bio,
          description: input.description,
          location: input.location,
          avatarUrl: input.avatarUrl ?? null,
          preferredGameSystems: input.preferredGameSystems,
          experienceLevel: input.experienceLevel ?? null,
        },
        deps.now,
      );
    });
  } catch (error) {
    // Two people racing for the same name: the unique index decides.
    if (error instanceof Error && "constraint" in error && error.constraint === "users_username_lower_key") {
      return { ok: false, field: "username", error: "usernameTaken" };
    }
    throw error;
  }
  return { ok: true };
}

export async function saveHosting(deps: Deps, userId: string, input: HostingInput) {
  await updateHostingFields(
    deps.db,
    userId,
    {
      languages: input.languages,
      availableDays: input.availableDays,
      acceptsDirectBookings: input.acceptsDirectBookings,
      rateCents: input.directBookingRate,
      currency: input.directBookingCurrency,
      instructions: input.directBookingInstructions,
    },
    deps.now,
  );
}
