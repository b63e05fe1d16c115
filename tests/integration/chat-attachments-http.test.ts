import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDirectChat } from "../../app/modules/chat/chat.server";
import { action as postMessage, loader as messagesApi } from "../../app/routes/api.chats.$id.messages";
import { BODY_LIMITS, bodyLimit } from "../../server/body-limits";
import { noStoreWhenSignedIn } from "../../server/request-guards";
import { useTestDatabase } from "../setup/database";
import { send, startAppServer } from "./app-server";
import { apiToken, bearer, testDeps } from "./helpers";
import { person } from "./pay-fixtures";
import { run } from "./route";

// Chat attachments over HTTP (decision record 092): the private folder is never served as a
// public file, the body limits stop a large upload early, and the JSON API takes multipart.

useTestDatabase();

const base = "http://localhost:3000";
const pdf = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");

describe("the private folder", () => {
  const dataDir = fs.mkdtempSync(path.join(process.env.DATA_DIR!, "served-"));
  let app: Awaited<ReturnType<typeof startAppServer>>;
  beforeAll(async () => {
    fs.mkdirSync(path.join(dataDir, "private", "chat", "c1"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "private", "chat", "c1", "a1.pdf"), pdf);
    fs.mkdirSync(path.join(dataDir, "uploads"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "uploads", "public.txt"), "public");
    app = await startAppServer({ env: { DATA_DIR: dataDir } });
  });
  afterAll(() => app.close());

  it("is never reachable under /uploads or by its own name, however the path is written", async () => {
    expect((await send(app.origin, { path: "/uploads/public.txt" })).body).toBe("public");
    for (const attempt of [
      "/uploads/../private/chat/c1/a1.pdf",
      "/uploads/%2e%2e/private/chat/c1/a1.pdf",
      "/uploads/..%2fprivate%2fchat%2fc1%2fa1.pdf",
      "/uploads/%2e%2e%2fprivate/chat/c1/a1.pdf",
      "/private/chat/c1/a1.pdf",
      "/uploads/private/chat/c1/a1.pdf",
    ]) {
      const answer = await send(app.origin, { path: attempt });
      expect(answer.status, attempt).toBeGreaterThanOrEqual(400);
      expect(answer.body, attempt).not.toContain("%PDF");
    }
  });

  it("answers a chat upload declaring more than 10 MB with a 413 at once, before reading it", async () => {
    const answer = await send(app.origin, {
      method: "POST",
      path: "/es/chats/5b8f0c1e-1111-4222-8333-944455556666",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: Buffer.alloc(BODY_LIMITS.chatUpload + 1),
    });
    expect(answer.status).toBe(413);
  });
});

describe("body limits of a chat's message", () => {
  it("streams a chat page's or the messages API's multipart body with room for 10 MB and a caption; other chat bodies stay small", () => {
    expect(BODY_LIMITS.chatUpload).toBe(10 * 1024 * 1024 + 64 * 1024);
    expect(bodyLimit({ path: "/es/chats/abc" }, "multipart/form-data")).toBe(BODY_LIMITS.chatUpload);
    expect(bodyLimit({ path: "/pt/chats/abc.data" }, "multipart/form-data")).toBe(BODY_LIMITS.chatUpload);
    expect(bodyLimit({ path: "/api/chats/abc/messages" }, "multipart/form-data")).toBe(BODY_LIMITS.chatUpload);
    expect(bodyLimit({ path: "/es/chats/abc" }, "application/x-www-form-urlencoded")).toBe(BODY_LIMITS.form);
    expect(bodyLimit({ path: "/api/chats/abc/messages" }, "application/json")).toBe(BODY_LIMITS.small);
    expect(bodyLimit({ path: "/api/chats/abc/read" }, "multipart/form-data")).toBe(BODY_LIMITS.small);
  });

  it("lets a chat's image stay in its reader's own browser cache, and nothing else a signed-in reader gets", async () => {
    const app = express();
    app.use(noStoreWhenSignedIn());
    app.get("*", (req, res) => {
      res.setHeader("Cache-Control", "private, max-age=3600");
      res.send("x");
    });
    const server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const cookie = { Cookie: "__session=abc" };
    try {
      expect((await send(origin, { path: "/api/chats/c/attachments/a?size=400", headers: cookie })).headers["cache-control"]).toBe("private, max-age=3600");
      expect((await send(origin, { path: "/api/chats/c/messages", headers: cookie })).headers["cache-control"]).toBe("no-store");
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe("POST /api/chats/{id}/messages with a file", () => {
  it("sends a file with a caption as multipart, lists it with its type and attachment, and refuses in the caller's words", async () => {
    const [ana, beto] = [await person(), await person()];
    const opened = await openDirectChat(testDeps().deps, ana, beto.id);
    if (opened.status !== "ok") throw new Error("no chat");
    const id = opened.chatId;
    const auth = bearer(await apiToken(ana.id));
    const multipart = (fields: Record<string, string>, file: { name: string; bytes: Buffer }) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
      body.append("file", new File([new Uint8Array(file.bytes)], file.name));
      return new Request(`${base}/api/chats/${id}/messages?lang=en`, { method: "POST", body, headers: auth });
    };

    const sent = await run(postMessage, multipart({ content: "Reglas de la casa" }, { name: "reglas.pdf", bytes: pdf }), { id });
    expect(sent.status).toBe(201);
    const message = (sent.data as { message: { id: number; attachment: { id: string } } }).message;
    expect(message).toMatchObject({
      type: "file",
      content: "Reglas de la casa",
      attachment: { kind: "file", fileName: "reglas.pdf", byteSize: pdf.length, contentType: "application/pdf", thumbnailUrl: null, width: null },
    });
    expect(message.attachment).toMatchObject({ url: `/api/chats/${id}/attachments/${message.attachment.id}` });

    const listed = await run(messagesApi, new Request(`${base}/api/chats/${id}/messages`, { headers: auth }), { id });
    expect((listed.data as { messages: unknown[] }).messages).toEqual([
      expect.objectContaining({ id: message.id, type: "file", attachment: message.attachment }),
    ]);

    const gif = await run(postMessage, multipart({}, { name: "dado.gif", bytes: Buffer.from("GIF89a\u0001\u0000\u0001\u0000\u0000\u0000") }), { id });
    expect(gif).toMatchObject({ status: 400, data: { error: "Only JPEG, PNG and WebP photos, PDF files and plain text can be sent.", field: "file" } });
    const big = await run(postMessage, multipart({}, { name: "grande.txt", bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61) }), { id });
    expect(big).toMatchObject({ status: 413, data: { error: "The file is larger than 10 MB. Send a smaller one.", field: "file" } });
    // A multipart body without a file is a text message, as JSON is.
    const text = new FormData();
    text.append("content", "hola");
    const plain = await run(postMessage, new Request(`${base}/api/chats/${id}/messages`, { method: "POST", body: text, headers: auth }), { id });
    expect(plain).toMatchObject({ status: 201, data: { message: { type: "text", content: "hola", attachment: null } } });
  });
});
