import { describe, expect, it } from "vitest";
import { groupTotal, maxGuests, plainBookerName, readGroup, readGroupMethod } from "./rules";

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
  it("a paid group (the booker takes a seat) lists at most 5 guests, a free one 6: one rule of 6 seats", () => {
    expect(maxGuests(false)).toBe(6);
    expect(maxGuests(true)).toBe(5);
    const six = Array.from({ length: 6 }, (_, i) => row(`G${i}`, `g${i}@example.com`));
    expect(readGroup(six, me).ok).toBe(true);
    const paid = readGroup(six, me, { bookerTakesSeat: true });
    expect(paid).toMatchObject({ ok: false, form: "errors.tooManyPaidGuests" });
    if (!paid.ok) expect(paid.typed).toEqual(six);
    expect(readGroup(six.slice(0, 5), me, { bookerTakesSeat: true }).ok).toBe(true);
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

describe("groupTotal", () => {
  it("charges the booker's seat and each guest's at the session's price, in whole minor units", () => {
    expect(groupTotal(25000, 3)).toEqual({ seats: 4, amountCents: 100000 });
    expect(groupTotal(1999, 5)).toEqual({ seats: 6, amountCents: 11994 });
  });
  it("a group is at most 6 seats, the booker's included: 6 paid guests (7 seats) are refused", () => {
    expect(groupTotal(10000, 6)).toBeNull();
    expect(groupTotal(10000, 0)).toBeNull();
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

describe("plainBookerName", () => {
  it("keeps a plain name and leaves out anything that could be a link, an address or a message", () => {
    expect(plainBookerName("  Ana  María O'Neil-Ruiz ")).toBe("Ana María O'Neil-Ruiz");
    expect(plainBookerName("José")).toBe("José");
    expect(plainBookerName("Reserva 1764")).toBe("Reserva 1764");
    for (const bad of ["Click http://evil.example", "evil.example", "www evil com/x", "a@b", "x", "a".repeat(41), "", null, "Ana:", "Ana\u0000"])
      expect(plainBookerName(bad)).toBeNull();
  });
});
