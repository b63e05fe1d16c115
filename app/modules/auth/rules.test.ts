import { describe, expect, it } from "vitest";
import { describeAgent, idleCutoff, isCrossSiteWrite, LOGIN_SESSION_IDLE_DAYS, redirectParam, safeRedirect } from "./rules";

describe("safeRedirect", () => {
  it.each([
    ["/es/sessions", "/es/sessions"],
    ["/sessions?page=2#top", "/sessions?page=2#top"],
    ["%2Fen%2Fsettings", "/"],
  ])("keeps relative path %s", (input, expected) => {
    expect(safeRedirect(input, "/")).toBe(expected);
  });
  it.each([
    "https://evil.example/",
    "//evil.example",
    "/\\evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "javascript:alert(1)",
    "evil.example",
    "/ok\r\nSet-Cookie: a=b",
    "",
    undefined,
    42,
    `/${"a".repeat(3000)}`,
    // Dot segments that collapse into a protocol-relative URL once the path is normalised.
    "/.//evil.example",
    "%2F.%2F%2Fevil.example",
    "/..//evil.example/x",
    "/./..//evil.example",
    "/a/../..//evil.example",
    "/%2e//evil.example",
  ])("refuses %s", (input) => {
    expect(safeRedirect(input, "/es")).toBe("/es");
  });
  it("reads redirect and redirect_to", () => {
    expect(redirectParam(new URLSearchParams("redirect=/a"))).toBe("/a");
    expect(redirectParam(new URLSearchParams("redirect_to=%2Fb"))).toBe("/b");
    expect(redirectParam(new URLSearchParams(""))).toBeNull();
  });
});

describe("isCrossSiteWrite", () => {
  const base = {
    method: "POST",
    origin: null,
    secFetchSite: null,
    allowedOrigins: ["http://localhost:3000"],
    bearerWithoutCookie: false,
  };
  it("allows reads and same-origin writes", () => {
    expect(isCrossSiteWrite({ ...base, method: "GET", origin: "https://evil.example" })).toBe(false);
    expect(isCrossSiteWrite({ ...base, origin: "http://localhost:3000" })).toBe(false);
    expect(isCrossSiteWrite({ ...base, secFetchSite: "same-origin" })).toBe(false);
  });
  it("refuses writes from another origin", () => {
    expect(isCrossSiteWrite({ ...base, origin: "https://evil.example" })).toBe(true);
    expect(isCrossSiteWrite({ ...base, origin: "null" })).toBe(true);
    expect(isCrossSiteWrite({ ...base, secFetchSite: "cross-site" })).toBe(true);
  });
  it("lets bearer-token API clients through", () => {
    expect(isCrossSiteWrite({ ...base, origin: "https://app.example", bearerWithoutCookie: true })).toBe(false);
  });
});

describe("idleCutoff", () => {
  it("is the idle timeout before now: a login session last used then no longer counts", () => {
    expect(LOGIN_SESSION_IDLE_DAYS).toBe(14);
    expect(idleCutoff(new Date("2026-11-26T12:00:00Z"))).toEqual(new Date("2026-11-12T12:00:00Z"));
  });
});

describe("describeAgent", () => {
  it.each([
    ["Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36 Edg/120.0", "Edge · Windows"],
    ["Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1", "Safari · iOS"],
    ["Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0", "Firefox · Linux"],
    ["Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36", "Chrome · Android"],
    ["curl/8.4.0", "curl/8.4.0"],
  ])("names %s as %s", (agent, name) => {
    expect(describeAgent(agent)).toBe(name);
  });

  it("names nothing when the browser sent no agent", () => {
    expect(describeAgent("")).toBeNull();
  });
});
