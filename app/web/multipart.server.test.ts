import { describe, expect, it } from "vitest";
import { boundPartHeaders, readFormWithFile } from "./multipart.server";

const boundary = "xYz";
const encoder = new TextEncoder();

/** Feeds `text` in chunks of `size` bytes through the bound and returns what came out, or the error. */
async function through(text: string, size: number, max = 64) {
  const bytes = encoder.encode(text);
  let at = 0;
  const source = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(at, at + size));
      at += size;
    },
  });
  const chunks: Uint8Array[] = [];
  try {
    const reader = boundPartHeaders(source, boundary, max).getReader();
    for (let next = await reader.read(); !next.done; next = await reader.read()) chunks.push(next.value);
  } catch (error) {
    return { error, read: at };
  }
  return { text: Buffer.concat(chunks).toString(), read: at };
}

const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;

describe("the bound on a multipart part's headers", () => {
  const body = `${part("a", "one\r\n\r\ntwo --xY\r\n--xY")}${part("b", "x".repeat(500))}--${boundary}--\r\nepilogue ${"e".repeat(200)}`;

  it("passes a body whose headers are within it unchanged, however it is cut into chunks", async () => {
    for (const size of [1, 2, 3, 5, 7, 64, 4096]) expect((await through(body, size)).text, `chunks of ${size}`).toBe(body);
  });

  it("stops at the part whose header block passes the bound, in any chunking, without reading on", async () => {
    const long = `${part("a", "1")}--${boundary}\r\nContent-Disposition: form-data; name="${"n".repeat(100)}"\r\n\r\nv\r\n--${boundary}--\r\n${"z".repeat(10_000)}`;
    for (const size of [1, 3, 16, 50]) {
      const result = await through(long, size);
      expect(result.error, `chunks of ${size}`).toBeInstanceOf(Error);
      expect(result.read).toBeLessThan(200 + size);
    }
  });

  it("counts a header block split across chunks from its start, and a long value is no header", async () => {
    const exact = `--${boundary}\r\n${"h".repeat(60)}\r\n\r\n${"v".repeat(1000)}\r\n--${boundary}--`;
    expect((await through(exact, 7, 64)).text).toBe(exact);
    expect((await through(exact, 7, 61)).error).toBeInstanceOf(Error);
  });
});

describe("a file with a hard limit (the chat's attachments)", () => {
  /** A multipart body of a caption and a file of `fileBytes`, sent in 64 KiB chunks; `read` counts what was pulled. */
  function upload(fileBytes: number) {
    const head = encoder.encode(`${part("content", "mapa")}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n`);
    const body = Buffer.concat([head, Buffer.alloc(fileBytes, 0x41), encoder.encode(`\r\n--${boundary}--\r\n`)]);
    let at = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= body.length) return controller.close();
        controller.enqueue(body.subarray(at, at + 65_536));
        at += 65_536;
      },
    });
    const request = new Request("http://localhost/es/chats/x", {
      method: "POST",
      body: source,
      headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` },
      duplex: "half",
    } as RequestInit);
    return { request, read: () => at };
  }
  const field = { name: "file", keepBytes: 1_000_000, headBytes: 16, maxBytes: 1_000_000 };

  it("keeps a file of exactly the limit, and stops reading with a 413 as soon as a file passes it", async () => {
    const fits = upload(1_000_000);
    const read = await readFormWithFile(fits.request, field);
    expect(read.file?.size).toBe(1_000_000);
    expect(read.formData.get("content")).toBe("mapa");

    const over = upload(5_000_000);
    const refused = await readFormWithFile(over.request, field).catch((error: unknown) => error);
    expect(refused).toMatchObject({ init: { status: 413 } });
    // The rest of the 5 MB was never pulled.
    expect(over.read()).toBeLessThan(1_300_000);
  });
});
