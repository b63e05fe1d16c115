import { getEnv } from "#app/env.server";
import { getServices } from "#app/services/index.server";
import type { Mailer } from "#app/services/mailer/mailer";
import { type Database,getDb } from "#db/client.server";

/** What use cases need from the outside world; tests build their own with a fixed clock. */
export type Deps = {
  db: Database;
  mailer: Mailer;
  now: Date;
  appUrl: string;
};

export function deps(): Deps {
  return { db: getDb(), mailer: getServices().mailer, now: new Date(), appUrl: getEnv().APP_URL };
}
