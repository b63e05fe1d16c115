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
  ];

  it.each(cases)("%s → 400 with %s message and the rest kept", async (_name, override, field, key) => {
    const before = await userCount();
    const values = { ...good(), ...override };
    const result = await run(signup, form(url, values), { lang: "es" });
    expect(result.status).toBe(400);
    expect(fieldErrors(result.data)[field]).toContain(key);
    expect(initialValue(result.data).displayName ?? values.displayName).toBe(values.displayName);
    if (field !== "email") expect(initialValue(result.data).email).toBe(values.email);
    expect(initialValue(result.data).password).toBeUndefined(); // never echo passwords
    expect(await userCount()).toBe(before);
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
