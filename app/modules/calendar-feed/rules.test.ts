import { describe, expect, it } from "vitest";
import { FEED_WINDOW, feedUrls, feedWindow, tokenFromFileName } from "./rules";

const token = "a".repeat(43);

describe("calendar feed rules", () => {
  it("reads a token only from a well-formed file name", () => {
    expect(tokenFromFileName(`${token}.ics`)).toBe(token);
    expect(tokenFromFileName(token)).toBeNull();
    expect(tokenFromFileName(`${token.slice(1)}.ics`)).toBeNull();
    expect(tokenFromFileName(`../${token.slice(3)}.ics`)).toBeNull();
    expect(tokenFromFileName(`${"a".repeat(42)}%.ics`)).toBeNull();
  });

  it("covers a month back and a year ahead", () => {
    const now = new Date("2026-11-23T12:00:00Z");
    const { from, to } = feedWindow(now);
    expect(from.toISOString()).toBe("2026-10-24T12:00:00.000Z");
    expect((to.getTime() - now.getTime()) / 86_400_000).toBe(FEED_WINDOW.daysAhead);
  });

  it("gives an https and a webcal address", () => {
    expect(feedUrls("https://mesa.example/", token)).toEqual({
      https: `https://mesa.example/api/calendar/${token}.ics`,
      webcal: `webcal://mesa.example/api/calendar/${token}.ics`,
    });
    expect(feedUrls("http://localhost:3000", token).webcal).toBe(`webcal://localhost:3000/api/calendar/${token}.ics`);
  });
});
