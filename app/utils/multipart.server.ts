import { data, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { readForm } from "./form.server";

/**
 * What a multipart form may hold besides its file, all of it kept in memory until the action
 * reads it. The session and series forms send a few dozen fields, none over a few thousand
 * characters (4 bytes each at worst); past these the request is cut short (413), so a stranger
 * can make the server hold 128 KB of text, not 64 MB.
 */
export const MULTIPART_LIMITS = { parts: 100, fieldBytes: 16 * 1024, textBytes: 128 * 1024 } as const;
/** Past this the request is cut short (413): a file over its own limit is still read to the end to report its size. */
const BODY_MAX_BYTES = 64 * 1024 * 1024;

/** The form's one file: its name, first bytes and size, and its bytes when within `keepBytes`. */
export type FilePart = { fileName: string; head: Uint8Array; size: number; bytes: Uint8Array | null };

/** Which file field to keep, how much of it to hold in memory, and how many first bytes to keep for its signature. */
export type FileField = { name: string; keepBytes: number; headBytes: number };

class BodyTooLarge extends Error {}

function concat(chunks: Uint8Array[]) {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.byteLength, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/**
 * Streams a multipart body: text fields as strings, the file into memory only while it is
 * within `keepBytes` (past it, just its size and first bytes are kept), any other file dropped.
 * A body past the limits is a 413, one that is not multipart after all a 400.
 */
async function readMultipart(request: Request, field: FileField) {
  let file: FilePart | null = null;
  let total = 0;
  let textTotal = 0;
  let parts = 0;
  const handler: UploadHandler = async ({ name, filename, data: stream }) => {
    parts += 1;
    if (parts > MULTIPART_LIMITS.parts) throw new BodyTooLarge();
    const isText = filename === undefined;
    const isFile = !isText && name === field.name && file === null;
    const chunks: Uint8Array[] = [];
    let head = new Uint8Array(0);
    let size = 0;
    for await (const chunk of stream) {
      size += chunk.byteLength;
      total += chunk.byteLength;
      if (isText) textTotal += chunk.byteLength;
      if (total > BODY_MAX_BYTES || (isText && (size > MULTIPART_LIMITS.fieldBytes || textTotal > MULTIPART_LIMITS.textBytes))) throw new BodyTooLarge();
      if (isFile && head.byteLength < field.headBytes) head = concat([head, chunk.subarray(0, field.headBytes - head.byteLength)]);
      if (isText || (isFile && size <= field.keepBytes)) chunks.push(chunk);
      else if (chunks.length) chunks.length = 0; // over the limit: only the size is needed now
    }
    if (isText) return new TextDecoder().decode(concat(chunks));
    // An empty file input still sends a part, with no file name and no bytes.
    if (isFile && size > 0) file = { fileName: filename, size, head, bytes: size <= field.keepBytes ? concat(chunks) : null };
    return undefined;
  };
  try {
    const formData = await unstable_parseMultipartFormData(request, handler);
    return { formData, file: file as FilePart | null };
  } catch (error) {
    if (error instanceof BodyTooLarge) throw data({ message: "Request body too large" }, { status: 413 });
    throw data({ message: "Malformed form body" }, { status: 400 });
  }
}

/** Reads a form that may carry one file: multipart with its file, or an ordinary form body with none. */
export async function readFormWithFile(request: Request, field: FileField): Promise<{ formData: FormData; file: FilePart | null }> {
  const multipart = (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
  return multipart ? await readMultipart(request, field) : { formData: await readForm(request), file: null };
}
