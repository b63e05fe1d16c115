import { describe, expect, it } from "vitest";
import { weakPasswordProblem } from "./password-strength.server";

describe("password strength", () => {
  it.each(["12345678", "password1", "qwertyuiop", "iloveyou123", "11111111", "abcd1234"])("refuses %s", (password) => {
    expect(weakPasswordProblem(password)).toBe("passwordTooWeak");
  });

  it.each(["correct horse battery", "Dragones-2026!", "Jugadora-2026!", "Admin-2026!", "Player-2026!", "Jugador-2026!"])("accepts %s", (password) => {
    expect(weakPasswordProblem(password)).toBeNull();
  });

  it("counts the person's own email and name against the password", () => {
    expect(weakPasswordProblem("ValentinaRobles")).toBeNull();
    expect(weakPasswordProblem("ValentinaRobles", ["valentina.robles@example.com", "Valentina", "Robles"])).toBe("passwordTooWeak");
  });
});
