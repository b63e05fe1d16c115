import { describe, expect, it } from "vitest";
import { settleAfterResponse } from "../../app/modules/auth/after-response.server";
import { getRequester } from "../../app/modules/auth/session.server";
import { action as verify, loader as verifyPage } from "../../app/routes/$lang.auth.verify-email";
import { action as forgot } from "../../app/routes/$lang.forgot-password";
import { action as login, loader as loginPage } from "../../app/routes/$lang.login";
import { action as logout } from "../../app/routes/$lang.logout";
import { action as reset } from "../../app/routes/$lang.reset-password";
import { action as signup, loader as signupPage } from "../../app/routes/$lang.signup";
import { getServices } from "../../app/services/index.server";
import { listOutbox } from "../../app/services/mailer/outbox.server";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { tokenFrom, uniqueEmail } from "./helpers";
import { cookieHeader, fieldErrors, form, initialValue, run } from "./route";

// These go through the routes as a browser without JavaScript would, so mail lands in the
// app's own outbox (${DATA_DIR}/mail) and the clock is the real one.
useTestDatabase();

const base = "http://localhost:3000";
const es = { lang: "es" };
let ipCounter = 0;
// Sign-up and sign-in are limited per address; each test acts from its own.
const fromNewAddress = () => ({ "x-client-ip": `198.18.0.${++ipCounter}` });

const person = (email: string) => ({
  email,
  password: "a good password",
  firstName: "Bea",
  lastName: "Souza",
  displayName: "Bea S",
  role: "dm",
  preferredLanguage: "es",
});
const mailsTo = async (email: string) => (await listOutbox(getServices().outboxDir!)).filter((m) => m.to === email);
const requesterFor = (cookie: string) => getRequester(new Request(`${base}/es`, { headers: { Cookie: cookie } }), { db: getDb(), now: new Date() });

async function signUpAndVerify(email: string) {
  expect((await run(signup, form(`${base}/es/signup`, person(email), fromNewAddress()), es)).status).toBe(302);
  const [mail] = await mailsTo(email);
  expect((await run(verify, form(`${base}/es/auth/verify-email`, { token: tokenFrom(mail!.text) }), es)).status).toBe(302);
}

async function logIn(email: string, password = "a good password") {
  const result = await run(login, form(`${base}/es/login`, { email, password }, fromNewAddress()), es);
  expect(result.status).toBe(302);
  return cookieHeader(result.headers);
}

