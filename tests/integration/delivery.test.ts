import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib, { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { writeReadableStreamToWritable } from "@remix-run/node";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "#app/env.server";
import { compressResponses, DYNAMIC_LEVELS, EVENT_STREAM_BACKLOG, FILE_LEVELS, gatherWrites, publicFiles } from "../../server/delivery";

// A page of the size of the search results, written the way Remix writes a rendered document:
// one 2 KiB chunk at a time, each followed by res.flush().
const page = Array.from({ length: 300 }, (_, i) => `<article class="card"><h2>Partida ${i}</h2><p>Una mesa de rol para ${i % 6} jugadores.</p></article>`).join(
  "",
);

let server: http.Server;
let base: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mesa-public-"));
/** Writes that reached the compressor for the last /counted page. */
let writesSeen = 0;
let floodClosed: (backlog: number) => void = () => {};
const big = Buffer.alloc(600 * 1024, "mesa ");

beforeAll(async () => {
  fs.writeFileSync(path.join(dir, "favicon.svg"), "<svg/>");
  fs.writeFileSync(path.join(dir, "big.txt"), big);
  fs.writeFileSync(path.join(dir, "page.html"), page);
  const app = express();
  // Counts what gatherWrites hands on, standing where the compressor stands.
  app.get(
    "/counted",
    (_req, res, next) => {
      writesSeen = 0;
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      res.write = ((...args: unknown[]) => {
        writesSeen += 1;
        return write(...args);
      }) as typeof res.write;
      next();
    },
    gatherWrites,
    (_req, res) => {
      res.type("text/html");
      const chunks = page.match(/[\s\S]{1,2048}/g)!.map((c) => new TextEncoder().encode(c));
      void writeReadableStreamToWritable(
        new ReadableStream<Uint8Array>({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(chunk);
            controller.close();
          },
        }),
        res,
      );
    },
  );
  app.use(compressResponses());
  app.use(publicFiles(dir));
  app.get("/page", (_req, res) => {
    res.type("text/html");
    const chunks = page.match(/[\s\S]{1,2048}/g)!.map((c) => new TextEncoder().encode(c));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(chunk);
        controller.close();
      },
    });
    void writeReadableStreamToWritable(stream, res);
  });
  // A page whose data arrives later (deferred): written in pieces over several turns of the event loop.
  app.get("/deferred", (_req, res) => {
    res.type("text/html");
    res.write(page.slice(0, 5000));
    setTimeout(() => {
      res.write(page.slice(5000));
      res.end();
    }, 20);
  });
  app.get("/untransformed", (_req, res) => {
    res.type("text/html").set("Cache-Control", "private, no-transform");
    res.end(page);
  });
  app.get("/tiny", (_req, res) => {
    res.type("text/html");
    res.end("<p>hola</p>");
  });
  app.get("/events", (_req, res) => {
    res.type("text/event-stream");
    res.write(`data: ${"x".repeat(4000)}\n\n`);
    (res as unknown as { flush: () => void }).flush();
    res.end();
  });
  // An event stream that keeps writing whether or not its client reads.
  app.get("/flood", gatherWrites, (_req, res) => {
    res.type("text/event-stream");
    const event = `data: ${"y".repeat(64 * 1024)}\n\n`;
    const timer = setInterval(() => res.write(event), 1);
    res.once("close", () => {
      clearInterval(timer);
      floodClosed(res.writableLength);
    });
  });
  app.use((_req, res) => res.status(404).send("not found"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function get(url: string, encoding: string, method = "GET") {
  return new Promise<{ status: number; encoding: string | undefined; length: string | undefined; vary: string | undefined; body: Buffer }>(
    (resolve, reject) => {
      http.get(`${base}${url}`, { method, headers: { "Accept-Encoding": encoding } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (c: Buffer) => parts.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            encoding: res.headers["content-encoding"],
            length: res.headers["content-length"],
            vary: res.headers.vary,
            body: Buffer.concat(parts),
          }),
        );
        res.on("error", reject);
      });
    },
  );
}

