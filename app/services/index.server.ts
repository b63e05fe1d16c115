import { createHmac } from "node:crypto";
import path from "node:path";
import { type Env, getEnv } from "#app/env.server";
import { getDb } from "#db/client.server";
import type { Connect } from "./connect/connect";
import { createOfflineConnect, type OfflineConnect } from "./connect/offline.server";
import { createStripeConnect } from "./connect/stripe.server";
import type { Mailer } from "./mailer/mailer";
import { createOutboxMailer } from "./mailer/outbox.server";
import { createSmtpMailer } from "./mailer/smtp.server";
import { createOfflinePayments, type OfflinePayments } from "./payments/offline.server";
import type { Payments } from "./payments/payments";
import { createStripePayments } from "./payments/stripe.server";
import { createPrivateStorage, createStorage, storageChoice } from "./storage/choose.server";
import type { Storage } from "./storage/storage";

export type Services = {
  mailer: Mailer;
  /** Where the offline mailer writes, or null when mail goes out by SMTP. */
  outboxDir: string | null;
  googleEnabled: boolean;
  storage: Storage;
  /** Chat attachments: never published, read through a route that checks membership (decision record 092). */
  files: Storage;
  payments: Payments;
  /** The offline payment adapter when it is the one in use (its local test page needs it), else null. */
  offlinePayments: OfflinePayments | null;
  /** DMs' payout accounts: Stripe Connect, or the offline adapter playing it. */
  connect: Connect;
  /** The offline Connect adapter when it is the one in use (its local onboarding page needs it), else null. */
  offlineConnect: OfflineConnect | null;
};

/** The offline adapter signs its events with STRIPE_WEBHOOK_SECRET if given, else a secret derived from SESSION_SECRET. */
export const offlineWebhookSecret = (env: Pick<Env, "SESSION_SECRET" | "STRIPE_WEBHOOK_SECRET">) =>
  env.STRIPE_WEBHOOK_SECRET ?? `whsec_offline_${createHmac("sha256", env.SESSION_SECRET).update("offline-webhooks").digest("hex")}`;

/** Stripe when its three keys are set (required in production, see env.server.ts); the offline adapter otherwise. */
export function choosePayments(env: Env): { payments: Payments; offlinePayments: OfflinePayments | null } {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET)
    return {
      payments: createStripePayments({
        secretKey: env.STRIPE_SECRET_KEY,
        publishableKey: env.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      }),
      offlinePayments: null,
    };
  const offline = createOfflinePayments({ db: getDb, webhookSecret: offlineWebhookSecret(env), appUrl: env.APP_URL });
  return { payments: offline, offlinePayments: offline };
}

/** The offline Connect adapter signs its events with a secret of its own, derived from SESSION_SECRET. */
export const offlineConnectWebhookSecret = (env: Pick<Env, "SESSION_SECRET">) =>
  `whsec_offline_${createHmac("sha256", env.SESSION_SECRET).update("offline-connect-webhooks").digest("hex")}`;

/**
 * Stripe Connect when Stripe's keys and the Connect endpoint's secret are set (required in
 * production, see env.server.ts); the offline adapter otherwise.
 */
export function chooseConnect(env: Env): { connect: Connect; offlineConnect: OfflineConnect | null } {
  if (env.STRIPE_SECRET_KEY && env.STRIPE_CONNECT_WEBHOOK_SECRET)
    return { connect: createStripeConnect({ secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET }), offlineConnect: null };
  const offline = createOfflineConnect({ db: getDb, webhookSecret: offlineConnectWebhookSecret(env), appUrl: env.APP_URL });
  return { connect: offline, offlineConnect: offline };
}

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
    files: createPrivateStorage(storageChoice(env)),
    ...choosePayments(env),
    ...chooseConnect(env),
  };
  return services;
}

/** Tests swap in their own adapters. */
export function setServices(next: Services | undefined) {
  services = next;
}
