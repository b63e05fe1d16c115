import type { Requester } from "#app/modules/auth/session.server";
import * as bookings from "#app/modules/bookings/repo.server";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath, recipientLang } from "#app/modules/i18n/rules";
import { sessionIcs } from "#app/modules/notifications/calendar-file.server";
import { findUserById } from "#app/modules/users/repo.server";
import { displayNameOf } from "#app/modules/users/rules";
import * as repo from "./repo.server";

type Mailing = Pick<Deps, "db" | "mailer" | "now" | "appUrl">;
type Booker = Pick<Requester, "displayName" | "email" | "preferredLanguage">;

/** The booking mail for each guest: what, when, who booked them, and how to claim the seat. */
export async function mailGuests(deps: Mailing, booker: Booker, sessionId: string, seats: { guest_name: string; guest_email: string }[]) {
  const s = await bookings.readSession(deps.db, sessionId);
  if (!s) return;
  const lang = recipientLang(booker.preferredLanguage) as Locale;
  const t = translator(lang, "groups");
  const link = `${deps.appUrl}${localePath(lang, `/session/${s.id}`)}`;
  const when = formatDateTime(new Date(s.starts_at), lang, s.time_zone ?? "UTC");
  const ics = sessionIcs(
    { id: s.id, title: s.title, startsAt: new Date(s.starts_at), durationMinutes: s.duration_minutes, location: s.location, url: link },
    deps.now,
  );
  const bookerName = displayNameOf({ displayName: booker.displayName, email: booker.email });
  for (const seat of seats) {
    const vars = { name: seat.guest_name, booker: bookerName, title: s.title, when, email: seat.guest_email, link };
    const text = [t("mail.greeting", vars), "", t("mail.body", vars), "", t("mail.claim", vars), link].join("\n");
    const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    await deps.mailer.send({
      to: seat.guest_email,
      subject: t("mail.subject", vars),
      text,
      html: `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5"><p>${esc(t("mail.greeting", vars))}</p><p>${esc(t("mail.body", vars))}</p><p>${esc(t("mail.claim", vars))}</p><p><a href="${esc(link)}">${esc(link)}</a></p></body></html>`,
      attachments: ics ? [{ filename: "session.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: ics }] : undefined,
    });
  }
}

/**
 * A paid group's guests hear of their seats only once the payment succeeded (decision record 062):
 * the webhook calls this after the confirmation committed, and a replayed event never gets here.
 */
export async function mailPaidGroup(deps: Mailing, bookingId: string) {
  const seats = (await repo.seatsPaidBy(deps.db, bookingId)).filter((s) => s.status === "HELD");
  const first = seats[0];
  if (!first) return 0;
  const booker = await findUserById(deps.db, first.booker_id);
  if (!booker) return 0;
  await mailGuests(
    deps,
    { displayName: booker.display_name ?? "", email: booker.email, preferredLanguage: booker.preferred_language ?? "es" },
    first.session_id,
    seats,
  );
  return seats.length;
}
