import { describe, expect, it } from "vitest";
import {
  checkImage,
  detailImage,
  detectImageType,
  IMAGE_MAX_BYTES,
  imageKey,
  imageSources,
  ownImageUrl,
  problemParams,
  safeFileName,
  variantKey,
} from "./rules";

const bytes = (...values: (number | string)[]) => new Uint8Array(values.flatMap((v) => (typeof v === "string" ? [...v].map((c) => c.charCodeAt(0)) : [v])));

const jpeg = bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, "JFIF", 0);
const png = bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d);
const webp = bytes("RIFF", 0x24, 0, 0, 0, "WEBP");
const pdf = bytes("%PDF-1.7\n%âãÏÓ");

describe("detectImageType", () => {
  it("reads the type from the first bytes", () => {
    expect(detectImageType(jpeg)).toBe("image/jpeg");
    expect(detectImageType(png)).toBe("image/png");
    expect(detectImageType(webp)).toBe("image/webp");
  });

  it("refuses anything else, whatever its name would say", () => {
    expect(detectImageType(pdf)).toBeNull();
    expect(detectImageType(bytes("GIF89a"))).toBeNull();
    expect(detectImageType(bytes("RIFF", 0x24, 0, 0, 0, "WAVE"))).toBeNull(); // a RIFF that is not WebP
    expect(detectImageType(bytes("<svg xmlns="))).toBeNull();
    expect(detectImageType(new Uint8Array(0))).toBeNull();
    expect(detectImageType(bytes(0xff, 0xd8))).toBeNull(); // cut short
  });
});

describe("checkImage", () => {
  it("accepts an image up to exactly 5 MB", () => {
    expect(checkImage({ head: png, size: 1 })).toBeNull();
    expect(checkImage({ head: jpeg, size: IMAGE_MAX_BYTES })).toBeNull();
  });

  it("refuses one byte more, reporting the size", () => {
    expect(checkImage({ head: jpeg, size: IMAGE_MAX_BYTES + 1 })).toEqual({ key: "imageTooLarge", bytes: IMAGE_MAX_BYTES + 1 });
  });

  it("checks the type before the size", () => {
    expect(checkImage({ head: pdf, size: 10 })).toEqual({ key: "imageInvalidType" });
    expect(checkImage({ head: pdf, size: IMAGE_MAX_BYTES * 2 })).toEqual({ key: "imageInvalidType" });
  });

  it("gives the message the limit and the size in MB, in the reader's number format", () => {
    expect(problemParams({ key: "imageTooLarge", bytes: 6 * 1_048_576 }, "en")).toEqual({ max: "5", size: "6" });
    expect(problemParams({ key: "imageTooLarge", bytes: 6_500_000 }, "en")).toEqual({ max: "5", size: "6.2" });
    expect(problemParams({ key: "imageTooLarge", bytes: 6_500_000 }, "pt")).toEqual({ max: "5", size: "6,2" });
    expect(problemParams({ key: "imageInvalidType" }, "es")).toEqual({ max: "5" });
  });
});

describe("safeFileName", () => {
  it("keeps readable ASCII and the real type's extension", () => {
    expect(safeFileName("Mi Dragón Rojo!.PNG", "image/png")).toBe("mi-dragon-rojo.png");
    expect(safeFileName("foto.png", "image/jpeg")).toBe("foto.jpg");
    expect(safeFileName("mapa.final.v2.webp", "image/webp")).toBe("mapa-final-v2.webp");
  });

  it("never lets a name walk the file system or run long", () => {
    expect(safeFileName("../../etc/passwd", "image/png")).toBe("passwd.png");
    expect(safeFileName("C:\\fotos\\mesa.jpeg", "image/jpeg")).toBe("mesa.jpg");
    expect(safeFileName("...", "image/png")).toBe("image.png");
    expect(safeFileName("", "image/webp")).toBe("image.webp");
    expect(safeFileName(`${"a".repeat(59)}-b${"c".repeat(100)}.jpg`, "image/jpeg")).toBe(`${"a".repeat(59)}.jpg`);
  });
});

describe("imageKey and variantKey", () => {
  const userId = "7f0c8a52-58c3-4e4b-9d3f-2b1f0e6a9c11";
  const sessionId = "0b9f2c44-1d7e-4a55-8f0e-3c2d1b0a9e88";

  it("names keys as spec section 7 does", () => {
    expect(imageKey({ userId, target: { kind: "session", sessionId }, timestamp: 1_800_000_000_000, fileName: "cripta.jpg" })).toBe(
      `${userId}/session/${sessionId}/1800000000000-cripta.jpg`,
    );
    // A new session has no id yet: its folder is the timestamp.
    expect(imageKey({ userId, target: { kind: "session", sessionId: null }, timestamp: 1_800_000_000_000, fileName: "cripta.jpg" })).toBe(
      `${userId}/session/1800000000000/1800000000000-cripta.jpg`,
    );
    expect(imageKey({ userId, target: { kind: "series" }, timestamp: 1_800_000_000_000, fileName: "campana.png" })).toBe(
      `${userId}/series/1800000000000-campana.png`,
    );
  });

  it("puts the WebP copies beside the original, where no original can be", () => {
    expect(variantKey("u/series/1800000000000-campana.png", 400)).toBe("u/series/1800000000000-campana.w400.webp");
    expect(variantKey("u/session/1/1800000000000-a.webp", 800)).toBe("u/session/1/1800000000000-a.w800.webp");
    expect(() => variantKey("u/series/1800000000000-campana.w400.webp", 400)).toThrow();
  });
});

