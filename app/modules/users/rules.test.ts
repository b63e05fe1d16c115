import { describe, expect, it } from "vitest";
import { avatarInitials, displayNameOf, initialOf, usernameChangeAvailableAt, usernameProblem } from "./rules";

describe("display name", () => {
  it("uses displayName, then the email's local part, then 'User'", () => {
    expect(displayNameOf({ displayName: "  Ana DM ", email: "a@x.mx" })).toBe("Ana DM");
    expect(displayNameOf({ displayName: "", email: "carla.r@x.mx" })).toBe("carla.r");
    expect(displayNameOf({ displayName: null, email: "@x.mx" })).toBe("User");
    expect(displayNameOf({})).toBe("User");
  });
  it("takes the first letter uppercased as initial", () => {
    expect(initialOf("ñandú")).toBe("Ñ");
    expect(initialOf("")).toBe("U");
  });
  it("takes the first letters of the first two words for avatars", () => {
    expect(avatarInitials("maría josé pérez")).toBe("MJ");
    expect(avatarInitials("  solo ")).toBe("S");
    expect(avatarInitials("")).toBe("U");
  });
});

describe("usernameProblem", () => {
  it.each(["abc", "Dungeon Master 42", "el_bardo-7", "Ñoño", "a".repeat(50)])("accepts %s", (name) => {
    expect(usernameProblem(name)).toBeNull();
  });
  it.each([
    ["ab", "usernameTooShort"],
    ["a".repeat(51), "usernameTooLong"],
    ["bad!name", "usernameCharacters"],
    ["<script>", "usernameCharacters"],
    ["two  spaces", "usernameSpaces"],
    ["_edge", "usernameEdges"],
    ["edge-", "usernameEdges"],
    [" edge", "usernameEdges"],
    ["Admin", "usernameReserved"],
    ["anonymous", "usernameReserved"],
  ])("refuses %s with %s", (name, problem) => {
    expect(usernameProblem(name)).toBe(problem);
  });
});

describe("username cooldown", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  it("allows a first change", () => {
    expect(usernameChangeAvailableAt(null, now)).toBeNull();
  });
  it("blocks for 7 days after a change", () => {
    const changed = new Date("2026-11-20T12:00:00Z");
    expect(usernameChangeAvailableAt(changed, now)?.toISOString()).toBe("2026-11-27T12:00:00.000Z");
    expect(usernameChangeAvailableAt(new Date("2026-11-15T11:59:59Z"), now)).toBeNull();
  });
});
