import { describe, expect, it } from "vitest";
import { parseLimit, unreadBadge } from "./rules";

describe("unreadBadge", () => {
  it("hides zero and caps at 99+", () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(7)).toBe("7");
    expect(unreadBadge(99)).toBe("99");
    expect(unreadBadge(100)).toBe("99+");
  });
});

describe("parseLimit", () => {
  it.each([
    [null, 10],
    ["5", 5],
    ["500", 100],
    ["-1", 10],
    ["abc", 10],
    ["2.5", 10],
  ])("%s → %s", (raw, expected) => {
    expect(parseLimit(raw)).toBe(expected);
  });
});

describe("notification kinds", () => {
  it("puts every live-feed type in one of the rulebook's types, with an icon", async () => {
    const { categoryOf, categoryIcon, notificationCategories, notificationTypes } = await import("./rules");
    for (const type of notificationTypes) expect(notificationCategories).toContain(categoryOf(type));
    expect(categoryOf("booking_confirmed")).toBe("BOOKING");
    expect(categoryOf("refund_processed")).toBe("PAYMENT");
    expect(categoryOf("something_old")).toBe("SYSTEM");
    for (const c of notificationCategories) expect(categoryIcon[c]).toBeTruthy();
  });
  it("toasts exactly the spec's eight types", async () => {
    const { toastTypes } = await import("./rules");
    expect([...toastTypes].sort()).toEqual([
      "booking_confirmed",
      "new_message",
      "payment_due",
      "payment_received",
      "player_cancelled",
      "player_joined",
      "session_cancelled",
      "session_starting",
    ]);
  });
});
