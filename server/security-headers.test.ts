import type { Response } from "express";
import helmet, { type HelmetOptions } from "helmet";
import { describe, expect, it } from "vitest";
import { helmetSteps, securityHeaders } from "./security-headers";

const options: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: true,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce as string}'`, "'strict-dynamic'"],
      imgSrc: ["'self'", "data:"],
      upgradeInsecureRequests: [],
    },
  },
  strictTransportSecurity: { maxAge: 31536000, includeSubDomains: true },
  crossOriginEmbedderPolicy: false,
  xDnsPrefetchControl: false,
};

/** A response that records its headers, as Node's would hold them. */
function recorder(nonce: string) {
  const headers = new Map<string, string>([["x-powered-by", "Express"]]);
  return {
    headers,
    res: {
      locals: { cspNonce: nonce },
      setHeader: (name: string, value: unknown) => headers.set(name.toLowerCase(), String(value)),
      removeHeader: (name: string) => headers.delete(name.toLowerCase()),
    },
  };
}

describe("securityHeaders", () => {
  it("sets exactly the headers helmet sets on each request, with that request's nonce", () => {
    const middleware = securityHeaders(options);
    for (const nonce of ["bm9uY2Ux", "b3RybyBub25jZQ=="]) {
      const direct = recorder(nonce);
      helmet(options)({} as never, direct.res as never, () => undefined);
      const replayed = recorder(nonce);
      let nexts = 0;
      middleware({} as never, replayed.res as never, () => (nexts += 1));
      expect(nexts).toBe(1);
      expect(Object.fromEntries(replayed.headers)).toEqual(Object.fromEntries(direct.headers));
      expect(replayed.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
    }
  });

  it("marks only the policy as carrying the nonce", () => {
    const withNonce = helmetSteps(options).filter((step) => "set" in step && step.withNonce);
    expect(withNonce.map((step) => ("set" in step ? step.set : ""))).toEqual(["Content-Security-Policy"]);
  });
});
