import { describe, expect, it } from "vitest";
import { groupFits, groupTotal, readGroup, readGroupMethod } from "./rules";

const me = "booker@example.com";
const row = (name: string, email: string) => ({ name, email });

describe("readGroup", () => {
  it("reads up to six guests, trimmed, emails lowercased, empty rows skipped", () => {
    const r = readGroup([row(" Ana ", "ANA@Example.com"), row("", ""), row("Bruno", "b@example.com")], me);
    expect(r).toEqual({ ok: true, guests: [row("Ana", "ana@example.com"), row("Bruno", "b@example.com")], typed: expect.any(Array) });
  });
  it("refuses no guests and seven guests", () => {
    expect(readGroup([row("", "")], me)).toMatchObject({ ok: false, form: "errors.noGuests" });
    const seven = Array.from({ length: 7 }, (_, i) => row(`G${i}`, `g${i}@example.com`));
    expect(readGroup(seven, me)).toMatchObject({ ok: false, form: "errors.tooManyGuests" });
  });
  it("refuses repeated emails case-insensitively and the booker's own", () => {
    const r = readGroup([row("A", "a@example.com"), row("B", "A@EXAMPLE.com"), row("C", "Booker@example.com")], me);
    expect(r).toMatchObject({ ok: false, rows: [{}, { email: "errors.emailRepeated" }, { email: "errors.emailIsYours" }] });
  });
  it("refuses empty and 101-character names, bad emails and NUL bytes, keeping what was typed", () => {
    const r = readGroup([row("x".repeat(101), "a@example.com"), row("B", "not-an-email"), row("C\u0000", "c@example.com"), row("", "d@example.com")], me);
    expect(r).toMatchObject({
      ok: false,
      rows: [{ name: "errors.nameTooLong" }, { email: "errors.emailInvalid" }, { name: "errors.invalidCharacters" }, { name: "errors.nameRequired" }],
    });
    if (!r.ok) expect(r.typed[1]).toEqual(row("B", "not-an-email"));
    expect(readGroup([row("x".repeat(100), "a@example.com")], me).ok).toBe(true);
  });
  it("refuses arrays and objects where strings belong, and a body that is not a list", () => {
    const r = readGroup([{ name: ["A"], email: { x: 1 } }], me);
    expect(r).toMatchObject({ ok: false, rows: [{ name: "errors.nameInvalid", email: "errors.emailInvalid" }] });
    expect(readGroup("guests", me)).toMatchObject({ ok: false, form: "errors.guestsInvalid" });
  });
});

describe("groupFits", () => {
  it("needs a seat for every guest", () => {
    expect(groupFits(3, 6, 3, 0)).toBe(true);
    expect(groupFits(3, 6, 4, 0)).toBe(false);
    expect(groupFits(2, 6, 3, 1)).toBe(true);
    expect(groupFits(3, 6, 3, 1)).toBe(false);
  });
});

describe("groupTotal", () => {
  it("charges the booker's seat and each guest's at the session's price, in whole minor units", () => {
    expect(groupTotal(25000, 3)).toEqual({ seats: 4, amountCents: 100000 });
    expect(groupTotal(1999, 6)).toEqual({ seats: 7, amountCents: 13993 });
  });
  it("refuses a free price, a fraction and a sum past the safe integers", () => {
    expect(groupTotal(0, 2)).toBeNull();
    expect(groupTotal(10.5, 2)).toBeNull();
    expect(groupTotal(Number.MAX_SAFE_INTEGER, 1)).toBeNull();
  });
});

describe("readGroupMethod", () => {
  it("reads card by default and OXXO when named; refuses anything else", () => {
    expect(readGroupMethod(undefined)).toBe("CARD");
    expect(readGroupMethod("oxxo")).toBe("OXXO");
    expect(readGroupMethod("card")).toBe("CARD");
    expect(readGroupMethod("cash")).toBeNull();
    expect(readGroupMethod(["CARD"])).toBeNull();
  });
});
