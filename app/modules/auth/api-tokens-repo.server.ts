// API tokens (decision record 039's access and refresh tokens): issue, look up, rotate, list and revoke.
import type { ExpressionBuilder } from "kysely";
import { inTransaction } from "#app/lib/transaction.server";
import { announceRevocation } from "#app/modules/live/index.server";
import type { Database } from "#db/client.server";
import type { DB } from "#db/schema";

/** The same for an access token: not revoked, not expired, its account not banned. On `api_tokens as t` joined with `users as u`. */
export const accessTokenAccepted = (now: Date) => (eb: ExpressionBuilder<{ t: DB["api_tokens"]; u: DB["users"] }, "t" | "u">) =>
  eb.and([eb("t.revoked_at", "is", null), eb("t.access_expires_at", ">", now), eb("u.banned_at", "is", null)]);

export async function insertApiToken(
  db: Database,
  input: {
    userId: string;
    accessHash: string;
    refreshHash: string;
    accessExpiresAt: Date;
    refreshExpiresAt: Date;
    now: Date;
    family: { id: string; startedAt: Date; userAgent: string } | null;
  },
) {
  await db
    .insertInto("api_tokens")
    .values({
      user_id: input.userId,
      access_token_hash: input.accessHash,
      refresh_token_hash: input.refreshHash,
      access_expires_at: input.accessExpiresAt,
      refresh_expires_at: input.refreshExpiresAt,
      created_at: input.now,
      ...(input.family
        ? { family_id: input.family.id, family_started_at: input.family.startedAt, user_agent: input.family.userAgent.slice(0, 300) }
        : { family_started_at: input.now }),
    })
    .execute();
}

export function findUserByAccessToken(db: Database, accessHash: string, now: Date) {
  return db
    .selectFrom("api_tokens as t")
    .innerJoin("users as u", "u.id", "t.user_id")
    .select([
      "t.id as token_id",
      "u.id",
      "u.email",
      "u.email_verified_at",
      "u.display_name",
      "u.first_name",
      "u.last_name",
      "u.roles",
      "u.preferred_language",
      "u.time_zone",
      "u.save_data",
    ])
    .where("t.access_token_hash", "=", accessHash)
    .where(accessTokenAccepted(now))
    .executeTakeFirst();
}

/**
 * Rotates a refresh token: revokes its live row and returns the user and family, so each refresh
 * token works once. A token that exists but was already revoked is being reused, which only a
 * thief or a broken client does: the whole family is revoked ("reused"). Unknown or expired
 * tokens change nothing.
 */
export async function consumeRefreshToken(db: Database, refreshHash: string, now: Date) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("api_tokens")
      .set({ revoked_at: now })
      .where("refresh_token_hash", "=", refreshHash)
      .where("revoked_at", "is", null)
      .where("refresh_expires_at", ">", now)
      .returning(["user_id", "family_id", "family_started_at", "user_agent"])
      .executeTakeFirst();
    if (row) return { status: "rotated" as const, ...row };
    const spent = await trx
      .selectFrom("api_tokens")
      .select(["family_id"])
      .where("refresh_token_hash", "=", refreshHash)
      .where("revoked_at", "is not", null)
      .executeTakeFirst();
    if (!spent) return { status: "unknown" as const };
    const stolen = await trx
      .updateTable("api_tokens")
      .set({ revoked_at: now })
      .where("family_id", "=", spent.family_id)
      .where("revoked_at", "is", null)
      .returning(["id", "user_id"])
      .execute();
    if (stolen[0]) await announceRevocation(trx, stolen[0].user_id, { loginSessionIds: [], apiTokenIds: stolen.map((r) => r.id) });
    return { status: "reused" as const };
  });
}

/** One line per live API client (token family): when it signed in, last refreshed, from what. */
export function listApiTokenFamilies(db: Database, userId: string, now: Date) {
  return db
    .selectFrom("api_tokens")
    .select(["family_id", "family_started_at", "created_at as last_refreshed_at", "user_agent"])
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .where("refresh_expires_at", ">", now)
    .orderBy("created_at", "desc")
    .limit(50)
    .execute();
}

export async function revokeApiTokenFamily(db: Database, userId: string, familyId: string, now: Date) {
  return inTransaction(db, async (trx) => {
    const rows = await trx
      .updateTable("api_tokens")
      .set({ revoked_at: now })
      .where("user_id", "=", userId)
      .where("family_id", "=", familyId)
      .where("revoked_at", "is", null)
      .returning("id")
      .execute();
    await announceRevocation(trx, userId, { loginSessionIds: [], apiTokenIds: rows.map((r) => r.id) });
    return rows.length > 0;
  });
}

export async function revokeAllApiTokens(db: Database, userId: string, now: Date) {
  await inTransaction(db, async (trx) => {
    const rows = await trx
      .updateTable("api_tokens")
      .set({ revoked_at: now })
      .where("user_id", "=", userId)
      .where("revoked_at", "is", null)
      .returning("id")
      .execute();
    await announceRevocation(trx, userId, { loginSessionIds: [], apiTokenIds: rows.map((r) => r.id) });
  });
}
