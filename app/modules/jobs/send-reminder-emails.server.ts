import { mailInTheirLanguage } from "#app/modules/auth/mail-in-their-language.server";
import type { Deps } from "#app/modules/deps.server";
import { formatDateTime } from "#app/modules/i18n/format";
import { recipientLang } from "#app/modules/i18n/rules";
import { recordNotification } from "#app/modules/notifications/notify.server";
import { claimNotice, dueNotices } from "#app/modules/sessions/index.server";
import { type JobResult, type ReminderKind, reminderWindow } from "./rules";

const emailKind = { session_reminder: "sessionReminder", session_starting: "sessionStarting" } as const;

type Due = Awaited<ReturnType<typeof dueNotices>>[number];

/**
 * One notice to one player, exactly once: the marker, the notification and the email share a
 * transaction. A second run claiming the same notice waits on the marker and then skips it; if
 * the mail cannot be sent the transaction rolls back and the next run tries again.
 */
async function sendOne(deps: Deps, kind: ReminderKind, row: Due): Promise<boolean> {
  return deps.db.transaction().execute(async (trx) => {
    if (!(await claimNotice(trx, row.session_id, row.user_id, kind, deps.now))) return false;
    const lang = recipientLang(row.preferred_language);
    const when = formatDateTime(new Date(row.starts_at), lang, row.user_time_zone);
    const path = `/session/${row.session_id}`;
    // Written and announced to the player's open pages in this transaction (recordNotification joins it).
    await recordNotification(
      { db: trx, now: deps.now },
      { userId: row.user_id, type: kind, textKey: emailKind[kind], params: { title: row.title, when }, actionUrl: path },
    );
    await mailInTheirLanguage(deps, row, { kind: emailKind[kind], path, vars: { title: row.title, when } });
    return true;
  });
}

/**
 * The `send-reminder-emails` job: the day-before reminder (from 24 hours before the start) and
 * the starting-soon notice (from one hour before) to each player with a confirmed seat, once each
 * (app/modules/jobs/rules.ts `reminderDue`). Items: notices sent.
 */
export async function sendReminderEmails(deps: Deps): Promise<JobResult> {
  let items = 0;
  for (const kind of ["session_starting", "session_reminder"] as const) {
    const window = reminderWindow(kind, deps.now);
    for (const row of await dueNotices(deps.db, kind, window.from, window.to)) {
      if (await sendOne(deps, kind, row)) items += 1;
    }
  }
  return { items };
}
