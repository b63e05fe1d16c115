import { describe, expect, it } from "vitest";
import { loader as rootLoader } from "../../app/root";
import { action, loader } from "../../app/routes/$lang.settings.data";
import { getDb } from "../../db/client.server";
import { createUser, loginCookie } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { form, run } from "./route";

useTestDatabase();

const url = "http://localhost:3000/es/settings/data";

const accountSetting = async (userId: string) =>
  (await getDb().selectFrom("users").select("save_data").where("id", "=", userId).executeTakeFirstOrThrow()).save_data;

/** What the root tells every page about data saving for this request. */
async function pageSaveData(headers: Record<string, string>) {
  const result = await run(rootLoader, new Request("http://localhost:3000/es/sessions", { headers }), { lang: "es" });
  return (result.data as { saveData: { on: boolean; reasons: string[] } }).saveData;
}

const setCookies = (headers: Headers) => headers.getSetCookie().filter((c) => c.startsWith("mesa_save_data="));

describe("the data saving settings", () => {
  it("turns it on and off for the account, and every page of the account follows", async () => {
    const user = await createUser({ role: "user" });
    const cookie = await loginCookie(user.id);
    const on = await run(action, form(url, { scope: "account", saveData: "on" }, { Cookie: cookie }), { lang: "es" });
    expect(on.status).toBe(302);
    expect(on.headers.get("Location")).toBe("/es/settings/data");
    expect(setCookies(on.headers)).toEqual([]);
    expect(await accountSetting(user.id)).toBe(true);
    expect(await pageSaveData({ Cookie: cookie })).toEqual({ on: true, reasons: ["account"] });

    const off = await run(action, form(url, { scope: "account", saveData: "off" }, { Cookie: cookie }), { lang: "es" });
    expect(off.status).toBe(302);
    expect(await accountSetting(user.id)).toBe(false);
    expect(await pageSaveData({ Cookie: cookie })).toEqual({ on: false, reasons: [] });
  });

  it("keeps a signed-out visitor's choice in a cookie only, and returns to the page they were on", async () => {
    const before = await getDb().selectFrom("users").select("id").where("save_data", "=", true).execute();
    const on = await run(action, form(url, { scope: "device", saveData: "on", redirectTo: "/es/login?redirect=%2Fes" }), { lang: "es" });
    expect(on.status).toBe(302);
    expect(on.headers.get("Location")).toBe("/es/login?redirect=%2Fes");
    const [set] = setCookies(on.headers);
    expect(set).toMatch(/^mesa_save_data=1; Max-Age=31536000; Path=\/; SameSite=Lax; HttpOnly/);
    expect(await getDb().selectFrom("users").select("id").where("save_data", "=", true).execute()).toEqual(before);
    expect(await pageSaveData({ Cookie: "mesa_save_data=1" })).toEqual({ on: true, reasons: ["device"] });

    const off = await run(action, form(url, { scope: "device", saveData: "off", redirectTo: "//elsewhere.example/" }), { lang: "es" });
    expect(off.headers.get("Location")).toBe("/es/settings/data"); // never another site
    expect(setCookies(off.headers)).toEqual([expect.stringMatching(/^mesa_save_data=; Max-Age=0;/)]);
  });

  it("a device's switch leaves the account alone; the account's needs a sign-in", async () => {
    const user = await createUser({ role: "user" });
    const cookie = await loginCookie(user.id);
    const device = await run(action, form(url, { scope: "device", saveData: "on" }, { Cookie: cookie }), { lang: "es" });
    expect(setCookies(device.headers)).toHaveLength(1);
    expect(await accountSetting(user.id)).toBe(false);

    const signedOut = await run(action, form(url, { scope: "account", saveData: "on" }), { lang: "es" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("Location")).toMatch(/^\/es\/login\?redirect=/);
    const page = await run(loader, new Request(url), { lang: "es" });
    expect(page.headers.get("Location")).toMatch(/^\/es\/login/);
  });

  it("follows the browser's Save-Data header, whatever the switches say", async () => {
    expect(await pageSaveData({ "Save-Data": "on" })).toEqual({ on: true, reasons: ["browser"] });
    expect(await pageSaveData({ "Save-Data": "off" })).toEqual({ on: false, reasons: [] });
  });
});
