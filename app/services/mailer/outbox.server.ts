import { randomUUID } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { type Clock, systemClock } from "../clock/clock.server";
import type { Mail, Mailer } from "./mailer";

export type StoredMail = Mail & { id: string; from: string; sentAt: string };

const idPattern = /^[0-9]{13}-[0-9a-f-]{36}$/;

/**
 * Messages hold password-reset and verification links: only the account the server runs as may
 * read them (files 0600, the folder 0700), whatever the umask. A folder made earlier with wider
 * rights is narrowed on the next message.
 */
export const OUTBOX_MODES = { dir: 0o700, file: 0o600 } as const;

/** Writes each message as JSON under `dir`, newest file name last. */
export function createOutboxMailer(dir: string, from: string, clock: Clock = systemClock): Mailer {
  return {
    async send(mail: Mail) {
      await fs.mkdir(dir, { recursive: true, mode: OUTBOX_MODES.dir });
      await fs.chmod(dir, OUTBOX_MODES.dir);
      const sentAt = clock();
      const id = `${sentAt.getTime()}-${randomUUID()}`;
      const stored: StoredMail = { ...mail, id, from, sentAt: sentAt.toISOString() };
      const file = path.join(dir, `${id}.json`);
      // mode applies when the file is created (then narrowed by the umask, never widened).
      await fs.writeFile(`${file}.tmp`, JSON.stringify(stored, null, 2), { mode: OUTBOX_MODES.file, flag: "wx" });
      await fs.rename(`${file}.tmp`, file); // readers never see half a message
    },
  };
}

export async function listOutbox(dir: string, limit = 100): Promise<StoredMail[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const ids = names
    .filter((n) => n.endsWith(".json"))
    .map((n) => n.slice(0, -5))
    .filter((id) => idPattern.test(id))
    .sort()
    .reverse()
    .slice(0, limit);
  const mails = await Promise.all(ids.map((id) => readOutbox(dir, id)));
  return mails.filter((m): m is StoredMail => m !== null);
}

export async function readOutbox(dir: string, id: string): Promise<StoredMail | null> {
  if (!idPattern.test(id)) return null; // never let a URL parameter walk the file system
  try {
    return JSON.parse(await fs.readFile(path.join(dir, `${id}.json`), "utf8")) as StoredMail;
  } catch {
    return null;
  }
}
