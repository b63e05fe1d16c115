import sharp, { type Sharp } from "sharp";
import { getServices } from "#app/services/index.server";
import { type Storage, StorageKeyTakenError } from "#app/services/storage/storage";
import {
  detectImageType,
  IMAGE_VARIANT_WIDTHS,
  imageKey,
  imageSources,
  type ImageTarget,
  type ImageType,
  safeFileName,
  variantKey,
  type VariantWidth,
} from "./rules";

/** Refuses decompression bombs: a small file that would decode to more pixels than any camera makes. */
const MAX_INPUT_PIXELS = 60_000_000;

export type PreparedImage = { type: ImageType; original: Buffer; variants: { width: VariantWidth; bytes: Buffer }[] };

/**
 * Decodes an upload and encodes what we store: the original in its own format, turned upright
 * and without its metadata (a phone photo carries the place it was taken), and WebP copies 400
 * and 800 px wide, never wider than the original. Null when the bytes are not a readable image.
 */
export async function prepareImage(bytes: Uint8Array): Promise<PreparedImage | null> {
  const type = detectImageType(bytes);
  if (!type) return null;
  try {
    const upright = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    const encoders = {
      "image/jpeg": (img: Sharp) => img.jpeg({ quality: 88 }),
      "image/png": (img: Sharp) => img.png({ compressionLevel: 6 }),
      "image/webp": (img: Sharp) => img.webp({ quality: 88 }),
    };
    const [original, ...variants] = await Promise.all([
      encoders[type](upright.clone()).toBuffer(),
      ...IMAGE_VARIANT_WIDTHS.map((width) => cardCopy(upright.clone().resize({ width, withoutEnlargement: true }))),
    ]);
    return { type, original: original!, variants: IMAGE_VARIANT_WIDTHS.map((width, i) => ({ width, bytes: variants[i]! })) };
  } catch {
    return null; // right signature, unreadable content
  }
}

/** A card may pick either copy (a phone at 2x takes the 800 px one); neither may pass this. */
export const MAX_COPY_BYTES = 60_000;

/**
 * A WebP copy at quality 72, or lower for the rare picture (fine grain, noise) that would still
 * weigh more than MAX_COPY_BYTES: a card on a slow phone should cost tens of kilobytes.
 */
async function cardCopy(resized: Sharp): Promise<Buffer> {
  let copy = await resized.clone().webp({ quality: 72 }).toBuffer();
  for (const quality of [55, 40, 25, 10, 1]) {
    if (copy.byteLength <= MAX_COPY_BYTES) break;
    copy = await resized.clone().webp({ quality }).toBuffer();
  }
  return copy;
}

/**
 * Stores an image and its copies; returns the original's public URL (the session's or series'
 * imageUrl). A taken key (two uploads in the same millisecond) moves to the next millisecond.
 */
export async function storeImage(storage: Storage, input: { userId: string; target: ImageTarget; fileName: string; image: PreparedImage; now: Date }) {
  const fileName = safeFileName(input.fileName, input.image.type);
  let key = "";
  for (let attempt = 0; ; attempt += 1) {
    key = imageKey({ userId: input.userId, target: input.target, timestamp: input.now.getTime() + attempt, fileName });
    try {
      await storage.put(key, input.image.original, input.image.type);
      break;
    } catch (error) {
      if (!(error instanceof StorageKeyTakenError) || attempt >= 9) throw error;
    }
  }
  await Promise.all(input.image.variants.map((v) => storage.put(variantKey(key, v.width), v.bytes, "image/webp")));
  return storage.url(key);
}

/** The <img> sources of a stored image URL (its 400/800 px copies); null when it is not one of ours. */
export function publicImage(url: string | null | undefined) {
  return imageSources(url, getServices().storage.bases);
}