describe("sign-up, verification, sign-in and sign-out through the forms", () => {
  it("walks the whole way a visitor does", async () => {
    const email = uniqueEmail("walk");
    const created = await run(signup, form(`${base}/es/signup`, person(email), fromNewAddress()), es);
    expect(created).toMatchObject({ status: 302 });
    expect(created.headers.get("Location")).toBe("/es/auth/verify-email?sent=1");

    const [mail] = await mailsTo(email);
    expect(mail?.subject).toContain("Confirma tu correo");
    const token = tokenFrom(mail!.text);
    // Opening the link only shows the button; mail scanners that fetch it use nothing up.
    const page = await run(verifyPage, new Request(`${base}/es/auth/verify-email?token=${token}`), es);
    expect(page.data).toMatchObject({ token, user: null });
    const verified = await run(verify, form(`${base}/es/auth/verify-email`, { token }), es);
    expect(verified.headers.get("Location")).toBe("/es/login");
    const row = await getDb().selectFrom("users").select(["email_verified_at", "roles"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(row.email_verified_at).toBeInstanceOf(Date);
    expect(row.roles).toEqual(["user", "dm"]);

    const cookie = await logIn(email);
    expect((await requesterFor(cookie))?.email).toBe(email);
    const out = await run(logout, new Request(`${base}/es/logout`, { method: "POST", headers: { Cookie: cookie } }), es);
    expect(out.status).toBe(302);
    expect(out.headers.getSetCookie().some((c) => c.startsWith("__session=;"))).toBe(true);
    // The old cookie is dead on the server too, not just cleared in this browser.
    expect(await requesterFor(cookie)).toBeNull();
  });

  it("answers a taken email exactly like a new one and tells the owner by email", async () => {
    const email = uniqueEmail("taken");
    const first = await run(signup, form(`${base}/es/signup`, person(email), fromNewAddress()), es);
    const second = await run(signup, form(`${base}/es/signup`, { ...person(email.toUpperCase()), displayName: "Impostor" }, fromNewAddress()), es);
    expect([second.status, second.headers.get("Location")]).toEqual([first.status, first.headers.get("Location")]);
    const subjects = (await mailsTo(email)).map((m) => m.subject).sort();
    expect(subjects).toEqual([expect.stringContaining("Confirma tu correo"), expect.stringContaining("Ya tienes una cuenta")]);
    const rows = await getDb().selectFrom("users").select("display_name").where("email", "=", email).execute();
    expect(rows).toEqual([{ display_name: "Bea S" }]);
  });

  it("refuses a wrong, reused or oversized verification token", async () => {
    for (const token of ["not-a-real-token", "x".repeat(10_000), ""]) {
      const result = await run(verify, form(`${base}/es/auth/verify-email`, { token }), es);
      expect(result).toMatchObject({ status: 400, data: { errors: ["tokenInvalid"] } });
    }
  });
});

describe("sign-in form", () => {
  it("gives an unknown email and a wrong password the same answer", async () => {
    const email = uniqueEmail("same");
    await signUpAndVerify(email);
    const wrong = await run(login, form(`${base}/es/login`, { email, password: "not it at all" }, fromNewAddress()), es);
    const unknown = await run(login, form(`${base}/es/login`, { email: uniqueEmail("nobody"), password: "not it at all" }, fromNewAddress()), es);
    expect(wrong.status).toBe(401);
    expect(fieldErrors(wrong.data)[""]).toEqual(["invalidCredentials"]);
    expect([unknown.status, fieldErrors(unknown.data)]).toEqual([wrong.status, fieldErrors(wrong.data)]);
    expect(initialValue(wrong.data).password).toBeUndefined();
  });

  it("locks the account after 5 failures: the right password then gets 429 too", async () => {
    const email = uniqueEmail("locked");
    await signUpAndVerify(email);
    for (let i = 0; i < 5; i += 1) {
      expect((await run(login, form(`${base}/es/login`, { email, password: `wrong ${i} guess` }, fromNewAddress()), es)).status).toBe(401);
    }
    const locked = await run(login, form(`${base}/es/login`, { email, password: "a good password" }, fromNewAddress()), es);
    expect(locked.status).toBe(429);
    expect(fieldErrors(locked.data)[""]?.[0]).toMatch(/^rateLimited\|1[45]$/); // minutes until the window frees up
    expect(locked.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(false);
  });

  it("never sends a signed-in visitor off-site with ?redirect= or ?redirect_to=", async () => {
    const email = uniqueEmail("redirect");
    await signUpAndVerify(email);
    const cookie = await logIn(email);
    const hostile = [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "%2F%2Fevil.example",
      "/%5Cevil.example",
      "https:evil.example",
      "javascript:alert(1)",
      "/\u0000//evil.example",
    ];
    for (const loader of [loginPage, signupPage]) {
      for (const name of ["redirect", "redirect_to"]) {
        for (const target of hostile) {
          const request = new Request(`${base}/es/login?${name}=${encodeURIComponent(target)}`, { headers: { Cookie: cookie } });
          const result = await run(loader, request, es);
          expect(result.status, `${name}=${target}`).toBe(302);
          expect(result.headers.get("Location"), `${name}=${target}`).toBe("/es");
        }
        const onSite = await run(loader, new Request(`${base}/es/login?${name}=%2Fes%2Fsessions%3Fq%3Ddnd`, { headers: { Cookie: cookie } }), es);
        expect(onSite.headers.get("Location")).toBe("/es/sessions?q=dnd");
      }
    }
  });
});

describe("forgotten password", () => {
  it("answers the same for an unknown address and mails only the real one", async () => {
    const email = uniqueEmail("forgot");
    await signUpAndVerify(email);
    const nobody = uniqueEmail("nobody");
    const known = await run(forgot, form(`${base}/es/forgot-password`, { email }), es);
    const unknown = await run(forgot, form(`${base}/es/forgot-password`, { email: nobody }), es);
    await settleAfterResponse();
    expect([unknown.status, unknown.headers.get("Location")]).toEqual([known.status, known.headers.get("Location")]);
    expect(await mailsTo(nobody)).toEqual([]);
    expect((await mailsTo(email)).some((m) => m.subject.includes("Restablece"))).toBe(true);

    const bad = await run(forgot, form(`${base}/es/forgot-password`, { email: "'; drop table users;--" }), es);
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad.data).email).toContain("emailInvalid");
  });

  it("resets from the mailed link, signs out every device and uses the link once", async () => {
    const email = uniqueEmail("reset");
    await signUpAndVerify(email);
    const cookie = await logIn(email);
    await run(forgot, form(`${base}/es/forgot-password`, { email }), es);
    await settleAfterResponse();
    const mail = (await mailsTo(email)).find((m) => m.subject.includes("Restablece"));
    const token = tokenFrom(mail!.text);

    const mismatch = await run(reset, form(`${base}/es/reset-password`, { token, password: "brand new pass", confirmPassword: "brand new pasS" }), es);
    expect(fieldErrors(mismatch.data).confirmPassword).toContain("passwordsDontMatch");
    expect(initialValue(mismatch.data)).not.toHaveProperty("password");

    const done = await run(reset, form(`${base}/es/reset-password`, { token, password: "brand new pass", confirmPassword: "brand new pass" }), es);
    expect(done.headers.get("Location")).toBe("/es/login");
    expect(await requesterFor(cookie)).toBeNull();
    await logIn(email, "brand new pass");

    const again = await run(reset, form(`${base}/es/reset-password`, { token, password: "another new one", confirmPassword: "another new one" }), es);
    expect(again.status).toBe(400);
    expect(fieldErrors(again.data)[""]).toEqual(["tokenInvalid"]);
  });
});
