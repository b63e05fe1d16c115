import { describe, expect, it } from "vitest";
import { referenceBarcodeSvg } from "./voucher-barcode.server";

describe("a voucher's barcode on its page", () => {
  it("is an SVG of bars only, scaled by its box", () => {
    const svg = referenceBarcodeSvg("93000012345678901234")!;
    expect(svg).toMatch(/^<svg viewBox="0 0 \d+ \d+" xmlns="http:\/\/www.w3.org\/2000\/svg">/);
    expect(svg).not.toMatch(/<script|<text|href/);
  });

  it("is not drawn from anything but a reference's characters", () => {
    expect(referenceBarcodeSvg('12"><script>')).toBeNull();
  });
});
