import { describe, expect, it } from "vitest";
import {
  ATTACHMENT_MAX_BYTES,
  attachmentDisposition,
  attachmentKeys,
  attachmentUrl,
  checkAttachment,
  copySizeOf,
  detectAttachmentType,
  displayFileName,
  formatFileSize,
  isHeic,
  lastMessagePreview,
} from "./attachments.rules";

const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((p) => (typeof p === "string" ? Array.from(new TextEncoder().encode(p)) : p)));
const jpeg = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], "JFIF");
const png = bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
const webp = bytes("RIFF", [0x24, 0, 0, 0], "WEBPVP8 ");
const pdf = bytes("%PDF-1.7\n%\u00e2\u00e3\n1 0 obj");
const heic = bytes([0, 0, 0, 0x18], "ftypheic", [0, 0, 0, 0], "mif1heic");
const avif = bytes([0, 0, 0, 0x1c], "ftypavif", [0, 0, 0, 0], "avifmif1");
const exe = bytes("MZ", [0x90, 0, 3, 0, 0, 0, 4, 0]);
const gif = bytes("GIF89a", [1, 0, 1, 0, 0x80, 0, 0]);
const svg = bytes('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
const html = bytes("\n  <!doctype html><html><script>alert(1)</script></html>");

describe("what may be sent in a chat", () => {
  it("recognises JPEG, PNG, WebP, PDF and plain text by their bytes", () => {
    expect(detectAttachmentType(jpeg)).toBe("image/jpeg");
    expect(detectAttachmentType(png)).toBe("image/png");
    expect(detectAttachmentType(webp)).toBe("image/webp");
    expect(detectAttachmentType(pdf)).toBe("application/pdf");
    expect(detectAttachmentType(bytes("Notas de la sesión 3: el dragón despierta.\n<3"))).toBe("text/plain");
  });

  it("refuses a program renamed .png, a GIF, SVG, HTML, text with a NUL byte and invalid UTF-8", () => {
    for (const file of [exe, gif, svg, html, bytes("hola\u0000mundo"), bytes([0x68, 0x6f, 0xc3, 0x28])]) {
      expect(detectAttachmentType(file)).toBeNull();
      expect(checkAttachment({ size: file.length, bytes: file })).toEqual({ ok: false, problem: { key: "attachmentType" } });
    }
  });

  it("tells a HEIC photo apart, with its own message; AVIF is simply not accepted", () => {
    expect(isHeic(heic)).toBe(true);
    expect(checkAttachment({ size: heic.length, bytes: heic })).toEqual({ ok: false, problem: { key: "attachmentHeic" } });
    expect(isHeic(avif)).toBe(false);
    expect(checkAttachment({ size: avif.length, bytes: avif })).toEqual({ ok: false, problem: { key: "attachmentType" } });
  });

  it("takes exactly 10 MB and refuses one byte more, before looking at the bytes; an empty file is refused", () => {
    const full = new Uint8Array(ATTACHMENT_MAX_BYTES);
    full.set(pdf);
    expect(ATTACHMENT_MAX_BYTES).toBe(10_485_760);
    expect(checkAttachment({ size: ATTACHMENT_MAX_BYTES, bytes: full })).toEqual({ ok: true, type: "application/pdf" });
    expect(checkAttachment({ size: ATTACHMENT_MAX_BYTES + 1, bytes: null })).toEqual({
      ok: false,
      problem: { key: "attachmentTooLarge", bytes: ATTACHMENT_MAX_BYTES + 1 },
    });
    expect(checkAttachment({ size: 0, bytes: new Uint8Array(0) })).toEqual({ ok: false, problem: { key: "attachmentEmpty" } });
  });
});

describe("names and addresses", () => {
  it("shows the name without paths, control characters or direction marks, with the real type's extension", () => {
    expect(displayFileName("C:\\Users\\ana\\Mapa de Faerûn.pdf", "application/pdf")).toBe("Mapa de Faerûn.pdf");
    expect(displayFileName("acta\u202Efdp.exe", "application/pdf")).toBe("actafdp.exe.pdf");
    expect(displayFileName("notas\r\nsesión", "text/plain")).toBe("notas sesión.txt");
    expect(displayFileName("", "image/png")).toBe("image");
    expect(Array.from(displayFileName(`${"á".repeat(300)}.pdf`, "application/pdf"))).toHaveLength(120);
  });

  it("offers the file for saving under its name, never for display", () => {
    expect(attachmentDisposition("Mapa de Faerûn.pdf")).toBe(`attachment; filename="Mapa de Faer_n.pdf"; filename*=UTF-8''Mapa%20de%20Faer%C3%BBn.pdf`);
    expect(attachmentDisposition('a"b;c.txt')).toBe(`attachment; filename="a_b_c.txt"; filename*=UTF-8''a%22b%3Bc.txt`);
  });

  it("keeps copies under the chat's private folder and addresses them through the checking route", () => {
    const chat = "5b8f0c1e-1111-4222-8333-944455556666";
    const id = "0f0e0d0c-aaaa-4bbb-8ccc-dddddddddddd";
    expect(attachmentKeys(chat, id, "image/jpeg")).toEqual({ main: `chat/${chat}/${id}.w1200.webp`, small: `chat/${chat}/${id}.w400.webp` });
    expect(attachmentKeys(chat, id, "application/pdf")).toEqual({ main: `chat/${chat}/${id}.pdf`, small: null });
    expect(attachmentUrl(chat, id, "small")).toBe(`/api/chats/${chat}/attachments/${id}?size=400`);
    expect([copySizeOf("400"), copySizeOf("1200"), copySizeOf(null), copySizeOf("9999")]).toEqual(["small", "large", "large", "large"]);
  });

  it("sizes files for people and previews the last message in the chats list", () => {
    expect(formatFileSize(2_516_582, "es")).toBe("2,4 MB");
    expect(formatFileSize(900 * 1024, "en")).toBe("900 KB");
    expect(lastMessagePreview({ type: "image", content: "", fileName: "mapa.png" })).toEqual({ kind: "photo", caption: "" });
    expect(lastMessagePreview({ type: "file", content: "", fileName: "acta.pdf" })).toEqual({ kind: "file", name: "acta.pdf" });
    expect(lastMessagePreview({ type: "text", content: "hola", fileName: null })).toEqual({ kind: "text", text: "hola" });
  });
});
