import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../../app/env.server";
import { createPrivateStorage } from "../../app/services/storage/choose.server";
import { createDiskStorage } from "../../app/services/storage/disk.server";
import { createS3Storage } from "../../app/services/storage/s3.server";
import { StorageKeyTakenError } from "../../app/services/storage/storage";
import { createApp } from "../../server/http";

const png = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

async function listen(server: http.Server) {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("disk storage", () => {
  it("writes under its folder, answers the public URL and never overwrites", async () => {
    const dir = fs.mkdtempSync(path.join(process.env.DATA_DIR!, "disk-"));
    const storage = createDiskStorage(dir, "https://mesa.test/uploads/");
    await storage.put("u1/series/1-a.png", png, "image/png");
    expect(fs.readFileSync(path.join(dir, "u1", "series", "1-a.png"))).toEqual(png);
    expect(storage.url("u1/series/1-a.png")).toBe("https://mesa.test/uploads/u1/series/1-a.png");

    await expect(storage.put("u1/series/1-a.png", Buffer.from("other"), "image/png")).rejects.toBeInstanceOf(StorageKeyTakenError);
    expect(fs.readFileSync(path.join(dir, "u1", "series", "1-a.png"))).toEqual(png); // untouched
    expect(fs.readdirSync(path.join(dir, "u1", "series"))).toEqual(["1-a.png"]); // no temporary file left behind
  });

  it("refuses keys that would leave its folder", async () => {
    const storage = createDiskStorage(fs.mkdtempSync(path.join(process.env.DATA_DIR!, "disk-")), "https://mesa.test/uploads");
    for (const key of ["../escape.png", "u1/../../escape.png", "/abs.png", "u1//a.png", "u1/.hidden"]) {
      await expect(storage.put(key, png, "image/png"), key).rejects.toThrow(/unsafe storage key/);
    }
  });
});

describe("S3 storage", () => {
  type Seen = { method: string; url: string; headers: http.IncomingHttpHeaders; body: Buffer };
  const seen: Seen[] = [];
  const objects = new Map<string, Buffer>();
  // A few lines of S3: PUT with If-None-Match: * answers 412 when the key exists.
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const key = req.url!.split("?")[0]!;
      if (req.method === "GET") {
        const object = objects.get(key);
        if (object) res.writeHead(200, { "Content-Length": object.length, "Content-Type": "application/pdf" }).end(object);
        else
          res
            .writeHead(404, { "Content-Type": "application/xml" })
            .end("<Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>");
        return;
      }
      if (req.method === "DELETE") {
        objects.delete(key);
        res.writeHead(204).end();
        return;
      }
      if (req.headers["if-none-match"] === "*" && objects.has(key)) {
        res
          .writeHead(412, { "Content-Type": "application/xml" })
          .end("<Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>");
        return;
      }
      objects.set(key, body);
      res.writeHead(200, { ETag: '"abc"' }).end();
    });
  });
  let endpoint = "";
  beforeAll(async () => {
    endpoint = await listen(server);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("puts with the content type, an hour of caching and no overwriting", async () => {
    const storage = createS3Storage({
      bucket: "mesa",
      region: "us-east-1",
      endpoint,
      accessKeyId: "test",
      secretAccessKey: "test",
      publicUrl: "https://cdn.mesa.test",
      forcePathStyle: true,
    });
    await storage.put("u1/series/1-a.png", png, "image/png");
    const put = seen.at(-1)!;
    expect(put.method).toBe("PUT");
    expect(put.url.split("?")[0]).toBe("/mesa/u1/series/1-a.png");
    expect(put.headers["content-type"]).toBe("image/png");
    expect(put.headers["cache-control"]).toBe("public, max-age=3600");
    expect(put.headers["if-none-match"]).toBe("*");
    expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=test\//);
    expect(storage.url("u1/series/1-a.png")).toBe("https://cdn.mesa.test/u1/series/1-a.png");

    await expect(storage.put("u1/series/1-a.png", png, "image/png")).rejects.toBeInstanceOf(StorageKeyTakenError);
  });

  it("keeps chat attachments under private/, never cacheable by others, and reads and deletes them (decision record 092)", async () => {
    const files = createPrivateStorage({
      kind: "s3",
      config: {
        bucket: "mesa",
        region: "us-east-1",
        endpoint,
        accessKeyId: "test",
        secretAccessKey: "test",
        publicUrl: "https://cdn.mesa.test",
        forcePathStyle: true,
      },
    });
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    await files.put("chat/c1/a1.pdf", pdf, "application/pdf");
    const put = seen.at(-1)!;
    expect(put.url.split("?")[0]).toBe("/mesa/private/chat/c1/a1.pdf");
    expect(put.headers["cache-control"]).toBe("private, no-store");
    const read = await files.get("chat/c1/a1.pdf");
    expect(read?.size).toBe(pdf.length);
    expect(Buffer.from(await new Response(read!.body).arrayBuffer())).toEqual(pdf);
    await files.delete("chat/c1/a1.pdf");
    expect(seen.at(-1)).toMatchObject({ method: "DELETE", url: expect.stringMatching(/^\/mesa\/private\/chat\/c1\/a1\.pdf/) });
    expect(await files.get("chat/c1/a1.pdf")).toBeNull();
  });
});

