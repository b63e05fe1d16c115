import { getEnv } from "#app/env.server";
import { getRequester, requestMeta } from "#app/modules/auth/session.server";
import { requestDeps } from "#app/modules/deps.server";
import { getServices } from "#app/services/index.server";
import { listOutbox, readOutbox } from "#app/services/mailer/outbox.server";
import { isLoopbackAddress } from "./rules";

/**
 * The local mailbox exists only outside production and only while mail goes to disk. It shows
 * password-reset links, so it answers only on this machine (the client address the server read
 * from the socket or a trusted proxy) or to an admin; anyone else sees a 404.
 */
async function outboxDir(request: Request): Promise<string> {
  const dir = getServices().outboxDir;
  if (getEnv().NODE_ENV === "production" || !dir) throw new Response("Not Found", { status: 404 });
  if (isLoopbackAddress(requestMeta(request).ip)) return dir;
  const user = await getRequester(request, requestDeps(request));
  if (!user?.isAdmin) throw new Response("Not Found", { status: 404 });
  return dir;
}

export async function listMailbox(request: Request) {
  const mails = await listOutbox(await outboxDir(request));
  return mails.map((m) => ({ id: m.id, to: m.to, subject: m.subject, sentAt: m.sentAt }));
}

export async function readMail(request: Request, id: string) {
  const mail = await readOutbox(await outboxDir(request), id);
  if (!mail) throw new Response("Not Found", { status: 404 });
  return { id: mail.id, to: mail.to, from: mail.from, subject: mail.subject, sentAt: mail.sentAt, text: mail.text };
}
