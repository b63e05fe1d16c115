import type { Requester } from "#app/modules/auth/session.server";
import * as bookings from "#app/modules/bookings/index.server";
import type { Deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatDateTime } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath, recipientLang } from "#app/modules/i18n/rules";
import { findUserById } from "#app/modules/users/index.server";
import * as repo from "./repo.server";
import { plainBookerName } from "./rules";

type Mailing = Pick<Deps, "db" | "mailer" | "now" | "appUrl">;
type Booker = Pick<Requester, "displayName" | "preferredLanguage">;

/**
 * The invitation mail for each guest (decision record 068). It goes to an address that never
 * signed up, so it carries no text anyone typed that could be a link or a message: not the guest's
 * name, not the session's title or place (the host's text), no calendar file; only the booker's
 * display name when it is a plain name (plainBookerName), the session's date as we write it, and
 * the link to the invitations page of our own site, where the guest, signed in with this verified
 * address, sees the session and accepts or declines it.
 */
export async function mailGuests(deps: Mailing, booker: Booker, sessionId: string, seats: { guest_email: string }[]) {
  if (seats.length === 0) return;
  const s = await bookings.readSession(deps.db, sessionId);
  if (!s) return;
  const lang = recipientLang(booker.preferredLanguage) as Locale;
  const t = translator(lang, "groups");
  const link = `${deps.appUrl}${localePath(lang, "/invitations")}`;
  const when = formatDateTime(new Date(s.starts_at), lang, s.time_zone ?? "UTC");
  const name = plainBookerName(booker.displayName);
  const esc = (v: string) => v.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  for (const seat of seats) {
    const vars = { booker: name ?? "", when, email: seat.guest_email };
    const body = t(name ? "mail.body" : "mail.bodyNobody", vars);
    const text = [t("mail.greeting"), "", body, "", t("mail.answer", vars), link, "", t("mail.ignore")].join("\n");
    await deps.mailer.send({
      to: seat.guest_email,
      subject: t(name ? "mail.subject" : "mail.subjectNobody", vars),
      text,
      html: `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5"><p>${esc(t("mail.greeting"))}</p><p>${esc(body)}</p><p>${esc(t("mail.answer", vars))}</p><p><a href="${esc(link)}">${esc(link)}</a></p><p style="font-size:13px;color:#4b5563">${esc(t("mail.ignore"))}</p></body></html>`,
    });
  }
}

/**
 * A paid group's guests hear of their seats only once the payment succeeded (decision record 062):
 * the webhook calls this after the confirmation committed, and a replayed event never gets here.
 * An address that already holds another seat in the session is not mailed (decision record 068).
 */
export async function mailPaidGroup(deps: Mailing, bookingId: string) {
  const seats = (await repo.seatsPaidBy(deps.db, bookingId)).filter((s) => s.status === "HELD");
  const first = seats[0];
  if (!first) return 0;
  const booker = await findUserById(deps.db, first.booker_id);
  if (!booker) return 0;
  const seated = await repo.emailsAlreadySeated(
    deps.db,
    first.session_id,
    seats.map((s) => s.guest_email),
    seats.map((s) => s.id),
  );
  const mailed = seats.filter((s) => !seated.has(s.guest_email));
  await mailGuests(deps, { displayName: booker.display_name ?? "", preferredLanguage: booker.preferred_language ?? "es" }, first.session_id, mailed);
  return mailed.length;
}
