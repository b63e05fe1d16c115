import { describe, expect, it } from "vitest";
import { browserAsks, deviceAsks, deviceCookie, resolveSaveData, SAVE_DATA_COOKIE } from "./rules";

describe("browserAsks", () => {
  it.each([
    ["on", true],
    ["On", true],
    [" on ", true],
    ["on, something", true],
    ["off", false],
    ["", false],
    [null, false],
    ["only", false],
  ])("Save-Data: %s → %s", (header, expected) => {
    expect(browserAsks(header)).toBe(expected);
  });
});

describe("deviceAsks", () => {
  it("reads the device cookie among others", () => {
    expect(deviceAsks(`mesa_lang=es; ${SAVE_DATA_COOKIE}=1; other=2`)).toBe(true);
    expect(deviceAsks(`${SAVE_DATA_COOKIE}=0`)).toBe(false);
    expect(deviceAsks(`x${SAVE_DATA_COOKIE}=1`)).toBe(false);
    expect(deviceAsks(null)).toBe(false);
  });
});

describe("resolveSaveData", () => {
  const cookie = `${SAVE_DATA_COOKIE}=1`;
  it("is off when nobody asks", () => {
    expect(resolveSaveData({ header: null, account: false, cookie: null })).toEqual({ on: false, reasons: [] });
  });

  it("is on when any one asks, and names who", () => {
    expect(resolveSaveData({ header: "on", account: false, cookie: null })).toEqual({ on: true, reasons: ["browser"] });
    expect(resolveSaveData({ header: null, account: true, cookie: null })).toEqual({ on: true, reasons: ["account"] });
    expect(resolveSaveData({ header: null, account: false, cookie })).toEqual({ on: true, reasons: ["device"] });
  });

  it("never lets one source turn off what another asked for", () => {
    // The device has no "off" that outranks the account or the browser.
    expect(resolveSaveData({ header: "on", account: true, cookie: `${SAVE_DATA_COOKIE}=` })).toEqual({ on: true, reasons: ["browser", "account"] });
    expect(resolveSaveData({ header: "off", account: true, cookie: null }).on).toBe(true);
    expect(resolveSaveData({ header: "on", account: true, cookie })).toEqual({ on: true, reasons: ["browser", "account", "device"] });
  });
});

describe("deviceCookie", () => {
  it("remembers for a year, or forgets at once", () => {
    expect(deviceCookie(true, true)).toBe(`${SAVE_DATA_COOKIE}=1; Max-Age=31536000; Path=/; SameSite=Lax; HttpOnly; Secure`);
    expect(deviceCookie(false, false)).toBe(`${SAVE_DATA_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax; HttpOnly`);
  });
});
