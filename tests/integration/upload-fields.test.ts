import { beforeAll, describe, expect, it } from "vitest";
import { action as create } from "../../app/routes/$lang.create";
import { action as createSeries } from "../../app/routes/$lang.series.new";
import { MULTIPART_LIMITS } from "../../app/web/multipart.server";
import { sessionCount, sessionFormFields } from "../fixtures/sessions";
import { signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";

let day = 40;
const good = () => {
  day += 1;
  return sessionFormFields("Mesa con muchos campos", new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10));
};

/** The create form as multipart, with extra text fields after the real ones and an empty file part. */
function multipart(cookie: string, fields: Record<string, string>, extra: [string, string][] = [], path = "/es/create") {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const [key, value] of extra) body.append(key, value);
  body.append("image", new File([], "", { type: "application/octet-stream" }));
  return new Request(`${base}${path}`, { method: "POST", body, headers: { Cookie: cookie } });
}

let cookie = "";
beforeAll(async () => {
  cookie = (await signedInUser({ role: "dm" })).cookie;
});

describe("text fields of the upload forms", () => {
  it("still accept a real form", async () => {
    expect((await run(create, multipart(cookie, good()), { lang: "es" })).status).toBe(302);
  });

  it("refuse with 413 (not 500, nothing saved) more text than any form sends, spread over many fields", async () => {
    const before = await sessionCount();
    // 60 fields of 15 KB: each under the per-field limit, 900 KB together (the old reader buffered up to 64 MB).
    const spread = Array.from({ length: 60 }, (_, i) => [`note${i}`, "x".repeat(15 * 1024)] as [string, string]);
    const answer = await run(create, multipart(cookie, good(), spread), { lang: "es" });
    expect(answer.status).toBe(413);
    expect(await sessionCount()).toBe(before);
  });

  it("refuse with 413 one field far longer than any the forms have", async () => {
    const answer = await run(create, multipart(cookie, { ...good(), description: "d".repeat(MULTIPART_LIMITS.fieldBytes + 1) }), { lang: "es" });
    expect(answer.status).toBe(413);
  });

  it("refuse with 413 more fields than any form has, however small", async () => {
    const before = await sessionCount();
    const many = Array.from({ length: MULTIPART_LIMITS.parts }, (_, i) => [`f${i}`, "1"] as [string, string]);
    expect((await run(create, multipart(cookie, good(), many), { lang: "es" })).status).toBe(413);
    expect((await run(createSeries, multipart(cookie, good(), many, "/es/series/new"), { lang: "es" })).status).toBe(413);
    expect(await sessionCount()).toBe(before);
  });

  it("refuse with 413 a part header far longer than any form sends, without reading the rest of the body", async () => {
    // A 60 MB field name, sent as it is made: the old reader waited for the whole header (seconds, gigabytes).
    const boundary = "----mesa-boundary";
    const encoder = new TextEncoder();
    const opening = encoder.encode(`--${boundary}\r\nContent-Disposition: form-data; name="`);
    const filler = encoder.encode("n".repeat(64 * 1024));
    const total = 60 * 1024 * 1024;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) return controller.close();
        const chunk = sent === 0 ? opening : filler;
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const request = new Request(`${base}/es/create`, {
      method: "POST",
      body,
      duplex: "half",
      headers: { Cookie: cookie, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    } as RequestInit);
    const heapBefore = process.memoryUsage().heapUsed;
    const started = performance.now();
    const answer = await run(create, request, { lang: "es" });
    expect(answer.status).toBe(413);
    expect(performance.now() - started).toBeLessThan(2000);
    // Read up to the bound and a chunk or two past it (the stream's read-ahead), never the 60 MB.
    expect(sent).toBeLessThan(MULTIPART_LIMITS.headerBytes + 4 * filler.byteLength);
    expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(16 * 1024 * 1024);
  });

  it("refuse with 413 a field name longer than any form has, and still take long names' neighbours within it", async () => {
    const long = await run(create, multipart(cookie, good(), [["n".repeat(MULTIPART_LIMITS.nameBytes + 1), "1"]]), { lang: "es" });
    expect(long.status).toBe(413);
    expect((await run(create, multipart(cookie, good(), [["n".repeat(MULTIPART_LIMITS.nameBytes), "1"]]), { lang: "es" })).status).toBe(302);
  });
});
