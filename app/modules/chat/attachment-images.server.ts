import sharp from "sharp";
import { IMAGE_COPY_WIDTHS } from "./attachments.rules";

// A chat photo's copies (decision record 092): WebP 400 and 1200 px wide, never enlarged, turned
// upright and re-encoded, so nothing of the original's metadata (where a phone photo was taken)
// survives; the original is not kept.

/** Refuses decompression bombs: a small file that would decode to more pixels than any camera makes. */
const MAX_INPUT_PIXELS = 60_000_000;
/** WebP at effort 2: a 10 MB photo's copies in about 200 ms instead of 280, for files a few percent larger. */
const webp = { quality: 78, effort: 2 } as const;

const upright = (bytes: Uint8Array, width: number) => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().resize({ width, withoutEnlargement: true });

/** The original's size, upright: the page reserves the image's place from it before it loads. */
async function uprightSize(bytes: Uint8Array) {
  const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  const turned = (meta.orientation ?? 1) >= 5;
  return { width: (turned ? meta.height : meta.width) ?? null, height: (turned ? meta.width : meta.height) ?? null };
}

/**
 * The 400 px copy and the original's size: the whole file is decoded for it (a JPEG at a fraction
 * of its size as it loads), so a file that makes it is one that reads. Null when it does not.
 */
export async function thumbnail(bytes: Uint8Array) {
  try {
    const [copy, size] = await Promise.all([upright(bytes, IMAGE_COPY_WIDTHS.small).webp(webp).toBuffer(), uprightSize(bytes)]);
    return { bytes: copy, ...size };
  } catch {
    return null; // the right signature, unreadable content
  }
}

/** The 1200 px copy; null when the bytes do not decode. */
export async function largeCopy(bytes: Uint8Array) {
  try {
    return await upright(bytes, IMAGE_COPY_WIDTHS.large).webp(webp).toBuffer();
  } catch {
    return null;
  }
}

/** Both copies of a photo, as a message gets them (the bench times this for a 10 MB photo). */
export async function photoCopies(bytes: Uint8Array) {
  const small = await thumbnail(bytes);
  return small ? { small, large: await largeCopy(bytes) } : null;
}