describe("private disk storage", () => {
  it("lives beside uploads, reads back what it stored and deletes it; a missing file is null", async () => {
    const dataDir = fs.mkdtempSync(path.join(process.env.DATA_DIR!, "private-"));
    const files = createPrivateStorage({ kind: "disk", dir: path.join(dataDir, "uploads"), publicUrl: "/uploads", olderUrls: [] });
    await files.put("chat/c1/a1.txt", Buffer.from("notas"), "text/plain");
    expect(fs.readFileSync(path.join(dataDir, "private", "chat", "c1", "a1.txt"), "utf8")).toBe("notas");
    const read = await files.get("chat/c1/a1.txt");
    expect([read?.size, await new Response(read!.body).text()]).toEqual([5, "notas"]);
    await files.delete("chat/c1/a1.txt");
    await files.delete("chat/c1/a1.txt"); // already gone: not an error
    expect(await files.get("chat/c1/a1.txt")).toBeNull();
    await expect(files.get("../uploads/x.png")).rejects.toThrow(/unsafe storage key/);
  });
});

describe("serving local uploads", () => {
  let server: http.Server;
  let origin = "";
  let dataDir = "";
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(process.env.DATA_DIR!, "app-"));
    const env = parseEnv({ SESSION_SECRET: "s".repeat(32), DATA_DIR: dataDir, NODE_ENV: "test", APP_URL: "http://127.0.0.1:3999" });
    // Requests under /uploads never reach Remix, so no build is needed.
    const build = (async () => {
      throw new Error("no Remix build in this test");
    }) as () => Promise<ServerBuild>;
    server = http.createServer(createApp({ build, env, logger: pino({ level: "silent" }) }));
    origin = await listen(server);
    await createDiskStorage(path.join(dataDir, "uploads"), `${env.APP_URL}/uploads`).put("u1/session/1/1-a.png", png, "image/png");
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("serves a stored image with an hour of public caching, and the page policy allows it and previews", async () => {
    const response = await fetch(`${origin}/uploads/u1/session/1/1-a.png`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(png);
    const imgSrc = /img-src ([^;]+)/.exec(response.headers.get("content-security-policy") ?? "")?.[1] ?? "";
    expect(imgSrc.split(" ")).toEqual(expect.arrayContaining(["'self'", "blob:"]));
    // Local files are same-origin paths: the page never names APP_URL's host for them.
    expect(imgSrc.split(" ")).not.toContain("http://127.0.0.1:3999");
  });

  it("answers a plain 404 for anything else under /uploads", async () => {
    // Sent as typed (fetch would resolve the dots itself), to try leaving the uploads folder.
    const raw = (url: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const { hostname, port } = new URL(origin);
        http
          .get({ hostname, port, path: url }, (res) => {
            let body = "";
            res.on("data", (c: Buffer) => (body += c.toString()));
            res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
          })
          .on("error", reject);
      });
    for (const url of [
      "/uploads/u1/session/1/missing.png",
      "/uploads/",
      "/uploads/..%2f..%2fsession-secret",
      "/uploads/%2e%2e/%2e%2e/session-secret",
      "/uploads/../session-secret",
    ]) {
      const response = await raw(url);
      expect([403, 404], url).toContain(response.status);
      expect(response.body, url).not.toContain("s".repeat(32));
    }
  });
});

describe("where stored images are published", () => {
  it("local uploads are same-origin paths; an S3 bucket or CDN is allowed by its own origin", async () => {
    const { storageChoice, storageOrigin, createStorage } = await import("../../app/services/storage/choose.server");
    const disk = storageChoice(
      parseEnv({ SESSION_SECRET: "s".repeat(32), DATA_DIR: process.env.DATA_DIR!, NODE_ENV: "test", APP_URL: "http://localhost:3311" }),
    );
    const storage = createStorage(disk);
    expect(storage.url("u1/series/1-a.png")).toBe("/uploads/u1/series/1-a.png");
    expect(storage.bases).toEqual(["/uploads", "http://localhost:3311/uploads"]);
    expect(storageOrigin(disk)).toBe("'self'");

    const s3 = storageChoice(parseEnv({ SESSION_SECRET: "s".repeat(32), NODE_ENV: "test", S3_BUCKET: "mesa", S3_PUBLIC_URL: "https://cdn.mesa.test/media" }));
    expect(createStorage(s3).url("u1/series/1-a.png")).toBe("https://cdn.mesa.test/media/u1/series/1-a.png");
    expect(storageOrigin(s3)).toBe("https://cdn.mesa.test");
  });
});
