import { inTransaction } from "#app/lib/transaction.server";
import type { Requester } from "#app/modules/auth/session.server";
import { removeMessage, reportableMessage } from "#app/modules/chat/index.server";
import type { Deps } from "#app/modules/deps.server";
import type { PayDeps } from "#app/modules/payments/payments.server";
import { banUser, checked, type ModerationResult, refuse } from "./moderation.server";
import * as repo from "./repo.server";
import { auditActionOf, type MessageAction } from "./rules";

/**
 * What the report page shows about a chat message: the message and where to go back to. Anyone
 * who is not a current member of its chat gets nothing, as for an unknown id (the page is a 404);
 * its author and a removed message are told why they cannot report it.
 */
export async function messageReportTarget(deps: Pick<Deps, "db">, reporter: Requester, messageId: number) {
  const found = await reportableMessage(deps, reporter, messageId);
  if (found.status === "notFound") return null;
  if (found.status !== "ok") return { refusal: found.status, chatId: found.chatId, message: null } as const;
  return { refusal: null, chatId: found.message.chatId, message: found.message } as const;
}

/**
 * The desk's actions on a reported chat message. dismiss closes its reports; remove_message hides
 * its text from everyone in its chat (page, API and live, see chat's removeMessage) and closes its
 * reports, in one transaction with the audit row; ban_user bans its author as for any report
 * (which closes every open report about them). The audit names the message by its id.
 */
export async function moderateMessage(
  deps: PayDeps,
  admin: Requester,
  messageId: number,
  action: MessageAction,
  rawReason: unknown,
): Promise<ModerationResult> {
  const check = checked(admin, auditActionOf(action), rawReason);
  if (!check.ok) return check;
  const message = await repo.findMessageForModeration(deps.db, messageId);
  if (!message) return refuse("notFound");
  if (action === "ban_user") return banUser(deps, admin, message.sender_id, check.reason);
  const targetId = String(messageId);
  return inTransaction(deps.db, async (trx): Promise<ModerationResult> => {
    if (action === "remove_message" && !(await removeMessage(trx, { messageId, by: admin.id, now: deps.now }))) return refuse("alreadyRemoved");
    const status = action === "dismiss" ? "DISMISSED" : "ACTIONED";
    const closed = await repo.closeReports(trx, { kind: "message", targetId, status, by: admin.id, now: deps.now });
    // Dismissing nothing (decided meanwhile by another admin) is not worth an audit row.
    if (action === "dismiss" && closed === 0) return refuse("notFound");
    await repo.insertAudit(trx, { actorId: admin.id, action: auditActionOf(action), kind: "message", targetId, reason: check.reason, now: deps.now });
    return { ok: true };
  });
}
