import type { Database } from "#db/client.server";

const userColumns = [
  "id",
  "email",
  "email_verified_at",
  "first_name",
  "last_name",
  "display_name",
  "username",
  "username_changed_at",
  "roles",
  "preferred_language",
  "time_zone",
  "banned_at",
  "created_at",
] as const;

export type UserRow = Awaited<ReturnType<typeof findUserById>> & {};

export function findUserById(db: Database, id: string) {
  return db.selectFrom("users").select(userColumns).where("id", "=", id).executeTakeFirst();
}

export function findUserByEmail(db: Database, email: string) {
  return db.selectFrom("users").select(userColumns).where("email", "=", email.toLowerCase()).executeTakeFirst();
}

export function findCredentialsByEmail(db: Database, email: string) {
  return db.selectFrom("users").select(["id", "password_hash", "banned_at"]).where("email", "=", email.toLowerCase()).executeTakeFirst();
}

export function findPasswordHash(db: Database, userId: string) {
  return db.selectFrom("users").select(["password_hash"]).where("id", "=", userId).executeTakeFirst();
}

export type NewUser = {
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  displayName: string;
  roles: string[];
  preferredLanguage: string;
  emailVerifiedAt?: Date | null;
  timeZone?: string;
};

/** Inserts a user unless the email is taken; returns the new id or undefined. */
export async function insertUser(db: Database, user: NewUser) {
  const row = await db
    .insertInto("users")
    .values({
      email: user.email.toLowerCase(),
      password_hash: user.passwordHash,
      first_name: user.firstName,
      last_name: user.lastName,
      display_name: user.displayName,
      roles: user.roles,
      preferred_language: user.preferredLanguage,
      email_verified_at: user.emailVerifiedAt ?? null,
      ...(user.timeZone ? { time_zone: user.timeZone } : {}),
    })
    .onConflict((oc) => oc.column("email").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (row) await db.insertInto("profiles").values({ user_id: row.id }).execute();
  return row?.id;
}

export async function setPasswordHash(db: Database, userId: string, hash: string, now: Date) {
  await db.updateTable("users").set({ password_hash: hash, updated_at: now }).where("id", "=", userId).execute();
}

/** True when this call verified the address (false if it already was). */
/** Leaves the account without a password (it then signs in only through a linked provider or a reset link). */
export async function clearPasswordHash(db: Database, userId: string, now: Date) {
  await db.updateTable("users").set({ password_hash: null, updated_at: now }).where("id", "=", userId).execute();
}

export async function markEmailVerified(db: Database, userId: string, now: Date) {
  const result = await db
    .updateTable("users")
    .set({ email_verified_at: now, updated_at: now })
    .where("id", "=", userId)
    .where("email_verified_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export function isUsernameTaken(db: Database, username: string, exceptUserId?: string) {
  let query = db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["username"]), "=", username.toLowerCase()));
  if (exceptUserId) query = query.where("id", "!=", exceptUserId);
  return query.executeTakeFirst().then(Boolean);
}

export type UserUpdate = {
  firstName: string;
  lastName: string;
  displayName: string;
  preferredLanguage: string;
  timeZone: string;
};

export async function updateUserNames(db: Database, userId: string, update: UserUpdate, now: Date) {
  await db
    .updateTable("users")
    .set({
      first_name: update.firstName,
      last_name: update.lastName,
      display_name: update.displayName,
      preferred_language: update.preferredLanguage,
      time_zone: update.timeZone,
      updated_at: now,
    })
    .where("id", "=", userId)
    .execute();
}

export async function updateUsername(db: Database, userId: string, username: string, now: Date) {
  await db.updateTable("users").set({ username, username_changed_at: now, updated_at: now }).where("id", "=", userId).execute();
}

export function findUserIdByOAuth(db: Database, provider: string, accountId: string) {
  return db
    .selectFrom("oauth_accounts")
    .select("user_id")
    .where("provider", "=", provider)
    .where("provider_account_id", "=", accountId)
    .executeTakeFirst()
    .then((row) => row?.user_id);
}

export async function linkOAuth(db: Database, provider: string, accountId: string, userId: string) {
  await db
    .insertInto("oauth_accounts")
    .values({ provider, provider_account_id: accountId, user_id: userId })
    .onConflict((oc) => oc.columns(["provider", "provider_account_id"]).doNothing())
    .execute();
}
