import { describe, expect, it } from "vitest";
import { action as hosting, loader as hostingPage } from "../../app/routes/$lang.settings.hosting/route";
import { action as password } from "../../app/routes/$lang.settings.password";
import { action as profile } from "../../app/routes/$lang.settings.profile";
import { action as sessions } from "../../app/routes/$lang.settings.sessions";
import { getDb } from "../../db/client.server";
import { createUser, loginCookie } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { errorsFor, fieldErrors, form, initialValue, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
/** A new signed-in account; every test makes the ones it changes, so no test sees another's edits. */
async function signedIn(role: "user" | "dm") {
  const user = await createUser({ role });
  const cookie = await loginCookie(user.id);
  const { id: loginSessionId } = await getDb().selectFrom("login_sessions").select("id").where("user_id", "=", user.id).executeTakeFirstOrThrow();
  return { userId: user.id, loginSessionId, cookie };
}

const profileValues = { firstName: "Ana", lastName: "Robles", displayName: "Ana R", timeZone: "America/Bogota", preferredLanguage: "es", bio: "Hola" };

describe("profile form", () => {
  it.each([
    [{ bio: "x".repeat(501) }, "bio", "bioTooLong"],
    [{ description: "x".repeat(1001) }, "description", "descriptionTooLong"],
    [{ location: "x".repeat(101) }, "location", "locationTooLong"],
    [{ avatarUrl: "javascript:alert(1)" }, "avatarUrl", "avatarUrlInvalid"],
    [{ timeZone: "Mars/Olympus" }, "timeZone", "timeZoneInvalid"],
    [{ experienceLevel: "GOD" }, "experienceLevel", "experienceInvalid"],
    [{ username: "ab" }, "username", "usernameTooShort"],
    [{ username: "x".repeat(10_000) }, "username", "usernameTooLong"],
    [{ username: "admin" }, "username", "usernameReserved"],
    [{ username: "<b>hi</b>" }, "username", "usernameCharacters"],
  ])("%#: %s → %s, nothing saved", async (override, field, key) => {
    const player = await signedIn("user");
    const result = await run(profile, form(`${base}/es/settings/profile`, { ...profileValues, ...override }, { Cookie: player.cookie }), { lang: "es" });
    expect(result.status).toBe(400);
    expect(fieldErrors(result.data)[field]).toContain(key);
    if (field !== "bio") expect(initialValue(result.data).bio).toBe("Hola");
    expect(initialValue(result.data).displayName).toBe("Ana R");
    const row = await getDb().selectFrom("profiles").select("bio").where("user_id", "=", player.userId).executeTakeFirstOrThrow();
    expect(row.bio).toBe("");
  });

  it("saves, then enforces the 7-day username cooldown and uniqueness", async () => {
    const player = await signedIn("user");
    const dm = await signedIn("dm");
    const ok = await run(profile, form(`${base}/es/settings/profile`, { ...profileValues, username: "Lucía Rolera" }, { Cookie: player.cookie }), {
      lang: "es",
    });
    expect(ok.status).toBe(302);
    const again = await run(profile, form(`${base}/es/settings/profile`, { ...profileValues, username: "Otra Cosa" }, { Cookie: player.cookie }), {
      lang: "es",
    });
    expect(fieldErrors(again.data).username).toContain("usernameCooldown");
    const taken = await run(profile, form(`${base}/es/settings/profile`, { ...profileValues, username: "lucía rolera" }, { Cookie: dm.cookie }), {
      lang: "es",
    });
    expect(fieldErrors(taken.data).username).toContain("usernameTaken");
  });

  it("sends a signed-out visitor to the login page with a way back", async () => {
    const result = await run(profile, form(`${base}/es/settings/profile`, profileValues), { lang: "es" });
    expect(result.status).toBe(302);
    expect(result.headers.get("Location")).toBe("/es/login?redirect=%2Fes%2Fsettings%2Fprofile");
  });
});

describe("hosting form (DM only)", () => {
  it("refuses a player with the guard screen", async () => {
    const player = await signedIn("user");
    const result = await run(hostingPage, new Request(`${base}/es/settings/hosting`, { headers: { Cookie: player.cookie } }), { lang: "es" });
    expect(result.status).toBe(403);
  });

  it.each([
    [{ languages: [], availableDays: ["MONDAY"] }, "languages", "languagesRequired"],
    [{ languages: ["es"], availableDays: [] }, "availableDays", "availableDaysRequired"],
    [{ languages: ["es"], availableDays: ["FUNDAY"] }, "availableDays", "dayInvalid"],
    [{ languages: ["es"], availableDays: ["MONDAY"], directBookingRate: "10000.01" }, "directBookingRate", "rateTooHigh"],
    [{ languages: ["es"], availableDays: ["MONDAY"], directBookingRate: "-1" }, "directBookingRate", "rateTooLow"],
    [{ languages: ["es"], availableDays: ["MONDAY"], directBookingRate: "abc" }, "directBookingRate", "rateInvalid"],
    [{ languages: ["es"], availableDays: ["MONDAY"], directBookingCurrency: "XXX" }, "directBookingCurrency", "currencyInvalid"],
  ])("%#: %s → %s", async (values, field, key) => {
    const dm = await signedIn("dm");
    const result = await run(hosting, form(`${base}/es/settings/hosting`, values as Record<string, string | string[]>, { Cookie: dm.cookie }), { lang: "es" });
    expect(result.status).toBe(400);
    expect(errorsFor(result.data, field)).toContain(key);
  });

  it("stores the rate in cents", async () => {
    const dm = await signedIn("dm");
    const values = {
      languages: ["es", "pt"],
      availableDays: ["FRIDAY"],
      directBookingRate: "150.5",
      directBookingCurrency: "MXN",
      acceptsDirectBookings: "on",
    };
    expect((await run(hosting, form(`${base}/es/settings/hosting`, values, { Cookie: dm.cookie }), { lang: "es" })).status).toBe(302);
    const row = await getDb()
      .selectFrom("profiles")
      .select(["direct_booking_rate_cents", "languages", "accepts_direct_bookings"])
      .where("user_id", "=", dm.userId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ direct_booking_rate_cents: 15050, languages: ["es", "pt"], accepts_direct_bookings: true });
  });
});

