import { describe, expect, it } from "vitest";
import { distinctOthers, fitsGroup, GROUP_MAX_MEMBERS, groupPowers, GROUPS_PER_DAY, mayCreateGroup, nextOwner } from "./group-rules";

describe("group limits", () => {
  it("fits 50 people and refuses the 51st", () => {
    expect(fitsGroup(1, 49)).toBe(true);
    expect(fitsGroup(49, 1)).toBe(true);
    expect(fitsGroup(GROUP_MAX_MEMBERS, 1)).toBe(false);
    expect(fitsGroup(1, 50)).toBe(false);
  });

  it("allows 20 groups in 24 hours, not a 21st", () => {
    expect(mayCreateGroup(0)).toBe(true);
    expect(mayCreateGroup(GROUPS_PER_DAY - 1)).toBe(true);
    expect(mayCreateGroup(GROUPS_PER_DAY)).toBe(false);
  });

  it("counts each person once and never the one adding", () => {
    expect(distinctOthers(["b", "a", "b", "c"], "a")).toEqual(["b", "c"]);
    expect(distinctOthers([], "a")).toEqual([]);
  });
});

describe("nextOwner", () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 29, 12, minutes));

  it("passes the group to whoever has been in it longest", () => {
    const members = [
      { userId: "owner", joinedAt: at(0) },
      { userId: "late", joinedAt: at(30) },
      { userId: "early", joinedAt: at(5) },
    ];
    expect(nextOwner(members, "owner")).toBe("early");
  });

  it("breaks a tie by id, and leaves nobody when nobody stays", () => {
    expect(
      nextOwner(
        [
          { userId: "owner", joinedAt: at(0) },
          { userId: "z", joinedAt: at(1) },
          { userId: "m", joinedAt: at(1) },
        ],
        "owner",
      ),
    ).toBe("m");
    expect(nextOwner([{ userId: "owner", joinedAt: at(0) }], "owner")).toBeNull();
  });
});

describe("groupPowers", () => {
  it("lets the owner manage and everyone leave", () => {
    expect(groupPowers("a", { ownerId: "a" })).toEqual({ rename: true, add: true, remove: true, leave: true });
    expect(groupPowers("b", { ownerId: "a" })).toEqual({ rename: false, add: false, remove: false, leave: true });
    expect(groupPowers("b", { ownerId: null })).toEqual({ rename: false, add: false, remove: false, leave: true });
  });
});
