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

describe("the word above a notification's title", () => {
  it("names a chat message as coming from a chat, not from the system, in every language", async () => {
    const fs = await import("node:fs");
    const { labelKeyOf, notificationTypes } = await import("./rules");
    expect(labelKeyOf("new_message")).toBe("labels.chat");
    expect(labelKeyOf("waitlist_spot_available")).toBe("categories.BOOKING");
    expect(labelKeyOf("welcome")).toBe("categories.SYSTEM");
    const words = { es: "Chat", en: "Chat", pt: "Conversa" } as const;
    for (const [lang, word] of Object.entries(words)) {
      const texts = JSON.parse(fs.readFileSync(`public/locales/${lang}/notifications.json`, "utf8")) as Record<string, Record<string, string>>;
      const read = (key: string) => key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);
      expect(read(labelKeyOf("new_message")), lang).toBe(word);
      for (const type of notificationTypes) expect(typeof read(labelKeyOf(type)), `${lang} ${type}`).toBe("string");
    }
  });
});
