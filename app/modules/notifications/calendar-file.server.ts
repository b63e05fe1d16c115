import { createEvent } from "ics";

export type CalendarEvent = { id: string; title: string; startsAt: Date; durationMinutes: number; location: string | null; url: string };

/** An .ics file for one session, so the player's calendar app can add it from the email. */
export function sessionIcs(event: CalendarEvent): string | null {
  const { error, value } = createEvent({
    uid: `session-${event.id}@mesa`,
    title: event.title,
    start: event.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    duration: { minutes: event.durationMinutes },
    location: event.location || undefined,
    url: event.url,
    productId: "mesa/bookings",
  });
  // A refused event (say, an odd title) costs the attachment, never the email.
  return error || !value ? null : value;
}
