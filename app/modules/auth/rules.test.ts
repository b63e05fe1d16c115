import { describe, expect, it } from "vitest";
import { idleCutoff, isCrossSiteWrite, LOGIN_SESSION_IDLE_DAYS, redirectParam, safeRedirect } from "./rules";

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