describe("response compression", () => {
  it("compresses a page written chunk by chunk as a whole, not one flush per chunk", async () => {
    const res = await get("/page", "gzip");
    expect(res.encoding).toBe("gzip");
    expect(gunzipSync(res.body).toString()).toBe(page);
    // Flushed per chunk this page was about twice its whole-body size.
    expect(res.body.length).toBeLessThan(gzipSync(page).length * 1.1);
  });

  it("serves Brotli to browsers that accept it, gzip to the rest", async () => {
    const br = await get("/page", "gzip, deflate, br");
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(page);
    // At the per-request level Brotli is about gzip's size; what it saves is CPU.
    expect(br.body.length).toBeLessThan(page.length / 15);
    expect((await get("/page", "identity")).body.toString()).toBe(page);
  });

  it("compresses pages at per-request levels no higher than those of files on disk", async () => {
    const brotli = (quality: number, window: number) =>
      brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_LGWIN]: window } });
    expect(DYNAMIC_LEVELS.brotli).toBeLessThanOrEqual(FILE_LEVELS.brotli);
    expect(DYNAMIC_LEVELS.gzip).toBeLessThan(FILE_LEVELS.gzip);
    // The same text, as a page made for the request and as a file: each is exactly its level's output.
    const dynamic = await get("/page", "br");
    expect(dynamic.body.equals(brotli(DYNAMIC_LEVELS.brotli, 18))).toBe(true);
    const file = await get("/page.html", "br");
    expect(file.body.equals(brotli(FILE_LEVELS.brotli, 20))).toBe(true);
    expect((await get("/page", "gzip")).body.equals(gzipSync(page, { level: DYNAMIC_LEVELS.gzip }))).toBe(true);
    expect(gunzipSync((await get("/page.html", "gzip")).body).toString()).toBe(page);
  });

  it("hands the compressor one write for a page rendered in one go, not one per chunk", async () => {
    const res = await get("/counted", "identity");
    expect(res.body.toString()).toBe(page);
    expect(page.length).toBeGreaterThan(10 * 2048);
    expect(writesSeen).toBe(1);
  });

  it("streams a large file whole, in pieces of at most 64 KiB gathered", async () => {
    for (const encoding of ["identity", "gzip"]) {
      const res = await get("/big.txt", encoding);
      expect((encoding === "gzip" ? gunzipSync(res.body) : res.body).equals(big)).toBe(true);
    }
  });

  it("compresses a body that is whole when the response ends in one call, with its length, and no stream through the thread pool", async () => {
    const brotliStreams = vi.spyOn(zlib, "createBrotliCompress");
    const gzipStreams = vi.spyOn(zlib, "createGzip");
    for (const encoding of ["br", "gzip"]) {
      const res = await get("/page", encoding);
      expect(res.encoding).toBe(encoding);
      expect(Number(res.length)).toBe(res.body.length);
      expect(res.vary).toMatch(/Accept-Encoding/i);
      expect((encoding === "br" ? brotliDecompressSync(res.body) : gunzipSync(res.body)).toString()).toBe(page);
    }
    expect(brotliStreams).not.toHaveBeenCalled();
    expect(gzipStreams).not.toHaveBeenCalled();
    // Written in pieces over time, the page still goes through the streaming compressor.
    const deferred = await get("/deferred", "br");
    expect(deferred.encoding).toBe("br");
    expect(brotliDecompressSync(deferred.body).toString()).toBe(page);
    expect(brotliStreams).toHaveBeenCalledTimes(1);
    brotliStreams.mockRestore();
    gzipStreams.mockRestore();
  });

  it("sends as they are: a response that asks for no transform, a tiny one, a HEAD, and one to a client that accepts no compression", async () => {
    const untransformed = await get("/untransformed", "br, gzip");
    expect(untransformed.encoding).toBeUndefined();
    expect(untransformed.body.toString()).toBe(page);
    const tiny = await get("/tiny", "br, gzip");
    expect(tiny.encoding).toBeUndefined();
    expect(tiny.body.toString()).toBe("<p>hola</p>");
    const head = await get("/page", "br", "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const plain = await get("/page", "identity");
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(page);
  });

  it("leaves event streams uncompressed", async () => {
    const res = await get("/events", "gzip, br");
    expect(res.encoding).toBeUndefined();
    expect(res.body.toString()).toContain("data: xxx");
  });
});

describe("public files", () => {
  it("disconnects an event stream whose client stops reading, before its backlog grows past the limit", async () => {
    const closed = new Promise<number>((resolve) => (floodClosed = resolve));
    const req = http.get(`${base}/flood`, (res) => res.pause()); // a client that never reads
    req.on("error", () => {});
    const backlog = await closed;
    expect(backlog).toBeLessThan(EVENT_STREAM_BACKLOG + 256 * 1024);
    req.destroy();
  });

  it("serves files but never looks a page path up on disk", async () => {
    const stat = vi.spyOn(fs, "stat");
    expect((await get("/favicon.svg", "identity")).body.toString()).toBe("<svg/>");
    const calls = stat.mock.calls.length;
    expect(calls).toBeGreaterThan(0);
    expect((await get("/es/sessions", "identity")).status).toBe(404);
    expect(stat.mock.calls.length).toBe(calls);
    stat.mockRestore();
  });
});

describe("npm start", () => {
  const serve = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts.serve!;
  /** The environment the serve script gives the server, for a given shell environment. */
  const envOf = (shell: Record<string, string>) => {
    const prefix = serve.replace(/\s*node --enable-source-maps build\/server\/index\.js$/, "");
    const out = execFileSync("sh", ["-c", `${prefix} env`], { env: { PATH: process.env.PATH!, ...shell } as unknown as NodeJS.ProcessEnv }).toString();
    return Object.fromEntries(out.split("\n").map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
  };

  it("runs the compiled server with node, not the TypeScript sources", () => {
    // The bundle of `npm run build` (decision record 098); `npm start` builds first.
    expect(serve).toMatch(/^APP_ENV=\S+ NODE_ENV=production node --enable-source-maps build\/server\/index\.js$/);
  });

  it("runs React's production build on a local deployment", () => {
    const env = envOf({});
    expect(env.NODE_ENV).toBe("production");
    const app = parseEnv({ ...env, SESSION_SECRET: "s".repeat(32) });
    // Local conveniences stay: no mandatory production settings, insecure cookies over http, mailbox, demo data.
    expect(app.NODE_ENV).toBe("development");
  });

  it("stays a production deployment when the shell says production", () => {
    const env = envOf({ NODE_ENV: "production" });
    expect(env.NODE_ENV).toBe("production");
    expect(() => parseEnv({ ...env, SESSION_SECRET: "s".repeat(32) })).toThrow(/APP_URL/);
    expect(envOf({ APP_ENV: "test" }).APP_ENV).toBe("test");
  });
});
