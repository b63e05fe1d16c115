/**
 * Images and files in chats (decision record 092): what may be sent, how it is named, where its
 * copies live and how they are addressed. Pure, so the browser runs the same checks before
 * sending.
 */
import { detectImageType, type ImageType } from "#app/modules/storage/rules";

/** 10 MB: a phone photo or a scanned handout fits; a video does not. Checked before anything is stored. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Widths of the WebP copies made of every image (never enlarged); the original is not kept. */
export const IMAGE_COPY_WIDTHS = { small: 400, large: 1200 } as const;
export type CopySize = keyof typeof IMAGE_COPY_WIDTHS;
/** For the file input's accept attribute; the real check reads the bytes. */
export const ATTACHMENT_ACCEPT = "image/jpeg,image/png,image/webp,application/pdf,text/plain,.jpg,.jpeg,.png,.webp,.pdf,.txt";
/** The file field of the chat form and of the API's multipart body. */
export const ATTACHMENT_FIELD = "file";

export type FileType = "application/pdf" | "text/plain";
export type AttachmentType = ImageType | FileType;
export type AttachmentKind = "image" | "file";

export type AttachmentProblem =
  | { key: "attachmentEmpty" }
  | { key: "attachmentTooLarge"; bytes: number }
  | { key: "attachmentHeic" }
  | { key: "attachmentType" }
  | { key: "attachmentUnreadable" }
  | { key: "attachmentFailed" };

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));
const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) => signature.every((b, i) => bytes[offset + i] === b);

// ISO base media "ftyp" brands of HEIF pictures from phones (HEVC inside): sharp's prebuilt libvips
// decodes AVIF but not HEVC, so these get their own message (decision record 092).
const heicBrands = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs", "mif1", "msf1"];

/** True for an iPhone-style HEIC/HEIF photo, whatever its name. */
export function isHeic(head: Uint8Array): boolean {
  if (!startsWith(head, ascii("ftyp"), 4)) return false;
  const brand = String.fromCharCode(...head.subarray(8, 12));
  return heicBrands.includes(brand);
}

// Formats that are never text even when their first bytes happen to decode: GIF, Windows and Linux programs, archives.
const binary = [ascii("GIF8"), ascii("MZ"), [0x7f, ...ascii("ELF")], ascii("PK\u0003\u0004")];

/**
 * Plain text: valid UTF-8 without NUL bytes, and not markup (HTML or SVG would be a page or a
 * picture that runs scripts if a browser ever rendered it): a first visible character "<"
 * followed by a letter, "!" or "?" is refused; "<3" is not markup.
 */
export function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.length === 0 || bytes.includes(0) || binary.some((s) => startsWith(bytes, s))) return false;
  let decoded: string;
  try {
    decoded = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  return !/^[\ufeff\s]*<[a-z!?]/i.test(decoded.slice(0, 1024));
}

/** The real type from the bytes (never the name or the browser's claim), or null when it may not be sent. */
export function detectAttachmentType(bytes: Uint8Array): AttachmentType | null {
  const image = detectImageType(bytes);
  if (image) return image;
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  return isPlainText(bytes) ? "text/plain" : null;
}

export const kindOf = (type: AttachmentType): AttachmentKind => (type === "application/pdf" || type === "text/plain" ? "file" : "image");

/**
 * Whether a picked file may be sent: size first (a file over the limit is not even read whole),
 * then its type. `bytes` is the whole file, or null when it was too large to keep.
 */
export function checkAttachment(file: {
  size: number;
  bytes: Uint8Array | null;
}): { ok: true; type: AttachmentType } | { ok: false; problem: AttachmentProblem } {
  if (file.size === 0) return { ok: false, problem: { key: "attachmentEmpty" } };
  if (file.size > ATTACHMENT_MAX_BYTES || !file.bytes) return { ok: false, problem: { key: "attachmentTooLarge", bytes: file.size } };
  const type = detectAttachmentType(file.bytes);
  if (type) return { ok: true, type };
  return { ok: false, problem: { key: isHeic(file.bytes) ? "attachmentHeic" : "attachmentType" } };
}

const extensions: Record<FileType, RegExp> = { "application/pdf": /\.pdf$/i, "text/plain": /\.(txt|md|csv|log)$/i };
const defaultExtension: Record<FileType, string> = { "application/pdf": ".pdf", "text/plain": ".txt" };
// Control characters, and the invisible direction marks that make "gpj.exe" read as "exe.jpg".
// eslint-disable-next-line no-control-regex
const hidden = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/**
 * The name shown in the chat and offered when saving: the last part of what the browser sent,
 * without control characters or direction marks, at most 120 characters, and for a file with
 * the extension of its real type ("acta" that is a PDF becomes "acta.pdf").
 */
