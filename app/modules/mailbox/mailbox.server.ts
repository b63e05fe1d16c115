import { getEnv } from "#app/env.server";
import { getServices } from "#app/services/index.server";
import { listOutbox, readOutbox } from "#app/services/mailer/outbox.server";

/** The local mailbox exists only outside production and only while mail goes to disk. */
function outboxDir(): string {
  const dir = getServices().outboxDir;
  if (getEnv().NODE_ENV === "production" || !dir) throw new Response("Not Found", { status: 404 });
  return dir;
}

export async function listMailbox() {
  const mails = await listOutbox(outboxDir());
  return mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, sentAt: m.sentAt }));
}

export async function readMail(id: string) {
  const mail = await readOutbox(outboxDir(), id);
  if (!mail) throw new Response("Not Found", { status: 404 });
  return { id: mail.id, to: mail.to, from: mail.from, subject: mail.subject, sentAt: mail.sentAt, text: mail.text };
}
