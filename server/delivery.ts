import zlib from "node:zlib";
import compression from "compression";
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";

/**
 * The files in `dir`, looked up only for paths with a file extension: every page request used to
 * pay a disk lookup (fs.stat) in the static middleware before reaching Remix.
 */
export function publicFiles(dir: string): RequestHandler {
  const files = express.static(dir, { maxAge: "1h", index: false });
  return (req, res, next) => (/\.[a-z0-9]+$/i.test(req.path) ? files(req, res, next) : next());
}

/**
 * Gzip or Brotli (when the browser accepts it) for every compressible response except event streams.
 *
 * Remix writes the page chunk by chunk as React renders it (about 2 KiB each) and calls `res.flush()`
 * after each. Fed to the compressor one by one, every chunk was a separate job for zlib's thread
 * pool and every flush restarted the compression window: the search page was 11.4 KB of gzip
 * instead of 4.8 KB, and compression cost a tenth of the request's CPU. Writes and flushes are
 * therefore gathered per turn of the event loop: a page rendered in one go (no deferred data) is
 * compressed as one piece, while a page still streaming deferred data sends its shell at once.
 *
 * Two levels (decision records 044 and 093): pages and API answers are made for one request each;
 * since every page carries its critical CSS inline, a page's first view must fit the first round
 * trip (14 KB), and on a 2G phone each kilobyte costs 30 ms, so pages get Brotli 4 and gzip 6 (the
 * search page 12.4 KB of gzip where gzip 3 made 14.4 KB, for about 0.4 ms more CPU); files (scripts,
 * styles, translations, images) are the same for every request and cached, so they get more.
 */
export function compressResponses(): RequestHandler[] {
  const eventStreamsAside = (req: Request, res: Response) => !isEventStream(res) && compression.filter(req, res);
  // A 256 KiB window holds any page; the default 4 MiB one was set up for every response.
  const dynamic = compression({
    level: DYNAMIC_LEVELS.gzip,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: DYNAMIC_LEVELS.brotli, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
    filter: eventStreamsAside,
  });
  const files = compression({
    level: FILE_LEVELS.gzip,
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: FILE_LEVELS.brotli, [zlib.constants.BROTLI_PARAM_LGWIN]: 20 } },
    filter: eventStreamsAside,
  });
  const choose: RequestHandler = (req, res, next) => (isFilePath(req.path) ? files(req, res, next) : dynamic(req, res, next));
  return [choose, gatherWrites];
}

/** What `compression` leaves alone: below this a response goes out as it is. */
const COMPRESSION_THRESHOLD = 1024;

/**
 * A body that is complete when the response ends (a page rendered in one go, an API answer, a
 * small file) is compressed here in one synchronous call, at the levels `compression` would use,
 * and goes out with its length. `compression` streams through zlib's thread pool instead: a
 * compressor object, a job handed to another thread and its callback per response, which cost
 * about twice the compression itself (decision record 049). It still handles what is written in
 * pieces over time (deferred data, large files): this sets Content-Encoding, so it steps aside.
 * Returns null when the body must go out as it is (not compressible, too small, not accepted).
 */
export function compressWhole(req: Request, res: Response, body: Buffer): Buffer | null {
  if (res.headersSent || req.method === "HEAD" || body.length < COMPRESSION_THRESHOLD) return null;
  if (res.statusCode === 204 || res.statusCode === 304 || res.getHeader("Content-Encoding")) return null;
  if (isEventStream(res) || !compression.filter(req, res) || /(?:^|,)\s*no-transform\s*(?:,|$)/.test(String(res.getHeader("Cache-Control") ?? ""))) return null;
  // As `compression` chooses: Brotli when accepted at all, else gzip; nothing asked, nothing encoded.
  if (!req.headers["accept-encoding"]) return null;
  const method = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : null;
  if (!method) return null;
  const file = isFilePath(req.path);
  const levels = file ? FILE_LEVELS : DYNAMIC_LEVELS;
  const encoded =
    method === "br"
      ? zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: levels.brotli,
            [zlib.constants.BROTLI_PARAM_LGWIN]: file ? 20 : 18,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : zlib.gzipSync(body, { level: levels.gzip });
  res.vary("Accept-Encoding");
  res.setHeader("Content-Encoding", method);
  res.setHeader("Content-Length", encoded.length);
  return encoded;
}

