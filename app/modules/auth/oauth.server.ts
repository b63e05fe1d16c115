import { createCookie } from "@remix-run/node";
import type { GoogleProfile } from "remix-auth-google";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import * as users from "#app/modules/users/repo.server";

const clip = (value: string | undefined, max: number) => Array.from(value?.trim() ?? "").slice(0, max).join("");

/**
 * Finds or creates the account for a Google profile. Google has verified the address, so an
 * existing account with that email is linked rather than duplicated.
 */
export async function signInWithGoogle(deps: Deps, profile: GoogleProfile, lang: Locale): Promise<string | null> {
  const linked = await users.findUserIdByOAuth(deps.db, "google", profile.id);
  if (linked) return linked;
  const email = profile.emails?.[0]?.value?.toLowerCase();
  if (!email || profile._json?.email_verified === false) return null;
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
      await users.markEmailVerified(trx, userId, deps.now);
    }
    if (!userId) return null;
    await users.linkOAuth(trx, "google", profile.id, userId);
    return userId;
  });
}

/** Where to go after Google brings the visitor back (Google only accepts a fixed callback URL). */
export const oauthNextCookie = createCookie("oauth_next", { httpOnly: true, sameSite: "lax", path: "/", maxAge: 600 });