export function displayFileName(original: string, type: AttachmentType): string {
  let name = (original.split(/[/\\]/).pop() ?? "").normalize("NFC").replace(/\s+/g, " ").replace(hidden, "").trim();
  const fileType = kindOf(type) === "file" ? (type as FileType) : null;
  const suffix = fileType && !extensions[fileType].test(name) ? defaultExtension[fileType] : "";
  if (name === "" || name === "." || name === "..") name = kindOf(type) === "image" ? "image" : "file";
  const room = 120 - suffix.length;
  const chars = Array.from(name);
  if (chars.length > room) {
    const ext = /\.[a-z0-9]{1,5}$/i.exec(name)?.[0] ?? "";
    name = chars.slice(0, room - ext.length).join("") + ext;
  }
  return name + suffix;
}

/** A Content-Disposition that saves the file under its name in any browser (RFC 6266 and 5987). */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** Where an attachment's bytes live in the private storage: the file, or an image's two copies. */
export function attachmentKeys(chatId: string, attachmentId: string, type: AttachmentType) {
  const stem = `chat/${chatId}/${attachmentId}`;
  if (kindOf(type) === "image") return { main: `${stem}.w${IMAGE_COPY_WIDTHS.large}.webp`, small: `${stem}.w${IMAGE_COPY_WIDTHS.small}.webp` };
  return { main: `${stem}${type === "application/pdf" ? ".pdf" : ".txt"}`, small: null };
}

/** The address that checks the reader's membership before it answers (never a public URL). */
export function attachmentUrl(chatId: string, attachmentId: string, size?: CopySize) {
  return `/api/chats/${chatId}/attachments/${attachmentId}${size === "small" ? "?size=400" : ""}`;
}

/** ?size= on an attachment's address: 400 the small copy, anything else the large one (or the file). */
export const copySizeOf = (raw: string | null): CopySize => (raw === String(IMAGE_COPY_WIDTHS.small) ? "small" : "large");

/** sizes of a chat image: the bubble is at most 320 px wide, most of a 360 px phone's width (a 2x screen picks the 1200 px copy). */
export const CHAT_IMAGE_SIZES = "(max-width: 480px) 70vw, 320px";

/** srcset of a chat image: its 400 and 1200 px copies. */
export const imageSrcSet = (a: { url: string; thumbnailUrl: string | null }) =>
  `${a.thumbnailUrl ?? a.url} ${IMAGE_COPY_WIDTHS.small}w, ${a.url} ${IMAGE_COPY_WIDTHS.large}w`;

/** A file's size as people read it ("2.4 MB", "900 KB"), in the reader's number format. */
export function formatFileSize(bytes: number, locale: string): string {
  const format = (n: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n);
  if (bytes >= 1024 * 1024) return `${format(bytes / (1024 * 1024))} MB`;
  return `${format(Math.max(1, Math.round(bytes / 1024)))} KB`;
}

/** What the chats list shows of a last message: its text, or a photo or file marker. */
export type LastMessagePreview = { kind: "text"; text: string } | { kind: "photo"; caption: string } | { kind: "file"; name: string };

export function lastMessagePreview(m: { type: string; content: string; fileName: string | null }): LastMessagePreview {
  if (m.type === "image") return { kind: "photo", caption: m.content };
  if (m.type === "file") return { kind: "file", name: m.fileName ?? "" };
  return { kind: "text", text: m.content };
}

/** What a message shows and the API returns of its attachment: addresses through the checking route, never storage keys. */
export type AttachmentView = {
  id: string;
  kind: AttachmentKind;
  contentType: string;
  fileName: string;
  byteSize: number;
  /** The file, or an image's 1200 px copy. */
  url: string;
  /** An image's 400 px copy (null for a file). */
  thumbnailUrl: string | null;
  /** The original image's size, upright (null for a file). */
  width: number | null;
  height: number | null;
};

export function attachmentView(
  chatId: string,
  a: { id: string; kind: string; contentType: string; fileName: string; byteSize: number; width: number | null; height: number | null },
): AttachmentView {
  const kind: AttachmentKind = a.kind === "image" ? "image" : "file";
  return {
    id: a.id,
    kind,
    contentType: a.contentType,
    fileName: a.fileName,
    byteSize: a.byteSize,
    url: attachmentUrl(chatId, a.id),
    thumbnailUrl: kind === "image" ? attachmentUrl(chatId, a.id, "small") : null,
    width: a.width,
    height: a.height,
  };
}
