import path from "node:path";
import { getEnv } from "#app/env.server";
import type { Mailer } from "./mailer/mailer";
import { createOutboxMailer } from "./mailer/outbox.server";
import { createSmtpMailer } from "./mailer/smtp.server";
import { createStorage, storageChoice } from "./storage/choose.server";
import type { Storage } from "./storage/storage";

export type Services = {
  mailer: Mailer;
  /** Where the offline mailer writes, or null when mail goes out by SMTP. */
  outboxDir: string | null;
  googleEnabled: boolean;
  storage: Storage;
};

let services: Services | undefined;

/** Chooses each adapter once from the validated environment. */
export function getServices(): Services {
  if (services) return services;
  const env = getEnv();
  const outboxDir = env.SMTP_URL ? null : path.resolve(env.DATA_DIR, "mail");
  services = {
    mailer: env.SMTP_URL ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM) : createOutboxMailer(outboxDir!, env.MAIL_FROM),
    outboxDir,
    googleEnabled: Boolean(env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET),
    storage: createStorage(storageChoice(env)),
  };
  return services;
}

/** Tests swap in their own adapters. */
export function setServices(next: Services | undefined) {
  services = next;
}
