export type Limit = { max: number; windowSeconds: number };

/** The limits of the account area (spec section 9 for usernames; sign-in limits are ours). */
export const limits = {
  loginPerAccount: { max: 5, windowSeconds: 15 * 60 },
  loginPerAddress: { max: 30, windowSeconds: 15 * 60 },
  signupPerAddress: { max: 10, windowSeconds: 60 * 60 },
  mailPerAccount: { max: 5, windowSeconds: 60 * 60 },
  usernameChecks: { max: 20, windowSeconds: 10 * 60 },
  usernameUpdates: { max: 5, windowSeconds: 60 * 60 },
  metricsPerAddress: { max: 60, windowSeconds: 60 * 60 },
  // Checking the current password on /settings/password is a guessing oracle like the login form.
  passwordChecksPerAccount: { max: 5, windowSeconds: 15 * 60 },
  // A chat sender: bursts of typing are fine, a script flooding a table is not.
  chatPerSecond: { max: 10, windowSeconds: 1 },
  chatPerMinute: { max: 60, windowSeconds: 60 },
  // Invite codes a person tries to redeem; a right code gives its hit back, so only wrong ones count (decision record 040).
  inviteGuessesPerAccount: { max: 10, windowSeconds: 15 * 60 },
  inviteGuessesPerAddress: { max: 30, windowSeconds: 15 * 60 },
  // Group bookings an account makes (decision record 068): each mails up to six addresses that never
  // signed up. Refused or failed bookings give their hit back, so only bookings made count.
  groupBookingsPerAccount: { max: 5, windowSeconds: 24 * 60 * 60 },
  // Reports a person files (reviews and profiles alike): more than this in an hour is a campaign, not a complaint (decision record 069).
  reportsPerAccount: { max: 10, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/** No limit looks further back than this, so older rows can be pruned from every bucket. */
export const longestWindowSeconds = Math.max(...Object.values(limits).map((limit) => limit.windowSeconds));

export function windowStart(limit: Limit, now: Date): Date {
  return new Date(now.getTime() - limit.windowSeconds * 1000);
}

/** Seconds until the oldest counted hit leaves the window, so the message can say when to retry. */
export function retryAfterSeconds(limit: Limit, oldestHit: Date | null, now: Date): number {
  if (!oldestHit) return 0;
  const free = oldestHit.getTime() + limit.windowSeconds * 1000 - now.getTime();
  return Math.max(1, Math.ceil(free / 1000));
}
