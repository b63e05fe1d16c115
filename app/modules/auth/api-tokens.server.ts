import { randomUUID } from "node:crypto";
import { hashSecret, newSecret } from "#app/lib/secrets.server";
import type { Deps } from "#app/modules/deps.server";
import * as users from "#app/modules/users/index.server";
import { displayNameOf } from "#app/modules/users/rules";
import * as repo from "./repo.server";

export const ACCESS_TOKEN_SECONDS = 60 * 60;
export const REFRESH_TOKEN_DAYS = 30;

const days = (n: number) => n * 24 * 60 * 60 * 1000;

export type AuthSessionRecord = {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  refresh_token: string;
  user: { id: string; email: string; displayName: string; roles: string[]; emailVerified: boolean };
};

/** Issues an access token (1 h) and a single-use refresh token (30 days); only hashes are stored. */
export async function issueApiTokens(
  deps: Deps,
  userId: string,
  family: { id: string; startedAt: Date; userAgent: string } | { userAgent: string } | null = null,
): Promise<AuthSessionRecord | null> {
  const user = await users.findUserById(deps.db, userId);
  if (!user || user.banned_at) return null;
  const access = newSecret();
  const refresh = newSecret();
  await repo.insertApiToken(deps.db, {
    userId,
    accessHash: hashSecret(access),
    refreshHash: hashSecret(refresh),
    accessExpiresAt: new Date(deps.now.getTime() + ACCESS_TOKEN_SECONDS * 1000),
    refreshExpiresAt: new Date(deps.now.getTime() + days(REFRESH_TOKEN_DAYS)),
    now: deps.now,
    family: family && "id" in family ? family : family ? { id: randomUUID(), startedAt: deps.now, userAgent: family.userAgent } : null,
  });
  return {
    access_token: access,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_SECONDS,
    refresh_token: refresh,
    user: {
      id: user.id,
      email: user.email,
      displayName: displayNameOf({ displayName: user.display_name, email: user.email }),
      roles: user.roles,
      emailVerified: Boolean(user.email_verified_at),
    },
  };
}

/** Rotates a refresh token within its family; reusing a rotated one revokes the family (see repo). */
export async function refreshApiTokens(deps: Deps, refreshToken: string) {
  const spent = await repo.consumeRefreshToken(deps.db, hashSecret(refreshToken), deps.now);
  if (spent.status !== "rotated") return null;
  return issueApiTokens(deps, spent.user_id, { id: spent.family_id, startedAt: new Date(spent.family_started_at), userAgent: spent.user_agent });
}

export const listApiClients = (deps: Pick<Deps, "db" | "now">, userId: string) => repo.listApiTokenFamilies(deps.db, userId, deps.now);

export const revokeApiClient = (deps: Pick<Deps, "db" | "now">, userId: string, familyId: string) =>
  repo.revokeApiTokenFamily(deps.db, userId, familyId, deps.now);
