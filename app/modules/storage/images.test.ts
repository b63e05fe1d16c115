import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { createDiskStorage } from "#app/services/storage/disk.server";
import { prepareImage, storeImage } from "./images.server";

/** A photo-sized image of pure noise: the hardest thing there is to compress. */
async function noisyPhoto(width = 3000, height = 2000) {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

const widthOf = async (bytes: Buffer) => (await sharp(bytes).metadata()).width;

describe("prepareImage", () => {
  it("makes WebP copies 400 and 800 px wide; both stay under 60 KB even for a noisy 3000x2000 photo", async () => {
    const prepared = await prepareImage(await noisyPhoto());
    expect(prepared?.type).toBe("image/jpeg");
    const [small, large] = prepared!.variants;
    expect(small!.width).toBe(400);
    expect((await sharp(small!.bytes).metadata()).format).toBe("webp");
    expect(await widthOf(small!.bytes)).toBe(400);
    expect((await sharp(small!.bytes).metadata()).height).toBe(267); // the aspect ratio is kept
    expect(small!.bytes.byteLength).toBeLessThan(60 * 1024);
    // The 800 px copy (what a card shows on a 2x phone) too, even for pure noise.
    expect(large!.bytes.byteLength).toBeLessThanOrEqual(60_000);
    expect(await widthOf(large!.bytes)).toBe(800);
    expect(await widthOf(prepared!.original)).toBe(3000);
  });

  it("never enlarges a small image", async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#0b7285" } })
      .png()
      .toBuffer();
    const prepared = await prepareImage(png);
    expect(prepared?.type).toBe("image/png");
    expect(await Promise.all(prepared!.variants.map((v) => widthOf(v.bytes)))).toEqual([300, 300]);
  });

  it("turns the original upright and drops its metadata (no place or camera in what we serve)", async () => {
    const tagged = await sharp({ create: { width: 60, height: 40, channels: 3, background: "#884400" } })
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Make: "PhoneMaker", Copyright: "someone" } } })
      .toBuffer();
    expect((await sharp(tagged).metadata()).exif).toBeDefined();
    const prepared = await prepareImage(tagged);
    const meta = await sharp(prepared!.original).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([40, 60]); // rotated by the orientation tag
  });

  it("refuses what is not a readable image, even with an image's first bytes", async () => {
    expect(await prepareImage(new TextEncoder().encode("%PDF-1.7 not an image"))).toBeNull();
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    expect(await prepareImage(png.subarray(0, 40))).toBeNull(); // signature intact, the rest cut off
  });
});

describe("storeImage", () => {
  it("stores the original and both copies under the spec's key, and never overwrites", async () => {
    const dir = fs.mkdtempSync(path.join(process.env.DATA_DIR!, "store-"));
    const storage = createDiskStorage(dir, "http://localhost:3000/uploads");
    const prepared = (await prepareImage(
      await sharp({ create: { width: 900, height: 600, channels: 3, background: "#aa3300" } })
        .png()
        .toBuffer(),
    ))!;
    const now = new Date(1_800_000_000_000);
    const input = { userId: "u1", target: { kind: "series" as const }, fileName: "Campaña Épica.png", image: prepared, now };

    const first = await storeImage(storage, input);
    expect(first).toBe("http://localhost:3000/uploads/u1/series/1800000000000-campana-epica.png");
    // Same user, same millisecond, same name: the next millisecond is used instead.
    const second = await storeImage(storage, input);
    expect(second).toBe("http://localhost:3000/uploads/u1/series/1800000000001-campana-epica.png");

    const files = fs.readdirSync(path.join(dir, "u1", "series")).sort();
    expect(files).toEqual([
      "1800000000000-campana-epica.png",
      "1800000000000-campana-epica.w400.webp",
      "1800000000000-campana-epica.w800.webp",
      "1800000000001-campana-epica.png",
      "1800000000001-campana-epica.w400.webp",
      "1800000000001-campana-epica.w800.webp",
    ]);
    expect(await widthOf(fs.readFileSync(path.join(dir, "u1", "series", "1800000000000-campana-epica.w800.webp")))).toBe(800);
  });
});
