import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openRequestScope, openScopeCount, REQUEST_SCOPE_HEADER } from "../../app/lib/request-scope.server";
import { startLoginSession } from "../../app/modules/auth/login-sessions.server";
import { authSessionStorage, getAuthenticator, getRequester } from "../../app/modules/auth/session.server";
import { signUp } from "../../app/modules/auth/sign-up.server";
import type { DB } from "../../db/schema";
import { useTestDatabase } from "../setup/database";
import { newMeta, signupInput, testDeps, uniqueEmail } from "./helpers";

useTestDatabase();

let cookie: string;
let userId: string;
let queries = 0;
let db: Kysely<DB>;

beforeAll(async () => {
  const { deps } = testDeps();
  const created = await signUp(deps, { ...signupInput(uniqueEmail("player")), role: "user" }, newMeta());
  if (created.status !== "created") throw new Error("sign-up failed");
  userId = created.userId;
  const loginSessionId = await startLoginSession(deps, userId, newMeta());
  const store = authSessionStorage();
  const session = await store.getSession();
  session.set(getAuthenticator().sessionKey, loginSessionId);
  cookie = (await store.commitSession(session)).split(";")[0]!;
  db = new Kysely<DB>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 }) }),
    log: (e) => void (e.level === "query" && (queries += 1)),
  });
});
afterAll(async () => {
  await db.destroy();
});

const page = (method = "GET", headers: Record<string, string> = { Cookie: cookie }) => new Request("http://localhost/es/sessions", { method, headers });

/** Runs `fn` as the server runs a request: in its own scope, with Remix's per-loader copies of the request. */
async function inRequest<T>(fn: (request: (method?: string, headers?: Record<string, string>) => Request) => Promise<T>): Promise<T> {
  const scope = openRequestScope(new Date());
  try {
    return await fn((method = "GET", headers = { Cookie: cookie }) => page(method, { ...headers, [REQUEST_SCOPE_HEADER]: scope.id }));
  } finally {
    scope.close();
  }
}

describe("who is asking, once per request", () => {
  it("looks the signed-in user up once for all the loaders of one page", async () => {
    queries = 0;
    const deps = { db, now: new Date() };
    const [root, route] = await inRequest((request) => Promise.all([getRequester(request(), deps), getRequester(request(), deps)]));
    expect(root?.id).toBe(userId);
    expect(route).toBe(root);
    expect(queries).toBe(1);
  });

  it("asks again in the next request, and in every action", async () => {
    queries = 0;
    const deps = { db, now: new Date() };
    await inRequest((request) => getRequester(request(), deps));
    await inRequest((request) => getRequester(request(), deps));
    expect(queries).toBe(2);
    queries = 0;
    await inRequest(async (request) => {
      await getRequester(request("POST"), deps);
      await getRequester(request("POST"), deps);
    });
    expect(queries).toBe(2);
    // Outside any request (scripts, tests) every call asks.
    queries = 0;
    await Promise.all([getRequester(page(), deps), getRequester(page(), deps)]);
    expect(queries).toBe(2);
  });

  it("keeps different credentials apart", async () => {
    const deps = { db, now: new Date() };
    const [signedIn, anonymous] = await inRequest((request) => Promise.all([getRequester(request(), deps), getRequester(request("GET", {}), deps)]));
    expect(signedIn?.id).toBe(userId);
    expect(anonymous).toBeNull();
  });

  it("ignores a scope a client names itself, and a closed request's scope is gone", async () => {
    const deps = { db, now: new Date() };
    const before = openScopeCount();
    let id = "";
    await inRequest(async () => {
      id = `${process.pid}.forged`;
    });
    queries = 0;
    const forged = () => page("GET", { Cookie: cookie, [REQUEST_SCOPE_HEADER]: id });
    await Promise.all([getRequester(forged(), deps), getRequester(forged(), deps)]);
    expect(queries).toBe(2);
    expect(openScopeCount()).toBe(before);
  });
});
