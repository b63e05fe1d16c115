import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { startLoginSession } from "../../app/modules/auth/login-sessions.server";
import { signUp } from "../../app/modules/auth/sign-up.server";
import { loader as list } from "../../app/routes/$lang.dev.mailbox._index";
import { loader as readOne } from "../../app/routes/$lang.dev.mailbox.$id";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { cookieForLoginSession, meta, newMeta, signupInput, testDeps, uniqueEmail } from "./helpers";
import { run } from "./route";

useTestDatabase();

async function cookieFor(admin: boolean) {
  const { deps } = testDeps(new Date());
  const created = await signUp(deps, signupInput(uniqueEmail(admin ? "admin" : "user")), newMeta());
  if (created.status !== "created") throw new Error("sign-up failed");
  if (admin)
    await getDb()
      .updateTable("users")
      .set({ roles: sql<string[]>`array['user','admin']` })
      .where("id", "=", created.userId)
      .execute();
  return cookieForLoginSession(await startLoginSession(deps, created.userId, meta));
}

// The server writes the client address it read from the socket (or a trusted proxy) into x-client-ip.
const visit = (clientIp: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost:3000/es/dev/mailbox", { headers: { "x-client-ip": clientIp, ...headers } });

let admin = "";
let user = "";
beforeAll(async () => {
  admin = await cookieFor(true);
  user = await cookieFor(false);
});

describe("the local mailbox", () => {
  it("opens for requests from this machine", async () => {
    for (const ip of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) expect((await run(list, visit(ip), { lang: "es" })).status, ip).toBe(200);
  });

  it("is a 404 for anyone else on the network, signed in or not", async () => {
    for (const headers of [{}, { Cookie: user }] as Record<string, string>[]) {
      expect((await run(list, visit("192.168.1.50", headers), { lang: "es" })).status).toBe(404);
      expect((await run(readOne, visit("192.168.1.50", headers), { lang: "es", id: "anything" })).status).toBe(404);
    }
    // A client cannot claim to be local with the headers it sends (the server overwrites x-client-ip).
    expect((await run(list, visit("192.168.1.50", { "X-Forwarded-For": "127.0.0.1", "X-Real-IP": "127.0.0.1" }), { lang: "es" })).status).toBe(404);
  });

  it("opens for an admin from anywhere", async () => {
    expect((await run(list, visit("192.168.1.50", { Cookie: admin }), { lang: "es" })).status).toBe(200);
  });
});