describe("password and devices", () => {
  it("refuses a new password outside 8–100 and a wrong current password", async () => {
    const player = await signedIn("user");
    const tooLong = await run(
      password,
      form(
        `${base}/es/settings/password`,
        { currentPassword: "correct horse battery", newPassword: "x".repeat(101), confirmPassword: "x".repeat(101) },
        { Cookie: player.cookie },
      ),
      { lang: "es" },
    );
    expect(fieldErrors(tooLong.data).newPassword).toContain("newPasswordTooLong");
    const mismatch = await run(
      password,
      form(
        `${base}/es/settings/password`,
        { currentPassword: "correct horse battery", newPassword: "12345678", confirmPassword: "87654321" },
        { Cookie: player.cookie },
      ),
      { lang: "es" },
    );
    expect(fieldErrors(mismatch.data).confirmPassword).toContain("passwordsDontMatch");
    const wrong = await run(
      password,
      form(
        `${base}/es/settings/password`,
        { currentPassword: "nope", newPassword: "a much better passphrase", confirmPassword: "a much better passphrase" },
        { Cookie: player.cookie },
      ),
      { lang: "es" },
    );
    expect(fieldErrors(wrong.data).currentPassword).toContain("wrongCurrentPassword");
  });

  it("cannot revoke another user's login session", async () => {
    const player = await signedIn("user");
    const dm = await signedIn("dm");
    await run(sessions, form(`${base}/es/settings/sessions`, { intent: "revoke", sessionId: dm.loginSessionId }, { Cookie: player.cookie }), { lang: "es" });
    const row = await getDb().selectFrom("login_sessions").select("revoked_at").where("id", "=", dm.loginSessionId).executeTakeFirstOrThrow();
    expect(row.revoked_at).toBeNull();
  });
});
