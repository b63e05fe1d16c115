import { data, unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { readForm } from "./form.server";

/**
 * What a multipart form may hold besides its file, all of it kept in memory until the action
 * reads it. The session and series forms send a few dozen fields, none over a few thousand
 * characters (4 bytes each at worst); past these the request is cut short (413), so a stranger
 * can make the server hold 128 KB of text, not 64 MB. A part's header block (its name, file name
 * and type) is cut at 8 KiB as it arrives, before the parser buffers it, and a field's name at 200
 * bytes: the parser would otherwise hold a header of any size in memory while it waits for its end.
 */
export const MULTIPART_LIMITS = { parts: 100, fieldBytes: 16 * 1024, textBytes: 128 * 1024, headerBytes: 8 * 1024, nameBytes: 200 } as const;
/** Past this the request is cut short (413): a file over its own limit is still read to the end to report its size. */
const BODY_MAX_BYTES = 64 * 1024 * 1024;

/** The form's one file: its name, first bytes and size, and its bytes when within `keepBytes`. */
export type FilePart = { fileName: string; head: Uint8Array; size: number; bytes: Uint8Array | null };

/**
 * Which file field to keep, how much of it to hold in memory, and how many first bytes to keep for
 * its signature. With `maxBytes`, a file passing it stops the reading at once with a 413 (the chat's
 * attachments), instead of being read to the end to report its size (the session and series forms).
 */
export type FileField = { name: string; keepBytes: number; headBytes: number; maxBytes?: number };

class BodyTooLarge extends Error {}

const CRLF2 = new Uint8Array([13, 10, 13, 10]);
const DASH = 45;

/** The boundary a multipart Content-Type names, unquoted; null when there is none. */
function boundaryOf(contentType: string) {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/**
 * The body as it arrives, cut short with BodyTooLarge once a part's header block (from the line
 * after its boundary to the blank line that ends its headers) passes `maxHeaderBytes`. Only the
 * delimiters and header ends are looked for (native `indexOf` per chunk, a few bytes carried
 * between chunks); the bytes pass through unchanged, and nothing past the cut is read.
 */
export function boundPartHeaders(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  maxHeaderBytes: number,
  onTooLarge: () => void = () => undefined,
): ReadableStream<Uint8Array> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  // The first boundary opens the body without a line break before it: start as if one came first.
  let carry: Buffer = Buffer.from("\r\n");
  let offset = -carry.length; // where carry's first byte sits in the body
  let state: "body" | "afterDelimiter" | "headers" | "epilogue" = "body";
  let headersFrom = 0;
  const scan = (chunk: Uint8Array) => {
    const buf = Buffer.concat([carry, chunk]);
    let at = 0;
    for (;;) {
      if (state === "epilogue") {
        carry = Buffer.alloc(0);
        break;
      }
      if (state === "body") {
        const found = buf.indexOf(delimiter, at);
        if (found === -1) {
          carry = buf.subarray(Math.max(at, buf.length - (delimiter.length - 1)));
          break;
        }
        at = found + delimiter.length;
        state = "afterDelimiter";
      }
      if (state === "afterDelimiter") {
        if (buf.length - at < 2) {
          carry = buf.subarray(at);
          break;
        }
        // "--" right after the boundary closes the body; what follows is an epilogue the parser ignores.
        state = buf[at] === DASH && buf[at + 1] === DASH ? "epilogue" : "headers";
        headersFrom = offset + at;
        continue;
      }
      const end = buf.indexOf(CRLF2, at);
      // Without an end yet, the last bytes may be the start of one: they count once it is known they are not.
      const held = Math.max(at, buf.length - (CRLF2.length - 1));
      if (offset + (end === -1 ? held : end) - headersFrom > maxHeaderBytes) throw new BodyTooLarge();
      if (end === -1) {
        carry = buf.subarray(held);
        break;
      }
      at = end + CRLF2.length;
      state = "body";
    }
    offset += buf.length - carry.length;
  };
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) return controller.close();
      try {
        scan(value);
      } catch (error) {
        if (error instanceof BodyTooLarge) onTooLarge();
        await reader.cancel().catch(() => undefined);
        throw error;
      }
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

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
  let tooLarge = false;
  const bodyMax = field.maxBytes === undefined ? BODY_MAX_BYTES : field.maxBytes + MULTIPART_LIMITS.textBytes;
  const handler: UploadHandler = async ({ name, filename, data: stream }) => {
    parts += 1;
    if (parts > MULTIPART_LIMITS.parts || Buffer.byteLength(name) > MULTIPART_LIMITS.nameBytes) throw new BodyTooLarge();
    const isText = filename === undefined;
    const isFile = !isText && name === field.name && file === null;
    const chunks: Uint8Array[] = [];
    let head = new Uint8Array(0);
    let size = 0;
    for await (const chunk of stream) {
      size += chunk.byteLength;
      total += chunk.byteLength;
      if (isText) textTotal += chunk.byteLength;
      if (total > bodyMax || (isText && (size > MULTIPART_LIMITS.fieldBytes || textTotal > MULTIPART_LIMITS.textBytes))) throw new BodyTooLarge();
      if (isFile && field.maxBytes !== undefined && size > field.maxBytes) throw new BodyTooLarge();
      if (isFile && head.byteLength < field.headBytes) head = concat([head, chunk.subarray(0, field.headBytes - head.byteLength)]);
      if (isText || (isFile && size <= field.keepBytes)) chunks.push(chunk);
      else if (chunks.length) chunks.length = 0; // over the limit: only the size is needed now
    }
    if (isText) return new TextDecoder().decode(concat(chunks));
    // An empty file input still sends a part, with no file name and no bytes.
    if (isFile && size > 0) file = { fileName: filename, size, head, bytes: size <= field.keepBytes ? concat(chunks) : null };
    return undefined;
  };
  const boundary = boundaryOf(request.headers.get("Content-Type") ?? "");
  if (!boundary || !request.body) throw data({ message: "Malformed form body" }, { status: 400 });
  // The parser may wrap what the stream throws: the flag says it was the header bound.
  const bounded = boundPartHeaders(request.body, boundary, MULTIPART_LIMITS.headerBytes, () => (tooLarge = true));
  try {
    const formData = await unstable_parseMultipartFormData(
      new Request(request.url, { method: request.method, headers: request.headers, body: bounded, duplex: "half" } as RequestInit),
      handler,
    );
    return { formData, file: file as FilePart | null };
  } catch (error) {
    if (error instanceof BodyTooLarge || tooLarge) throw data({ message: "Request body too large" }, { status: 413 });
    throw data({ message: "Malformed form body" }, { status: 400 });
  }
}

/** Reads a form that may carry one file: multipart with its file, or an ordinary form body with none. */
export async function readFormWithFile(request: Request, field: FileField): Promise<{ formData: FormData; file: FilePart | null }> {
  const multipart = (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
  return multipart ? await readMultipart(request, field) : { formData: await readForm(request), file: null };
}

/** Whether readFormWithFile stopped a body past its limits (its 413), for a page that answers it beside its form. */
export const isBodyTooLarge = (error: unknown) =>
  typeof error === "object" && error !== null && "init" in error && (error as { init?: { status?: number } | null }).init?.status === 413;
