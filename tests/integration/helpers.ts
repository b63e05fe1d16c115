import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Deps } from "../../app/modules/deps.server";
import { createOutboxMailer, listOutbox } from "../../app/services/mailer/outbox.server";
import { getDb } from "../../db/client.server";

/** Use-case dependencies with a real database, a mailbox on disk and a clock the test controls. */
export function testDeps(now = new Date()) {
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), "mesa-mail-"));
  const deps: Deps = { db: getDb(), mailer: createOutboxMailer(outbox, "test@mesa.test"), now, appUrl: "http://localhost:3000" };
  return {
    deps,
    at: (when: Date): Deps => ({ ...deps, now: when }),
    mails: () => listOutbox(outbox),
  };
}

/** The `token` query parameter of the first link in a message. */
export function tokenFrom(text: string): string {
  const match = /token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no token link in: ${text}`);
  return match[1];
}

export const meta = { ip: "203.0.113.7", userAgent: "vitest" };

export const signupInput = (email: string) => ({
  email,
  password: "correct horse battery",
  firstName: "Ana",
  lastName: "Robles",
  displayName: "Ana R",
  role: "user" as const,
  preferredLanguage: "es" as const,
  timeZone: undefined,
});

let counter = 0;
export const uniqueEmail = (prefix = "user") => `${prefix}.${Date.now()}.${counter++}@example.test`;