/**
 * Levels for responses made per request (pages, `.data`, the API). Brotli 5, not 4: on the largest
 * player page (signed-in search, 77 KB of HTML) it sends 12.1 KB instead of 12.8, which keeps the page
 * inside the first round trip's 14 KB with its headers, for 0.5 ms more CPU (2.0 ms against 1.5;
 * decision record 093). Above 5 the bytes barely move and the CPU grows.
 */
export const DYNAMIC_LEVELS = { brotli: 5, gzip: 6 } as const;
/** Levels for files served as they are on disk, the same bytes for everyone. */
export const FILE_LEVELS = { brotli: 5, gzip: 9 } as const;

/** Paths served from disk: the build, translations, uploads and files with an extension (but `.data`, Remix's route data). */
function isFilePath(path: string) {
  return /^\/(?:build|locales|uploads)\//.test(path) || (/\.[a-z0-9]+$/i.test(path) && !path.endsWith(".data"));
}

function isEventStream(res: Response) {
  const type = res.getHeader("Content-Type");
  return typeof type === "string" && type.startsWith("text/event-stream");
}

type Chunk = string | Uint8Array;
type Flushable = Response & { flush?: () => void };

const asBuffer = (chunk: Chunk) => (typeof chunk === "string" ? Buffer.from(chunk, "utf8") : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));

const GATHER_LIMIT = 64 * 1024;

/**
 * Bytes an event stream may have waiting in its socket. Remix writes a stream without waiting for
 * the client to drain it, so a phone on a bad network would otherwise hold every event in this
 * process's memory; past this it is disconnected, reconnects, and resumes from its Last-Event-ID.
 */
export const EVENT_STREAM_BACKLOG = 1024 * 1024;

/**
 * Exported for its tests: gathers the writes and flushes of one event-loop turn into one of each,
 * and hands a body that is whole when the response ends to compressWhole.
 */
export function gatherWrites(req: Request, res: Response, next: NextFunction) {
  const out = res as Flushable;
  const write = out.write.bind(out) as (...args: unknown[]) => boolean;
  const end = out.end.bind(out) as (...args: unknown[]) => Response;
  const flush = typeof out.flush === "function" ? out.flush.bind(out) : undefined;
  let pending: Chunk[] = [];
  let pendingBytes = 0;
  let flushWanted = false;
  let scheduled = false;
  let passedOn = false;

  const writePending = (): boolean => {
    if (pending.length === 0) return true;
    passedOn = true;
    const body = pending.length === 1 ? pending[0]! : Buffer.concat(pending.map(asBuffer));
    pending = [];
    pendingBytes = 0;
    return write(body);
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(() => {
      scheduled = false;
      if (out.writableEnded || out.destroyed) return;
      writePending();
      if (flushWanted) {
        flushWanted = false;
        flush?.();
      }
    });
  };

  out.write = ((chunk: unknown, ...rest: unknown[]) => {
    // Event streams go out event by event; a caller waiting on a callback or passing an encoding is served as is.
    const plain = rest.length === 0 && (typeof chunk === "string" || chunk instanceof Uint8Array);
    if (!plain || isEventStream(res)) {
      writePending();
      passedOn = true;
      const ok = write(chunk, ...rest);
      if (!ok && isEventStream(res) && out.writableLength > EVENT_STREAM_BACKLOG) out.destroy();
      return ok;
    }
    pending.push(chunk);
    pendingBytes += typeof chunk === "string" ? chunk.length : chunk.byteLength;
    // A fast stream (a file piped out) gets the real answer, and so its backpressure, past 64 KiB.
    if (pendingBytes >= GATHER_LIMIT) return writePending();
    schedule();
    return true;
  }) as Response["write"];

  out.end = ((...args: unknown[]) => {
    const [last] = args;
    const whole = !passedOn && args.length <= 1 && (last === undefined || typeof last === "string" || last instanceof Uint8Array);
    if (whole) {
      const body = Buffer.concat([...pending, ...(last === undefined ? [] : [last as Chunk])].map(asBuffer));
      const encoded = compressWhole(req, res, body);
      if (encoded) {
        pending = [];
        return end(encoded);
      }
    }
    writePending();
    return end(...args);
  }) as Response["end"];

  if (flush) {
    out.flush = () => {
      if (isEventStream(res)) {
        writePending();
        flush();
        return;
      }
      flushWanted = true;
      schedule();
    };
  }
  next();
}
