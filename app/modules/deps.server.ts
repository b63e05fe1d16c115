import { getEnv } from "#app/env.server";
import { getServices } from "#app/services/index.server";
import type { Mailer } from "#app/services/mailer/mailer";
import type { Storage } from "#app/services/storage/storage";
import { type Database,getDb } from "#db/client.server";

/** What use cases need from the outside world; tests build their own with a fixed clock. */
export type Deps = {
  db: Database;
  mailer: Mailer;
  storage: Storage;
  now: Date;
  appUrl: string;
};

export function deps(): Deps {
  const services = getServices();
  return { db: getDb(), mailer: services.mailer, storage: services.storage, now: new Date(), appUrl: getEnv().APP_URL };
}
