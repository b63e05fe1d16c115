import { afterEach, describe, expect, it, vi } from "vitest";
import { langOfPost, sendOrKeep } from "./failed-post";

const site = "https://mesa.example";
const offline = () => vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
afterEach(() => vi.unstubAllGlobals());

const urlencoded = (path: string, fields: Record<string, string>, referrer = `${site}${path}`) =>
  new Request(`${site}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    referrer,
  });

const multipart = (path: string, form: FormData) => new Request(`${site}${path}`, { method: "POST", body: form, referrer: `${site}${path}` });

/** The retry form's hidden fields, as the browser would send them again (entities decoded). */
const retried = (html: string) =>
  [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map(([, name, value]) =>
    [name!, value!].map((s) => s.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))),
  );

describe("sendOrKeep", () => {
  it("passes the server's answer through unchanged, a redirect included", async () => {
    const answer = new Response(null, { status: 303, headers: { Location: "/es/session/1" } });
    const fetchStub = vi.fn().mockResolvedValue(answer);
    vi.stubGlobal("fetch", fetchStub);
    const response = await sendOrKeep(urlencoded("/es/session/1/confirm", { intent: "book", requestKey: "k-12345678" }));
    expect(response).toBe(answer);
    // The body still reaches the server whole, although the page read a copy of it first.
    expect(await (fetchStub.mock.calls[0]![0] as Request).text()).toBe("intent=book&requestKey=k-12345678");
  });

  it("answers a dropped connection with a page in the form's language that posts the same fields again", async () => {
    offline();
    const response = await sendOrKeep(urlencoded("/en/session/1/confirm", { intent: "book", requestKey: "6f1c2a8e-0b7d-4c1e-9a53-2f9e1b0c7d4a" }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("Not sent: the connection dropped");
    expect(html).toContain(`<form method="post" action="${site}/en/session/1/confirm">`);
    expect(retried(html)).toEqual([
      ["intent", "book"],
      ["requestKey", "6f1c2a8e-0b7d-4c1e-9a53-2f9e1b0c7d4a"],
    ]);
    expect(html).toContain(`<a href="${site}/en/session/1/confirm">Go back</a>`);
    expect(html).not.toMatch(/<script|<link|src=/);
  });

  it("keeps a multipart form's text fields and resends them when it carried no file", async () => {
    offline();
    const form = new FormData();
    form.append("content", "¿Llevo dados?");
    form.append("requestKey", "key-00000001");
    form.append("file", new File([], ""));
    const html = await (await sendOrKeep(multipart("/pt/chats/c1", form))).text();
    expect(html).toContain("Tentar de novo");
    expect(html).toContain(`action="${site}/pt/chats/c1" enctype="multipart/form-data">`);
    expect(retried(html)).toEqual([
      ["content", "¿Llevo dados?"],
      ["requestKey", "key-00000001"],
    ]);
  });

  it("says a file cannot be kept, shows the words typed beside it and offers no retry without it", async () => {
    offline();
    const form = new FormData();
    form.append("content", "the map for Sunday");
    form.append("requestKey", "key-00000002");
    form.append("file", new File(["png"], "map.png", { type: "image/png" }));
    const html = await (await sendOrKeep(multipart("/en/chats/c1", form))).text();
    expect(html).toContain("Files cannot be kept here");
    expect(html).toContain("<li>the map for Sunday</li>");
    expect(html).not.toContain("<form");
    expect(html).not.toContain("key-00000002");
  });

  it("escapes every value, so a field cannot write markup into the page", async () => {
    offline();
    const html = await (await sendOrKeep(urlencoded("/es/report", { details: `<script>alert("x")</script>' "quoted"`, 'na"me': "v" }))).text();
    expect(html).not.toContain("<script>");
    expect(html).toContain("&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;&#39; &#34;quoted&#34;");
    expect(retried(html)).toContainEqual(["details", `<script>alert("x")</script>' "quoted"`]);
    expect(retried(html)).toContainEqual(['na"me', "v"]);
  });

  it("throws what is not a network failure (an abort) as it came", async () => {
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new DOMException("aborted", "AbortError")));
    await expect(sendOrKeep(urlencoded("/es/report", { details: "x" }))).rejects.toThrow("aborted");
  });
});

describe("langOfPost", () => {
  it("reads the page the form came from, else the form's address, else Spanish", () => {
    expect(langOfPost(urlencoded("/es/session/1/confirm", {}, `${site}/pt/session/1`))).toBe("pt");
    expect(langOfPost(urlencoded("/en/session/1/confirm", {}, ""))).toBe("en");
    expect(langOfPost(urlencoded("/fr/x", {}, `${site}/de/x`))).toBe("es");
    expect(langOfPost(urlencoded("/constructor/x", {}, `${site}/toString`))).toBe("es");
  });

  it("goes back home in Spanish when neither address names a language", async () => {
    offline();
    const html = await (await sendOrKeep(urlencoded("/api/thing", { a: "1" }, ""))).text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain(`<a href="${site}/es">Volver</a>`);
  });
});
