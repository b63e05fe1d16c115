import { describe, expect, it } from "vitest";
import { hasDeferredData, shipsScripts } from "./render-plan";

describe("shipsScripts", () => {
  it("ships scripts unless a matched route opts out, per viewer when its handle decides from its data", () => {
    expect(
      shipsScripts([
        { handle: undefined, data: {} },
        { handle: { i18n: ["x"] }, data: {} },
      ]),
    ).toBe(true);
    expect(
      shipsScripts([
        { handle: undefined, data: {} },
        { handle: { hydrate: false }, data: {} },
      ]),
    ).toBe(false);
    const hostOnly = { hydrate: (d: unknown) => Boolean((d as { participants?: unknown } | undefined)?.participants) };
    expect(shipsScripts([{ handle: hostOnly, data: { participants: [] } }])).toBe(true);
    expect(shipsScripts([{ handle: hostOnly, data: {} }])).toBe(false);
    expect(shipsScripts([{ handle: hostOnly, data: undefined }])).toBe(false);
  });
});

describe("hasDeferredData", () => {
  it("is true only when some loader left a promise among its values", () => {
    expect(hasDeferredData({ root: { user: null }, "routes/$lang.sessions": { rows: [1, 2], total: 2 } })).toBe(false);
    expect(hasDeferredData({ root: null, page: "text", other: undefined })).toBe(false);
    const later = Promise.resolve([]);
    expect(hasDeferredData({ root: { user: null }, page: { reviews: later } })).toBe(true);
    expect(hasDeferredData({ page: later })).toBe(true);
  });
});
