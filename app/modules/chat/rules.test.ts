import { describe, expect, it } from "vitest";
import { chatBadge, directPair, isUuid, parseBefore, parseMessageId, threadItems } from "./rules";

describe("chat rules", () => {
  it("orders a direct pair the same way whoever starts", () => {
    expect(directPair("b", "a")).toEqual(["a", "b"]);
    expect(directPair("a", "b")).toEqual(["a", "b"]);
  });
  it("pages back only from a real message id", () => {
    expect(parseBefore("120")).toBe(120);
    for (const bad of [null, "", "0", "-3", "x", "1.5"]) expect(parseBefore(bad)).toBeNull();
  });
  it("knows a chat id when it sees one", () => {
    expect(isUuid("5f1c0000-0000-4000-8000-000000000000")).toBe(true);
    expect(isUuid("5f1c0000")).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });
  it("caps the badge at 99+", () => {
    expect(chatBadge(0)).toBeNull();
    expect(chatBadge(7)).toBe("7");
    expect(chatBadge(100)).toBe("99+");
  });
});

describe("a chat's page as it is read", () => {
  const m = (id: number, senderId: string, createdAt: string) => ({ id, senderId, createdAt });
  // Mexico City's day: 05:59 UTC is still the day before.
  const dayOf = (iso: string) => new Intl.DateTimeFormat("en-CA", { timeZone: "America/Mexico_City", dateStyle: "short" }).format(new Date(iso));
  it("opens each local day with its heading and marks where the reader's unread messages start", () => {
    const page = [
      m(1, "ana", "2026-11-27T05:00:00Z"),
      m(2, "me", "2026-11-27T07:00:00Z"),
      m(3, "ana", "2026-11-27T08:00:00Z"),
      m(4, "ana", "2026-11-28T18:00:00Z"),
    ];
    expect(threadItems(page, { id: "me", lastReadId: 2 }, dayOf).map((i) => (i.kind === "message" ? i.message.id : i.kind === "day" ? i.day : "new"))).toEqual([
      "2026-11-26",
      1,
      "2026-11-27",
      2,
      "new",
      3,
      "2026-11-28",
      4,
    ]);
  });
  it("marks nothing when all is read, and never before the reader's own message", () => {
    const page = [m(5, "me", "2026-11-28T18:00:00Z"), m(6, "ana", "2026-11-28T18:01:00Z")];
    expect(threadItems(page, { id: "me", lastReadId: 6 }, dayOf).filter((i) => i.kind === "unread")).toEqual([]);
    expect(threadItems(page, { id: "me", lastReadId: 0 }, dayOf).map((i) => i.kind)).toEqual(["day", "message", "unread", "message"]);
  });

  it("reads a message id as a report or the desk names it: a positive whole number, from text or JSON", () => {
    expect(parseMessageId("42")).toBe(42);
    expect(parseMessageId(" 42 ")).toBe(42);
    expect(parseMessageId(42)).toBe(42);
    for (const bad of ["0", "-1", "1.5", "4e2", "abc", "", null, undefined, 0, 1.5, "1".repeat(16), {}]) expect(parseMessageId(bad)).toBeNull();
  });
});
