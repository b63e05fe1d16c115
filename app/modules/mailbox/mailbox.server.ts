import type { Refused } from "#app/modules/refusals";
import { getServices } from "#app/services/index.server";
import { listOutbox, readOutbox } from "#app/services/mailer/outbox.server";
import { localToolsOpenTo } from "./local-tools.server";

/**
 * The local mailbox exists only outside production and only while mail goes to disk. It shows
 * password-reset links, so it answers only on this machine (the client address the server read
 * from the socket or a trusted proxy) or to an admin; to anyone else it does not exist (the route's 404).
 */
async function outboxDir(request: Request): Promise<string | null> {
  const dir = getServices().outboxDir;
  return dir && (await localToolsOpenTo(request)) ? dir : null;
}

const absent: Refused<"notFound"> = { ok: false, refusal: "notFound" };

export async function listMailbox(request: Request) {
  const dir = await outboxDir(request);
  if (!dir) return absent;
  const mails = await listOutbox(dir);
  return { ok: true as const, mails: mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, sentAt: m.sentAt })) };
}

export async function readMail(request: Request, id: string) {
  const dir = await outboxDir(request);
  const mail = dir ? await readOutbox(dir, id) : null;
  if (!mail) return absent;
  return { ok: true as const, mail: { id: mail.id, to: mail.to, from: mail.from, subject: mail.subject, sentAt: mail.sentAt, text: mail.text } };
}
