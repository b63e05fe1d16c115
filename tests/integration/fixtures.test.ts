import { describe, expect, it } from "vitest";
import { getRequester } from "../../app/modules/auth/session.server";
import { getDb } from "../../db/client.server";
import { apiToken, bearer, createUser, loginCookie } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

// The fixtures sign login cookies themselves (see tests/fixtures/users.ts); if the app's cookie
// changes, this fails here instead of every test that signs someone in failing oddly.
const as = (headers: Record<string, string>) => getRequester(new Request("http://localhost:3000/es", { headers }), { db: getDb(), now: new Date() });

describe("test fixtures", () => {
  it("make accounts the app signs in from a login cookie or an API token", async () => {
    const dm = await createUser({ role: "dm", displayName: "Fixture DM" });
    expect(await as({ Cookie: await loginCookie(dm.id) })).toMatchObject({
      id: dm.id,
      isDm: true,
      isAdmin: false,
      emailVerified: true,
      displayName: "Fixture DM",
    });
    expect(await as(bearer(await apiToken(dm.id)))).toMatchObject({ id: dm.id, isDm: true });
  });

  it("make admins and unverified accounts when asked", async () => {
    const admin = await createUser({ role: "admin" });
    expect(await as({ Cookie: await loginCookie(admin.id) })).toMatchObject({ id: admin.id, isAdmin: true, isDm: false });
    const unverified = await createUser({ verified: false });
    expect(await as({ Cookie: await loginCookie(unverified.id) })).toMatchObject({ id: unverified.id, emailVerified: false });
  });
});
