import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env.server";

describe("parseEnv", () => {
  it("applies local defaults", () => {
    const env = parseEnv({ SESSION_SECRET: "x".repeat(32) });
    expect(env.PORT).toBe(3000);
    expect(env.APP_URL).toBe("http://localhost:3000");
    expect(env.NODE_ENV).toBe("development");
  });
  it("names every missing production secret", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(EnvError);
    // A call that does not throw fails here, instead of skipping the checks on the message.
    const production = () => parseEnv({ NODE_ENV: "production", SESSION_SECRET: "short" });
    for (const name of ["SESSION_SECRET", "APP_URL", "DATABASE_URL", "SMTP_URL"]) expect(production).toThrow(name);
  });
  it("uses S3 only with a bucket, and wants both S3 keys or neither", () => {
    const secret = "s".repeat(32);
    expect(parseEnv({ SESSION_SECRET: secret }).S3_BUCKET).toBeUndefined();
    expect(parseEnv({ SESSION_SECRET: secret, S3_BUCKET: "mesa", S3_FORCE_PATH_STYLE: "1" })).toMatchObject({
      S3_BUCKET: "mesa",
      S3_REGION: "us-east-1",
      S3_FORCE_PATH_STYLE: true,
    });
    expect(() => parseEnv({ SESSION_SECRET: secret, S3_BUCKET: "mesa", S3_ACCESS_KEY_ID: "id" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ SESSION_SECRET: secret, S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ SESSION_SECRET: secret, S3_BUCKET: "mesa", S3_PUBLIC_URL: "not a url" })).toThrow(/S3_PUBLIC_URL/);
  });
  it("wants both Google variables or neither", () => {
    expect(() => parseEnv({ SESSION_SECRET: "s".repeat(32), GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT/);
  });
});

describe("HOST", () => {
  const secret = "s".repeat(32);
  const production = {
    NODE_ENV: "production",
    SESSION_SECRET: secret,
    APP_URL: "https://mesa.example",
    DATABASE_URL: "postgres://db/mesa",
    SMTP_URL: "smtp://mail",
    STRIPE_SECRET_KEY: "sk_live_x",
    STRIPE_PUBLISHABLE_KEY: "pk_live_x",
    STRIPE_WEBHOOK_SECRET: "whsec_x",
    STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_connect_x",
  };
  it("refuses production without Stripe's three keys, and any of them alone anywhere", () => {
    const { STRIPE_SECRET_KEY: _s, STRIPE_PUBLISHABLE_KEY: _p, STRIPE_WEBHOOK_SECRET: _w, ...withoutStripe } = production;
    expect(() => parseEnv(withoutStripe)).toThrow(/STRIPE_SECRET_KEY: is required in production \(payments would otherwise be simulated/);
    expect(() => parseEnv(withoutStripe)).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => parseEnv({ SESSION_SECRET: secret, STRIPE_SECRET_KEY: "sk_test_x" })).toThrow(/must be set together/);
    expect(parseEnv({ SESSION_SECRET: secret }).STRIPE_SECRET_KEY).toBeUndefined();
  });
  it("refuses production without the Connect endpoint's own secret, and that secret without Stripe's keys", () => {
    const { STRIPE_CONNECT_WEBHOOK_SECRET: _c, ...withoutConnect } = production;
    expect(() => parseEnv(withoutConnect)).toThrow(/STRIPE_CONNECT_WEBHOOK_SECRET: is required in production/);
    expect(() => parseEnv({ SESSION_SECRET: secret, STRIPE_CONNECT_WEBHOOK_SECRET: "whsec_c" })).toThrow(/needs STRIPE_SECRET_KEY/);
  });
  it("takes the platform's fee in basis points from 0 to 5000, 1000 by default", () => {
    expect(parseEnv({ SESSION_SECRET: secret }).PLATFORM_FEE_BPS).toBe(1000);
    expect(parseEnv({ SESSION_SECRET: secret, PLATFORM_FEE_BPS: "0" }).PLATFORM_FEE_BPS).toBe(0);
    expect(parseEnv({ SESSION_SECRET: secret, PLATFORM_FEE_BPS: "5000" }).PLATFORM_FEE_BPS).toBe(5000);
    for (const bad of ["-1", "5001", "1.5", "abc", "10%"])
      expect(() => parseEnv({ SESSION_SECRET: secret, PLATFORM_FEE_BPS: bad })).toThrow(/PLATFORM_FEE_BPS/);
  });
  it("listens only on this machine outside production unless HOST says otherwise", () => {
    expect(parseEnv({ SESSION_SECRET: secret }).HOST).toBe("127.0.0.1");
    expect(parseEnv({ SESSION_SECRET: secret, NODE_ENV: "test" }).HOST).toBe("127.0.0.1");
    expect(parseEnv({ SESSION_SECRET: secret, HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
  });
  it("listens on every interface in production unless HOST is set", () => {
    expect(parseEnv(production).HOST).toBe("0.0.0.0");
    expect(parseEnv({ ...production, HOST: "10.0.0.5" }).HOST).toBe("10.0.0.5");
  });
});

describe("TRUST_PROXY", () => {
  const withProxy = (TRUST_PROXY: string) => parseEnv({ SESSION_SECRET: "s".repeat(32), TRUST_PROXY }).TRUST_PROXY;
  it("is off by default and with false or 0", () => {
    expect(parseEnv({ SESSION_SECRET: "s".repeat(32) }).TRUST_PROXY).toBe(false);
    expect(withProxy("false")).toBe(false);
    expect(withProxy("0")).toBe(false);
  });
  it("takes a hop count or the proxies' addresses and ranges", () => {
    expect(withProxy("1")).toBe(1);
    expect(withProxy("2")).toBe(2);
    expect(withProxy("10.0.0.0/8, 192.168.1.7,loopback")).toEqual(["10.0.0.0/8", "192.168.1.7", "loopback"]);
    expect(withProxy("fd00::/8")).toEqual(["fd00::/8"]);
  });
  it("refuses true, which would trust the client's own X-Forwarded-For, and anything that is not an address", () => {
    expect(() => withProxy("true")).toThrow(/TRUST_PROXY: .*number of proxies/);
    for (const bad of ["yes", "10.0.0.0/33", "300.1.1.1", "10.0.0.0/8/1", "example.com", "11"]) expect(() => withProxy(bad), bad).toThrow(/TRUST_PROXY/);
  });
  it("refuses ranges that cover (nearly) every address, which would act like true or crash at boot", () => {
    for (const wide of ["0.0.0.0/0", "0.0.0.0/1,128.0.0.0/1", "::/0", "::/1,8000::/1", "::ffff:0:0/96", "10.0.0.0/7", "2000::/3", "loopback,0.0.0.0/0"])
      expect(() => withProxy(wide), wide).toThrow(/TRUST_PROXY: .*wider than any proxy network/);
  });
  it("refuses every spelling of a range that holds all of IPv4 inside IPv6, which Express matches IPv4 clients against", () => {
    for (const wide of [
      "::ffff:0:0/96",
      "::FFFF:0:0/96",
      "0:0:0:0:0:ffff:0:0/96",
      "0000:0000:0000:0000:0000:ffff:0000:0000/96",
      "0::ffff:0:0/96",
      "::ffff:0.0.0.0/96",
      "0:0:0:0:0:ffff:0.0.0.0/96",
      "::ffff:8.8.8.8/96",
      "::ffff:0:0/97",
      "::ffff:128.0.0.0/97",
      "::ffff:0.0.0.0/103",
      "::fffe:0:0/95",
      "::/80",
      "::/8",
      "10.0.0.0/8,0:0:0:0:0:ffff:0:0/96",
    ])
      expect(() => withProxy(wide), wide).toThrow(/TRUST_PROXY: .*wider than any proxy network/);
  });
  it("judges an IPv4 range written as IPv6 by its IPv4 part, whatever the spelling", () => {
    expect(withProxy("0:0:0:0:0:ffff:a00:0/104")).toEqual(["0:0:0:0:0:ffff:a00:0/104"]);
    expect(withProxy("::ffff:192.168.0.0/112")).toEqual(["::ffff:192.168.0.0/112"]);
    expect(withProxy("::ffff:203.0.113.7")).toEqual(["::ffff:203.0.113.7"]);
    expect(() => withProxy("0:0:0:0:0:ffff:a00:0/103")).toThrow(/wider than any proxy network/);
  });
  it("reads addresses strictly, as node:net does, even where the address parser would guess", () => {
    for (const bad of ["10.1/8", "0x0a.0.0.0/8", "010.0.0.0/8", "::ffff:0:0/096x", "::ffff:0:0/-1", "1::2::3/64", "::ffff:0:0/129", "10.0.0.0/ 8"])
      expect(() => withProxy(bad), bad).toThrow(/TRUST_PROXY: .*is not an IP address/);
  });
  it("accepts the private networks proxies live in", () => {
    expect(withProxy("10.0.0.0/8,172.16.0.0/12,192.168.0.0/16")).toEqual(["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16"]);
    expect(withProxy("fc00::/7,fe80::/10,::1/128,::ffff:10.0.0.0/104")).toEqual(["fc00::/7", "fe80::/10", "::1/128", "::ffff:10.0.0.0/104"]);
    expect(withProxy("203.0.113.7/32,uniquelocal")).toEqual(["203.0.113.7/32", "uniquelocal"]);
  });
  it("gives Express only settings its address parser takes, trusting no client address", () => {
    // Express's own parser for "trust proxy" (a dependency of express, without types of its own).
    const { compile } = createRequire(import.meta.url)("proxy-addr") as { compile: (v: string[]) => (addr: string, i: number) => boolean };
    const trusted = compile(withProxy("10.0.0.0/8,fc00::/7,::ffff:10.0.0.0/104,loopback") as string[]);
    expect(trusted("8.8.8.8", 0)).toBe(false);
    expect(trusted("::ffff:8.8.8.8", 0)).toBe(false);
    expect(trusted("2001:db8::1", 0)).toBe(false);
    expect(trusted("10.1.2.3", 0)).toBe(true);
    // What the refused ranges would have done: trusted any IPv4 client's X-Forwarded-For.
    expect(compile(["0:0:0:0:0:ffff:0:0/96"])("8.8.8.8", 0)).toBe(true);
  });
});

const jobsBase = { NODE_ENV: "test", SESSION_SECRET: "test-secret-test-secret-test-secret-0123" };

describe("JOBS_IN_SERVER", () => {
  it("runs the scheduled jobs in the server unless set to false", () => {
    expect(parseEnv(jobsBase).JOBS_IN_SERVER).toBe(true);
    expect(parseEnv({ ...jobsBase, JOBS_IN_SERVER: "false" }).JOBS_IN_SERVER).toBe(false);
    expect(parseEnv({ ...jobsBase, JOBS_IN_SERVER: "0" }).JOBS_IN_SERVER).toBe(false);
    expect(parseEnv({ ...jobsBase, JOBS_IN_SERVER: "true" }).JOBS_IN_SERVER).toBe(true);
  });
  it("refuses anything else, naming the variable", () => {
    expect(() => parseEnv({ ...jobsBase, JOBS_IN_SERVER: "no" })).toThrow(EnvError);
    expect(() => parseEnv({ ...jobsBase, JOBS_IN_SERVER: "no" })).toThrow(/JOBS_IN_SERVER/);
  });
});
