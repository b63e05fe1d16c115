/**
 * Images for sessions and series (spec sections 5, 7 and 9): what may be uploaded, where it is
 * stored and which resized copies sit beside it. Pure, so the browser runs the same checks.
 */

/** Spec section 9: 5 MB. */
export const IMAGE_MAX_BYTES = 5_242_880;
/** Widths of the WebP copies made from every upload (see docs/decisions/007-image-variants.md). */
export const IMAGE_VARIANT_WIDTHS = [400, 800] as const;
export type VariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

export const IMAGE_TYPES = {
  "image/jpeg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
} as const;
export type ImageType = keyof typeof IMAGE_TYPES;
/** For the file input's accept attribute; the real check reads the bytes. */
export const IMAGE_ACCEPT = [...Object.keys(IMAGE_TYPES), ".jpg", ".jpeg", ".png", ".webp"].join(",");
/** How many leading bytes `detectImageType` needs. */
export const IMAGE_SIGNATURE_BYTES = 12;

export type ImageProblem =
  { key: "imageInvalidType" } | { key: "imageTooLarge"; bytes: number } | { key: "imageUploadFailed" } | { key: "imageUrlInvalid" } | { key: "imagePickAgain" };

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);

/** The real type from the first bytes, whatever the file name or the browser claim. */
export function detectImageType(head: Uint8Array): ImageType | null {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  // "RIFF" <4-byte length> "WEBP"
  if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && startsWith(head, [0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return null;
}

/** Type first (as the form checks it), then size; null when the file may be uploaded. */
export function checkImage(file: { head: Uint8Array; size: number }): ImageProblem | null {
  if (!detectImageType(file.head)) return { key: "imageInvalidType" };
  if (file.size > IMAGE_MAX_BYTES) return { key: "imageTooLarge", bytes: file.size };
  return null;
}

/** Megabytes as the message shows them ("6.2"), in the reader's number format. */
export function formatMegabytes(bytes: number, locale: string) {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(Math.round((bytes / 1_048_576) * 100) / 100);
}

/** The message parameters of a problem: the limit and, for a large file, its size. */
export function problemParams(problem: ImageProblem, locale: string): Record<string, string> {
  const params = { max: formatMegabytes(IMAGE_MAX_BYTES, locale) };
  return problem.key === "imageTooLarge" ? { ...params, size: formatMegabytes(problem.bytes, locale) } : params;
}

/**
 * A file name safe in a URL and on any disk: ASCII letters, digits and dashes, at most 60 of
 * them, and the extension of the real type ("Mi Dragón!.PNG" that is a JPEG → "mi-dragon.jpg").
 */
export function safeFileName(original: string, type: ImageType) {
  const stem = (original.split(/[/\\]/).pop() ?? "")
    .replace(/\.[a-z0-9]{1,5}$/i, "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return `${stem || "image"}.${IMAGE_TYPES[type]}`;
}

export type ImageTarget = { kind: "session"; sessionId: string | null } | { kind: "series" };

/**
 * Storage keys (spec section 7): `{userId}/session/{sessionIdOrTimestamp}/{timestamp}-{filename}`
 * and `{userId}/series/{timestamp}-{filename}`. A new session has no id yet: its folder is the timestamp.
 */
export function imageKey(input: { userId: string; target: ImageTarget; timestamp: number; fileName: string }) {
  const name = `${input.timestamp}-${input.fileName}`;
  if (input.target.kind === "series") return `${input.userId}/series/${name}`;
  return `${input.userId}/session/${input.target.sessionId ?? input.timestamp}/${name}`;
}

// An original's name has exactly one dot (safeFileName keeps none in the stem), so its copies,
// with two, can never take the name of another upload.
const original = /^(.*\/\d+-[a-z0-9-]+)\.(jpg|png|webp)$/;

/** Where the copy `width` pixels wide of a stored original lives: `….jpg` → `….w400.webp`. */
export function variantKey(key: string, width: VariantWidth) {
  const match = original.exec(key);
  if (!match) throw new Error(`not an original image key: ${key}`);
  return `${match[1]}.w${width}.webp`;
}

export type ImageSources = { src: string; srcSet: string | null; large: string };

const trimSlash = (base: string) => base.replace(/\/+$/, "");
// What imageKey makes: {userId}/session/{id or timestamp}/{timestamp}-{name}.{ext} or {userId}/series/{timestamp}-{name}.{ext}.
const storedKey = /^[0-9a-f-]{1,36}\/(?:session\/[0-9a-f-]{1,36}|series)\/\d{1,16}-[a-z0-9-]{1,60}\.(?:jpg|png|webp)$/;

/**
 * The address to store and show for `url` when it is an original image in our storage, null for
 * anything else (another host, another scheme, a path that leaves the uploads). `bases` are the
 * storage's public bases, the current one first: an address under an older one (a local upload
 * saved as `http://localhost:3000/uploads/…` before uploads became same-origin paths) comes back
 * under the current one, so it loads whatever host name the site is opened under.
 */
export function ownImageUrl(url: string, bases: readonly string[]): string | null {
  const current = bases[0];
  if (current === undefined) return null;
  for (const base of bases) {
    const prefix = `${trimSlash(base)}/`;
    if (!url.startsWith(prefix)) continue;
    const key = url.slice(prefix.length);
    return storedKey.test(key) ? `${trimSlash(current)}/${key}` : null;
  }
  return null;
}

/**
 * What an <img> needs for a stored image URL: the 400 and 800 px copies beside the original.
 * Anything that is not one of our uploads (older data, from before the API checked it) is not
 * shown at all: a third-party address would tell another site who looked at the page.
 */
export function imageSources(url: string | null | undefined, bases: readonly string[]): ImageSources | null {
  const own = url ? ownImageUrl(url, bases) : null;
  if (!own) return null;
  // The copies sit beside the original, so the whole address takes the same suffix as its key.
  const copyOf = (width: VariantWidth) => variantKey(own, width);
  return { src: copyOf(400), srcSet: IMAGE_VARIANT_WIDTHS.map((w) => `${copyOf(w)} ${w}w`).join(", "), large: copyOf(800) };
}

/**
 * `sizes` for a card: the page is at most 1024 px wide with 16 px margins; cards are one column
 * on phones, two from 640 px and three from 1024 px. A 360 px phone at 2x thus asks for about 656
 * device pixels and gets the 800 px copy; a desktop card (320 px) at 1x gets the 400 one.
 */
export const CARD_IMAGE_SIZES = "(min-width: 1024px) 320px, (min-width: 640px) calc(50vw - 2rem), calc(100vw - 2rem)";

/** `sizes` for the detail pages' picture: the main column (two thirds from 1024 px), full width on phones. */
export const DETAIL_IMAGE_SIZES = "(min-width: 1024px) 640px, calc(100vw - 2rem)";

/**
 * The detail pages' picture (decision record 095): both copies for the browser to choose from, or,
 * saving data, the 400 px copy alone (soft on a 2x phone, a third of the bytes).
 */
export function detailImage(sources: ImageSources | null, saveData: boolean): { src: string; srcSet: string | null } | null {
  if (!sources) return null;
  return saveData ? { src: sources.src, srcSet: null } : { src: sources.large, srcSet: sources.srcSet };
}
