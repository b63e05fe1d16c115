import type { AppLoadContext } from "@remix-run/node";
import { getEnv } from "#app/env.server";
import { systemClock } from "#app/services/clock/clock.server";
import { getServices } from "#app/services/index.server";
import type { Mailer } from "#app/services/mailer/mailer";
import type { Storage } from "#app/services/storage/storage";
import { type Database, getDb } from "#db/client.server";

/** What use cases need from the outside world; tests build their own with a fixed clock. */
export type Deps = {
  db: Database;
  mailer: Mailer;
  storage: Storage;
  now: Date;
  appUrl: string;
};

/**
 * The request's dependencies. Pass the loader's or action's `context`: its `now` (read once per
 * request by the server, or fixed by a test) becomes the use cases' clock. Without one (helpers
 * outside a request) the system clock is read.
 */
export function deps(context?: Pick<AppLoadContext, "now">): Deps {
  const services = getServices();
  return { db: getDb(), mailer: services.mailer, storage: services.storage, now: context?.now ?? systemClock(), appUrl: getEnv().APP_URL };
}
