import type { Database } from "#db/client.server";

/** The single-use links mailed to a person: confirming an email address and resetting a password. */
type TokenPurpose = "verify_email" | "reset_password";

export async function insertOneTimeToken(db: Database, input: { userId: string; purpose: TokenPurpose; tokenHash: string; expiresAt: Date; now: Date }) {
  await db
    .insertInto("one_time_tokens")
    .values({
      user_id: input.userId,
      purpose: input.purpose,
      token_hash: input.tokenHash,
      expires_at: input.expiresAt,
      created_at: input.now,
    })
    .execute();
}

/** Marks a live token used and returns its user; a used, expired or unknown token returns undefined. */
export async function consumeOneTimeToken(db: Database, purpose: TokenPurpose, tokenHash: string, now: Date) {
  const row = await db
    .updateTable("one_time_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id;
}

/** Uses up every outstanding token of a purpose, so older links die with the one just used. */
export async function revokeOneTimeTokens(db: Database, userId: string, purpose: TokenPurpose, now: Date) {
  await db
    .updateTable("one_time_tokens")
    .set({ used_at: now })
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .execute();
}

export function findLiveOneTimeToken(db: Database, purpose: TokenPurpose, tokenHash: string, now: Date) {
  return db
    .selectFrom("one_time_tokens")
    .select(["user_id"])
    .where("token_hash", "=", tokenHash)
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}