describe("ownImageUrl", () => {
  const key = "7f0c8a52-58c3-4e4b-9d3f-2b1f0e6a9c11/series/1800000000000-campana.png";
  const disk = ["/uploads", "http://localhost:3000/uploads"];

  it("keeps a same-origin upload as it is, and turns an older absolute local address into the path", () => {
    expect(ownImageUrl(`/uploads/${key}`, disk)).toBe(`/uploads/${key}`);
    // Stored before uploads became paths: it must load under 127.0.0.1 or a phone's address too.
    expect(ownImageUrl(`http://localhost:3000/uploads/${key}`, disk)).toBe(`/uploads/${key}`);
    expect(ownImageUrl(`https://cdn.mesa.test/media/${key}`, ["https://cdn.mesa.test/media/"])).toBe(`https://cdn.mesa.test/media/${key}`);
    expect(ownImageUrl("/uploads/ab12/session/1800000000000/1800000000001-a.webp", disk)).toBe("/uploads/ab12/session/1800000000000/1800000000001-a.webp");
  });

  it("refuses other schemes, hosts and anything that is not a stored original", () => {
    for (const url of [
      "javascript:alert(1)",
      "https://tracker.example/pixel.png",
      `https://evil.test/uploads/${key}`,
      `//evil.test/uploads/${key}`,
      `http://localhost:3000.evil.test/uploads/${key}`,
      `/uploads/../session-secret`,
      `/uploads/u1/series/../../session-secret.png`,
      `/uploads/${key.replace(".png", ".w400.webp")}`,
      `/uploads/${key}?x=1`,
      `/uploads/${key}#x`,
      "/uploads/",
      `data:image/png;base64,AAAA`,
      `https://cdn.mesa.test/media-other/${key}`,
    ]) {
      expect(ownImageUrl(url, [...disk, "https://cdn.mesa.test/media"]), url).toBeNull();
    }
    expect(ownImageUrl(`/uploads/${key}`, [])).toBeNull();
  });
});

describe("imageSources", () => {
  const bases = ["https://cdn.mesa.test/uploads"];
  const base = bases[0]!;

  it("offers the 400 and 800 px copies of our own uploads", () => {
    expect(imageSources(`${base}/ab12/series/1800000000000-campana.png`, bases)).toEqual({
      src: `${base}/ab12/series/1800000000000-campana.w400.webp`,
      srcSet: `${base}/ab12/series/1800000000000-campana.w400.webp 400w, ${base}/ab12/series/1800000000000-campana.w800.webp 800w`,
      large: `${base}/ab12/series/1800000000000-campana.w800.webp`,
    });
    expect(imageSources(`${base}/ab12/series/1800000000000-campana.png`, [`${base}/`])?.srcSet).toContain("800w");
  });

  it("serves an older absolute local address from the same origin as the page", () => {
    expect(imageSources("http://localhost:3000/uploads/ab12/series/1800000000000-a.png", ["/uploads", "http://localhost:3000/uploads"])?.large).toBe(
      "/uploads/ab12/series/1800000000000-a.w800.webp",
    );
  });

  it("shows nothing for any other address, and for no image", () => {
    expect(imageSources("https://images.example.com/dragon.jpg", bases)).toBeNull();
    expect(imageSources(`${base}/u/odd name.jpg`, bases)).toBeNull();
    expect(imageSources(`${base}-other/ab12/series/1800000000000-a.png`, bases)).toBeNull();
    expect(imageSources(null, bases)).toBeNull();
    expect(imageSources("", bases)).toBeNull();
  });
});

describe("detailImage", () => {
  const sources = { src: "/uploads/a.w400.webp", srcSet: "/uploads/a.w400.webp 400w, /uploads/a.w800.webp 800w", large: "/uploads/a.w800.webp" };
  it("offers both copies, the larger as the fallback", () => {
    expect(detailImage(sources, false)).toEqual({ src: "/uploads/a.w800.webp", srcSet: sources.srcSet });
  });
  it("saving data, the 400 px copy alone", () => {
    expect(detailImage(sources, true)).toEqual({ src: "/uploads/a.w400.webp", srcSet: null });
    expect(detailImage(null, true)).toBeNull();
  });
});
