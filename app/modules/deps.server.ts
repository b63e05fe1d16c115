import type { AppLoadContext } from "@remix-run/node";
import { getEnv } from "#app/env.server";
import { requestInstant } from "#app/lib/request-scope.server";
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
  /** The private storage (chat attachments). */
  files: Storage;
  now: Date;
  appUrl: string;
};

/**
 * The request's dependencies. Pass the loader's or action's `context`: its `now` (read once per
 * request by the server, or fixed by a test) becomes the use cases' clock. Routes always pass it
 * (a lint rule refuses `deps()` there); without one (jobs and scripts, outside a request) the
 * system clock is read.
 */
export function deps(context?: Pick<AppLoadContext, "now">): Deps {
  const services = getServices();
  return {
    db: getDb(),
    mailer: services.mailer,
    storage: services.storage,
    files: services.files,
    now: context?.now ?? systemClock(),
    appUrl: getEnv().APP_URL,
  };
}

/** The dependencies of code that has the Request but not the load context: the same instant, through the request's scope. */
export function requestDeps(request: Request): Deps {
  return deps({ now: requestInstant(request) });
}
