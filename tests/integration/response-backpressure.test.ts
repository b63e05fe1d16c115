import { Writable } from "node:stream";
import { writeReadableStreamToWritable } from "@remix-run/node";
import { describe, expect, it } from "vitest";

// Remix writes a response's body to the socket as fast as its stream makes it; patched
// (patches/@remix-run+node+2.17.5.patch), it waits for the socket to drain, so a long body (a
// year's earnings CSV) to a slow phone waits in the database instead of in this process's memory,
// and a client that leaves stops the body being made.

/** A socket that takes a chunk every few milliseconds. */
function slowSocket(highWaterMark: number) {
  return new Writable({
    highWaterMark,
    write(_chunk, _encoding, done) {
      setTimeout(done, 2);
    },
  });
}

/** A body of `chunks` chunks made one at a time, as it is read; notes the most the socket held unsent whenever one is asked for. */
function body(chunks: number, size: number, socket: Writable) {
  let made = 0;
  let peak = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      peak = Math.max(peak, socket.writableLength);
      if (made === chunks) return controller.close();
      made += 1;
      controller.enqueue(new Uint8Array(size));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, made: () => made, peak: () => peak, cancelled: () => cancelled };
}

describe("a response's body and a slow client", () => {
  it("is written no faster than the client reads: the socket never holds more than its limit and a chunk", async () => {
    const socket = slowSocket(64);
    const made = body(100, 32, socket);
    await writeReadableStreamToWritable(made.stream, socket);
    expect(made.made()).toBe(100);
    // Unpatched, the whole body (3,200 bytes) waits in the socket's buffer.
    expect(made.peak()).toBeLessThanOrEqual(64 + 32);
  });

  it("stops being made when the client leaves while it waits", async () => {
    const socket = slowSocket(64);
    const made = body(1_000, 32, socket);
    setTimeout(() => socket.destroy(), 20);
    await writeReadableStreamToWritable(made.stream, socket);
    expect(made.cancelled()).toBe(true);
    expect(made.made()).toBeLessThan(1_000);
  });
});
