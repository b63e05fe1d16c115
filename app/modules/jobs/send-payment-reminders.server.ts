import { mailInTheirLanguage } from "#app/modules/auth/mail-in-their-language.server";
import type { Deps } from "#app/modules/deps.server";
import { formatDateTime } from "#app/modules/i18n/format";
import { recipientLang } from "#app/modules/i18n/rules";
import { recordNotification } from "#app/modules/notifications/notify.server";
import { claimNotice } from "#app/modules/sessions/index.server";
import { formatPrice } from "#app/modules/sessions/rules";
import { duePaymentReminders } from "#app/modules/subscriptions/index.server";
import { type JobResult, paymentReminderCutoffs, paymentReminderDue } from "./rules";

export type DueReminder = Awaited<ReturnType<typeof duePaymentReminders>>[number];

/**
 * One reminder to one subscriber, exactly once: the marker, the notification and the email share
 * a transaction (as the session reminders do). A run claiming the same reminder at the same time
 * waits on the marker and then skips it; if the mail cannot be sent everything rolls back and the
 * next run tries again. The reminders whose time has passed unsent are marked too, so they are
 * never sent late after this one.
 */
export async function sendPaymentReminder(deps: Deps, row: DueReminder): Promise<boolean> {
  const due = paymentReminderDue(row.hold_until, deps.now);
  if (!due) return false;
  return deps.db.transaction().execute(async (trx) => {
    if (!(await claimNotice(trx, row.session_id, row.user_id, due.kind, deps.now))) return false;
    for (const kind of due.earlier) await claimNotice(trx, row.session_id, row.user_id, kind, deps.now);
    const lang = recipientLang(row.preferred_language);
    const vars = {
      title: row.title,
      when: formatDateTime(new Date(row.starts_at), lang, row.user_time_zone),
      until: formatDateTime(row.hold_until, lang, row.user_time_zone),
      amount: `${formatPrice(row.amount_cents, row.currency, lang)} ${row.currency}`,
    };
    // The confirmation page is where a held seat is paid, by card or OXXO.
    const path = `/session/${row.session_id}/confirm`;
    await recordNotification({ db: trx, now: deps.now }, { userId: row.user_id, type: "payment_due", params: vars, actionUrl: path });
    await mailInTheirLanguage(deps, row, { kind: "paymentDue", path, vars });
    return true;
  });
}

/**
 * The `send-payment-reminders` job: each unpaid subscription seat's reminders 7, 3 and 1 days
 * before its payment deadline (jobs/rules.ts `paymentReminderDue`), by notification and email,
 * once each. Items: reminders sent.
 */
export async function sendPaymentReminders(deps: Deps): Promise<JobResult> {
  let items = 0;
  for (const row of await duePaymentReminders(deps.db, deps.now, paymentReminderCutoffs(deps.now))) {
    if (await sendPaymentReminder(deps, row)) items += 1;
  }
  return { items };
}
