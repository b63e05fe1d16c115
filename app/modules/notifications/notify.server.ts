import { inTransaction } from "#app/lib/transaction.server";
import type { Deps } from "#app/modules/deps.server";
import { formatDateTime } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { recipientLang } from "#app/modules/i18n/rules";
import { localePath } from "#app/modules/i18n/rules";
import { appendEvents } from "#app/modules/live/index.server";
import { findUserById } from "#app/modules/users/index.server";
import type { Mail } from "#app/services/mailer/mailer";
import { sessionIcs } from "./calendar-file.server";
import type { StoredNotification } from "./notifications.server";
import * as repo from "./repo.server";
import type { NotificationType } from "./rules";

/** What a session notification is about. */
export type SessionEventData = {
  sessionId: string;
  title: string;
  startsAt: Date;
  durationMinutes: number;
  location: string | null;
  /** player_joined / player_cancelled: who. */
  playerName?: string;
  /** waitlist_spot_available: when the held seat is released. */
  offerExpiresAt?: Date;
};

type Kind = { action: (id: string) => string; email: boolean; ics: boolean };

/** Where each notification leads, and which also go out by email (with a calendar file for seats taken). */
const kinds: Partial<Record<NotificationType, Kind>> = {
  booking_confirmed: { action: (id) => `/session/${id}`, email: true, ics: true },
  player_joined: { action: (id) => `/session/${id}`, email: false, ics: false },
  player_cancelled: { action: (id) => `/session/${id}`, email: false, ics: false },
  session_cancelled: { action: (id) => `/session/${id}`, email: true, ics: false },
  // A new time or price for a seat the player holds (a series edit their subscribed seat followed); the file moves the calendar entry.
  session_modified: { action: (id) => `/session/${id}`, email: true, ics: true },
  waitlist_spot_available: { action: (id) => `/session/${id}/confirm`, email: true, ics: false },
  refund_processed: { action: (id) => `/session/${id}`, email: true, ics: false },
  // booking_confirmed mails the seat with its calendar file; this one is the bell's and the live toast's.
  payment_received: { action: (id) => `/session/${id}`, email: false, ics: false },
  payment_failed: { action: (id) => `/session/${id}/confirm`, email: true, ics: false },
  // The subscription goes on: the session page shows what is left (a seat offered from the line, if any).
  subscription_seat_released: { action: (id) => `/session/${id}`, email: true, ics: false },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * Writes a notification row: every notification, session events and the welcome alike, is
 * created here, and announced here to the user's live streams (decision record 030). Texts are keys
 * (`{type}.title`, `{type}.message`) rendered in each reader's language.
 */
export async function recordNotification(
  deps: Pick<Deps, "db" | "now">,
  input: {
    userId: string;
    type: NotificationType;
    params?: Record<string, string | number>;
    actionUrl: string | null;
    /** Texts shared with an email of another name (reminders); by default `{type}.title` and `{type}.message`. */
    textKey?: string;
  },
) {
  const titleKey = `${input.textKey ?? input.type}.title`;
  const messageKey = `${input.textKey ?? input.type}.message`;
  const params = input.params ?? {};
  // The row and its live event commit together: a stream never announces a rolled-back notification,
  // and a client resuming from the event log finds every notification it missed.
  return inTransaction(deps.db, async (trx) => {
    const id = await repo.insertNotification(trx, {
      userId: input.userId,
      type: input.type,
      titleKey,
      messageKey,
      params,
      actionUrl: input.actionUrl,
      now: deps.now,
    });
    const unread = await repo.countUnread(trx, input.userId);
    const notification: StoredNotification = {
      id,
      type: input.type,
      title_key: titleKey,
      message_key: messageKey,
      params,
      action_url: input.actionUrl,
      read_at: null,
      created_at: deps.now.toISOString(),
    };
    await appendEvents(trx, [{ userId: input.userId, kind: "notification_created", payload: { notification, unread } }]);
    return id;
  });
}

/**
 * The one place a session notification is created: the bell's row, and the email in the recipient's
 * language where the type warrants one. Callers run it after their transaction commits, so
 * nobody is told about a change that was rolled back.
 */
export async function notify(deps: Pick<Deps, "db" | "mailer" | "now" | "appUrl">, input: { userId: string; type: NotificationType; data: SessionEventData }) {
  const kind = kinds[input.type];
  if (!kind) throw new Error(`notify: no session notification of type ${input.type}`);
  const user = await findUserById(deps.db, input.userId);
  if (!user || user.banned_at) return;
  const { data } = input;
  const params = { title: data.title, player: data.playerName ?? "" };
  const actionUrl = kind.action(data.sessionId);
  await recordNotification(deps, { userId: user.id, type: input.type, params, actionUrl });
  if (!kind.email) return;
  const lang = recipientLang(user.preferred_language);
  const link = `${deps.appUrl}${localePath(lang, actionUrl)}`;
  const t = translator(lang, "emails");
  const vars = {
    ...params,
    appName: t("appName"),
    name: user.display_name || user.email.split("@")[0],
    when: formatDateTime(data.startsAt, lang, user.time_zone),
    until: data.offerExpiresAt ? formatDateTime(data.offerExpiresAt, lang, user.time_zone) : "",
  };
  const body = t(`${input.type}.body`, vars);
  const action = t(`${input.type}.action`, vars);
  const ics = kind.ics
    ? sessionIcs(
        { id: data.sessionId, title: data.title, startsAt: data.startsAt, durationMinutes: data.durationMinutes, location: data.location, url: link },
        deps.now,
      )
    : null;
  const mail: Mail = {
    to: user.email,
    subject: t(`${input.type}.subject`, vars),
    text: [t("greeting", vars), "", body, "", `${action}: ${link}`, "", t("footer", vars)].join("\n"),
    html: `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(t("greeting", vars))}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(link)}" style="background:#0b7285;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#4b5563">${escapeHtml(t("footer", vars))}</p></body></html>`,
    ...(ics ? { attachments: [{ filename: "session.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: ics }] } : {}),
  };
  await deps.mailer.send(mail);
}
