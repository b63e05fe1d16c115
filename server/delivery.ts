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
 * Remix's stream writer calls `res.flush()` after every chunk React writes (about 2 KiB each), and a
 * compressor flushed that often restarts its window each time: the search page was 11.4 KB of gzip
 * instead of 4.8 KB, and the flushes alone cost 9–15% of a request's CPU. Flushes are therefore
 * coalesced into one per turn of the event loop: a page rendered in one go (no deferred data) is
 * compressed as a whole, while a page still streaming deferred data sends its shell at once.
 */
export function compressResponses(): RequestHandler[] {
  const compress = compression({
    // Quality 4 compresses HTML about as well as gzip 6 at a similar CPU cost; 11 (the default) is for static files.
    brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    filter: (req, res) => !isEventStream(res) && compression.filter(req, res),
  });
  return [compress, coalesceFlushes];
}

function isEventStream(res: Response) {
  const type = res.getHeader("Content-Type");
  return typeof type === "string" && type.startsWith("text/event-stream");
}

function coalesceFlushes(_req: Request, res: Response, next: NextFunction) {
  const flush = (res as Response & { flush?: () => void }).flush;
  if (typeof flush === "function") {
    let pending = false;
    (res as Response & { flush: () => void }).flush = () => {
      // Event streams are not compressed and must reach the browser event by event.
      if (isEventStream(res)) return flush.call(res);
      if (pending) return;
      pending = true;
      setImmediate(() => {
        pending = false;
        if (!res.writableEnded) flush.call(res);
      });
    };
  }
  next();
}
