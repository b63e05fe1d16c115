import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import { insertEvent } from "./repo.server";
import { type AnalyticsEventName, cleanProperties, countryFromTimeZone, type EventProperties } from "./rules";

type Track = {
  name: AnalyticsEventName;
  user: Pick<Requester, "id"> | null;
  sessionId?: string | null;
  properties?: EventProperties;
  dedupeKey?: string | null;
};

/**
 * Records one analytics event. Counting must never cost a player their booking: a failure is
 * logged and swallowed.
 */
export async function track(deps: Pick<Deps, "db" | "now">, event: Track): Promise<void> {
  try {
    await insertEvent(deps.db, {
      name: event.name,
      userId: event.user?.id ?? null,
      sessionId: event.sessionId ?? null,
      properties: cleanProperties(event.properties ?? {}),
      dedupeKey: event.dedupeKey,
      at: deps.now,
    });
  } catch (error) {
    console.warn(JSON.stringify({ msg: "analytics: event not recorded", name: event.name, error: String(error) }));
  }
}

/**
 * user_country_detected (spec section 7): the country guessed from the viewer's time zone, once
 * per login session (the spec keeps it in the browser's session storage; a bearer token's viewer
 * once per day), and again if their zone moves them to another country.
 */
export function trackCountry(
  deps: Pick<Deps, "db" | "now">,
  viewer: Pick<Requester, "id" | "timeZone" | "loginSessionId" | "preferredLanguage">,
  locale: string,
) {
  const country = countryFromTimeZone(viewer.timeZone);
  const browserSession = viewer.loginSessionId ?? `${viewer.id}:${deps.now.toISOString().slice(0, 10)}`;
  return track(deps, {
    name: "user_country_detected",
    user: viewer,
    properties: { country, timeZone: viewer.timeZone, locale },
    dedupeKey: `${browserSession}:${country}`,
  });
}
