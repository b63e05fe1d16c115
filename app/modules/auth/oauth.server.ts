import { type Cookie, createCookie } from "@remix-run/node";
import type { GoogleProfile } from "remix-auth-google";
import { getEnv } from "#app/env.server";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import * as users from "#app/modules/users/index.server";
import type { Database } from "#db/client.server";
import * as oneTimeTokens from "./one-time-tokens-repo.server";
import * as repo from "./repo.server";

const clip = (value: string | undefined, max: number) =>
  Array.from(value?.trim() ?? "")
    .slice(0, max)
    .join("");

/**
 * Finds or creates the account for a Google profile. Google has verified the address, so an
 * existing account with that email is linked rather than duplicated. An existing account whose
 * address was never verified may have been made by someone else in advance, waiting for its
 * owner to sign in with Google ("pre-hijacking"): its password, sign-ins (and the event streams
 * they hold open), API tokens, pending links and calendar feed address are wiped before linking,
 * so only the Google sign-in gets in (docs/decisions/012 and 039).
 */
export async function signInWithGoogle(deps: Deps, profile: GoogleProfile, lang: Locale): Promise<string | null> {
  const linked = await users.findUserIdByOAuth(deps.db, "google", profile.id);
  if (linked) return linked;
  const email = profile.emails?.[0]?.value?.toLowerCase();
  // Only an address Google says it verified proves anything.
  if (!email || profile._json?.email_verified !== true) return null;
  return deps.db.transaction().execute(async (trx) => {
    const existing = await users.findUserByEmail(trx, email);
    let userId = existing?.id;
    if (!userId) {
      const displayName = clip(profile.displayName, 50);
      userId = await users.insertUser(trx, {
        email,
        passwordHash: null,
        firstName: clip(profile.name?.givenName, 50),
        lastName: clip(profile.name?.familyName, 50),
        displayName: displayName.length >= 2 ? displayName : clip(email.split("@")[0], 50),
        roles: ["user"],
        preferredLanguage: lang,
        emailVerifiedAt: deps.now,
      });
    } else {
      if (!existing?.email_verified_at) await evictUnprovenCredentials(trx, userId, deps.now);
      await users.markEmailVerified(trx, userId, deps.now);
    }
    if (!userId) return null;
    await users.linkOAuth(trx, "google", profile.id, userId);
    return userId;
  });
}

async function evictUnprovenCredentials(db: Database, userId: string, now: Date) {
  await users.clearPasswordHash(db, userId, now);
  // Whoever made the account may have kept its calendar address; the owner makes a new one.
  await repo.revokeEverySignIn(db, userId, null, now);
  await oneTimeTokens.revokeOneTimeTokens(db, userId, "reset_password", now);
  await oneTimeTokens.revokeOneTimeTokens(db, userId, "verify_email", now);
}

/**
 * Where to go after Google brings the visitor back (Google only accepts a fixed callback URL).
 * Signed, so a cookie set by anyone else (a sibling subdomain, a script) is ignored.
 */
let nextCookie: Cookie | undefined;
export function oauthNextCookie(): Cookie {
  nextCookie ??= createCookie("oauth_next", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 600, secrets: [getEnv().SESSION_SECRET] });
  return nextCookie;
}
