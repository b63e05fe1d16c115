import { createEvent, type EventAttributes } from "ics";

export type CalendarEvent = { id: string; title: string; startsAt: Date; durationMinutes: number; location: string | null; url: string };

/** An .ics file for one session, so the player's calendar app can add it from the email; `stamp` is when it was written. */
export function sessionIcs(event: CalendarEvent, stamp: Date): string | null {
  const attributes: EventAttributes = {
    uid: `session-${event.id}@mesa`,
    title: event.title,
    start: event.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: event.durationMinutes },
    location: event.location || undefined,
    url: event.url,
    productId: "mesa/bookings",
    // A later file for the same session (a new time after a series edit) replaces the entry a
    // calendar app already has: it carries the same UID and a higher sequence (minutes since 1970).
    sequence: Math.floor(stamp.getTime() / 60_000),
  };
  // The library reads the wall clock for DTSTAMP unless given `timestamp`, which its schema
  // accepts but its type declarations leave out; the app's clock stays the one clock.
  const { error, value } = createEvent({ ...attributes, timestamp: stamp.getTime() } as EventAttributes);
  // A refused event (say, an odd title) costs the attachment, never the email.
  return error || !value ? null : value;
}
