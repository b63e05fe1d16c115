import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { authSessionStorage, getAuthenticator } from "../../app/modules/auth/session.server";
import type { Deps } from "../../app/modules/deps.server";
import { createOutboxMailer, listOutbox } from "../../app/services/mailer/outbox.server";
import { createDiskStorage } from "../../app/services/storage/disk.server";
import { getDb } from "../../db/client.server";

/** Use-case dependencies with a real database, a mailbox on disk and a clock the test controls. */
export function testDeps(now = new Date()) {
  // Under the file's DATA_DIR (see setup/each-file.ts), so it is removed with it.
  const outbox = fs.mkdtempSync(path.join(process.env.DATA_DIR ?? os.tmpdir(), "outbox-"));
  const uploads = path.join(outbox, "uploads");
  const deps: Deps = {
    db: getDb(),
    mailer: createOutboxMailer(outbox, "test@mesa.test"),
    storage: createDiskStorage(uploads, "http://localhost:3000/uploads"),
    files: createDiskStorage(path.join(outbox, "private"), "/private-files-are-not-served"),
    now,
    appUrl: "http://localhost:3000",
  };
  return {
    deps,
    at: (when: Date): Deps => ({ ...deps, now: when }),
    mails: () => listOutbox(outbox),
  };
}

/** The `Cookie` header value ("__session=…") that carries this login session, as the app signs it. */
export async function cookieForLoginSession(loginSessionId: string) {
  const session = await authSessionStorage().getSession();
  session.set(getAuthenticator().sessionKey, loginSessionId);
  return (await authSessionStorage().commitSession(session)).split(";")[0]!;
}

/** The `token` query parameter of the first link in a message. */
export function tokenFrom(text: string): string {
  const match = /token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no token link in: ${text}`);
  return match[1];
}

let addressCounter = 0;
/**
 * Sign-up is limited to 10 an hour per address; giving each sign-up its own address keeps a
 * file's later tests from being refused because earlier ones created users.
 */
export function newMeta() {
  addressCounter += 1;
  return { ip: `100.64.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`, userAgent: "vitest" };
}

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

/** The new user's id; a refused sign-up (say, rate limited) fails here with its reason, not later as a bad uuid. */
export function userIdOf(result: { status: string; userId?: string }): string {
  if (result.status !== "created" || !result.userId) throw new Error(`sign-up was not created: ${result.status}`);
  return result.userId;
}

// Users, login cookies and API tokens come from one place (tests/fixtures/users.ts).
export { apiToken, bearer, createUser, loginCookie, meta, requesterOf, signedInUser, uniqueEmail } from "../fixtures/users";

/** Hosting needs a verified email (as if the mailed link had been opened). */
export async function markVerified(userId: string) {
  await getDb().updateTable("users").set({ email_verified_at: new Date() }).where("id", "=", userId).execute();
}

/** How many entries the audit log holds: a refused or repeated admin action must leave it as it was. */
export const auditCount = async () =>
  Number(
    (
      await getDb()
        .selectFrom("audit_log")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
