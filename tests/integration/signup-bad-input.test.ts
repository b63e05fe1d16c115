import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { action as signup } from "../../app/routes/$lang.signup";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { uniqueEmail } from "./helpers";
import { fieldErrors, form, initialValue, run } from "./route";

useTestDatabase();

const url = "http://localhost:3000/es/signup";
const good = () => ({
  email: uniqueEmail("form"),
  password: "a good password",
  firstName: "Lucía",
  lastName: "Hernández",
  displayName: "Lucía H",
  role: "user",
  preferredLanguage: "es",
});

async function userCount() {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from users`.execute(getDb());
  return rows[0]!.n;
}

describe("sign-up form with bad input", () => {
  const cases: [string, Record<string, string>, string, string][] = [
    ["password too short", { password: "short" }, "password", "passwordTooShort"],
    ["password too long", { password: "x".repeat(129) }, "password", "passwordTooLong"],
    ["missing email", { email: "" }, "email", "emailRequired"],
    ["malformed email", { email: "not-an-email" }, "email", "emailInvalid"],
    ["10 kB email", { email: `${"a".repeat(10_000)}@x.mx` }, "email", "emailInvalid"],
    ["missing first name", { firstName: "" }, "firstName", "firstNameRequired"],
    ["first name too long", { firstName: "x".repeat(51) }, "firstName", "firstNameTooLong"],
    ["last name of spaces", { lastName: "   " }, "lastName", "lastNameRequired"],
    ["display name too short", { displayName: "A" }, "displayName", "displayNameTooShort"],
    ["display name 10 kB", { displayName: "x".repeat(10_000) }, "displayName", "displayNameTooLong"],
    ["NUL byte in a name", { firstName: "Ana\u0000" }, "firstName", "invalidCharacters"],
    ["unknown role", { role: "admin" }, "role", "roleInvalid"],
    ["unknown language", { preferredLanguage: "fr" }, "preferredLanguage", "languageInvalid"],
    ["last name too long", { lastName: "x".repeat(51) }, "lastName", "lastNameTooLong"],
    ["missing display name", { displayName: "" }, "displayName", "displayNameRequired"],
    ["missing password", { password: "" }, "password", "passwordRequired"],
    ["10 kB password", { password: "x".repeat(10_000) }, "password", "passwordTooLong"],
    ["NUL byte in the password", { password: "a good\u0000password" }, "password", "invalidCharacters"],
    ["control character in the display name", { displayName: "Ana\u0007R" }, "displayName", "invalidCharacters"],
    ["SQL in the email", { email: "'; drop table users;--" }, "email", "emailInvalid"],
    ["markup in the email", { email: "<script>alert(1)</script>@x.mx" }, "email", "emailInvalid"],
    ["SQL in the role", { role: "user'; drop table users;--" }, "role", "roleInvalid"],
    ["markup too long for a display name", { displayName: `<script>${"x".repeat(60)}</script>` }, "displayName", "displayNameTooLong"],
  ];

  it.each(cases)("%s → 400 with %s message and the rest kept", async (_name, override, field, key) => {
    const before = await userCount();
    const values = { ...good(), ...override };
    const result = await run(signup, form(url, values), { lang: "es" });
    expect(result.status).toBe(400);
    expect(fieldErrors(result.data)[field]).toContain(key);
    // What was typed comes back (an empty field comes back as absent, which shows the same).
    expect(initialValue(result.data).displayName).toBe(values.displayName || undefined);
    if (field !== "email") expect(initialValue(result.data).email).toBe(values.email);
    expect(initialValue(result.data).password).toBeUndefined(); // never echo passwords
    expect(await userCount()).toBe(before);
  });

  // A browser never sends these, but a script can: a field left out, or sent twice (an array
  // where a string belongs).
  it.each([
    ["email", "emailRequired"],
    ["password", "passwordRequired"],
    ["firstName", "firstNameRequired"],
    ["lastName", "lastNameRequired"],
    ["displayName", "displayNameRequired"],
  ])("%s missing from the body or sent twice → %s", async (field, key) => {
    const before = await userCount();
    const values: Record<string, string | string[]> = good();
    delete values[field];
    const missing = await run(signup, form(url, values), { lang: "es" });
    expect(missing.status).toBe(400);
    expect(fieldErrors(missing.data)[field]).toContain(key);

    const twice = await run(signup, form(url, { ...good(), [field]: ["Ana R", "Ana R"] }), { lang: "es" });
    expect(twice.status).toBe(400);
    expect(fieldErrors(twice.data)[field]).toContain(key);
    expect(await userCount()).toBe(before);
  });

  it("refuses a file where a name belongs", async () => {
    const body = new FormData();
    for (const [key, value] of Object.entries(good())) body.append(key, value);
    body.set("firstName", new File(["<svg onload=alert(1)>"], "name.svg", { type: "image/svg+xml" }));
    const result = await run(signup, new Request(url, { method: "POST", body }), { lang: "es" });
    expect(result.status).toBe(400);
    expect(fieldErrors(result.data).firstName).toContain("firstNameRequired");
    expect(initialValue(result.data).lastName).toBe("Hernández");
  });

  it("stores hostile text as text, never as markup or SQL", async () => {
    const values = { ...good(), firstName: "<script>alert(1)</script>", lastName: "'; drop table users;--" };
    const result = await run(signup, form(url, values), { lang: "es" });
    expect(result.status).toBe(302);
    const row = await getDb().selectFrom("users").select(["first_name", "last_name"]).where("email", "=", values.email).executeTakeFirstOrThrow();
    expect(row).toEqual({ first_name: values.firstName, last_name: values.lastName });
  });

  it("refuses a body with invalid UTF-8 with a message, not a 500", async () => {
    const before = await userCount();
    const body = Buffer.concat([
      Buffer.from(`email=${encodeURIComponent(uniqueEmail("utf"))}&password=a+good+password&lastName=X&displayName=Xy&firstName=`),
      Buffer.from([0xff, 0xfe, 0x41]),
    ]);
    const request = new Request(url, { method: "POST", body, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    const result = await run(signup, request, { lang: "es" });
    expect(result.status).toBe(400);
    expect(fieldErrors(result.data).firstName).toContain("invalidCharacters");
    expect(await userCount()).toBe(before);
  });

  it("answers a broken multipart body with 400", async () => {
    const request = new Request(url, { method: "POST", body: "garbage", headers: { "Content-Type": "multipart/form-data; boundary=nope" } });
    expect((await run(signup, request, { lang: "es" })).status).toBe(400);
  });
});
