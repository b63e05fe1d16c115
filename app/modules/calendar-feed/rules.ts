/** Feed tokens are 32 random bytes in base64url (app/lib/secrets.server.ts). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** The token from the feed's last path segment, `{token}.ics`; null for anything else. */
export function tokenFromFileName(fileName: string): string | null {
  if (!fileName.endsWith(".ics")) return null;
  const token = fileName.slice(0, -".ics".length);
  return TOKEN.test(token) ? token : null;
}

/** What the feed covers: a month back (so a phone keeps recent games) and a year ahead, at most 500 events. */
export const FEED_WINDOW = { daysBack: 30, daysAhead: 366, maxEvents: 500 } as const;

export function feedWindow(now: Date): { from: Date; to: Date } {
  const day = 24 * 60 * 60 * 1000;
  return { from: new Date(now.getTime() - FEED_WINDOW.daysBack * day), to: new Date(now.getTime() + FEED_WINDOW.daysAhead * day) };
}

/** The address a calendar app subscribes to; `webcal:` opens the subscribe dialog on phones. */
export function feedUrls(appUrl: string, token: string): { https: string; webcal: string } {
  const https = `${appUrl.replace(/\/$/, "")}/api/calendar/${token}.ics`;
  return { https, webcal: https.replace(/^https?:/, "webcal:") };
}
