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
    expect(parseEnv({ SESSION_SECRET: secret, S3_BUCKET: "mesa", S3_FORCE_PATH_STYLE: "1" })).toMatchObject({ S3_BUCKET: "mesa", S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: true });
    expect(() => parseEnv({ SESSION_SECRET: secret, S3_BUCKET: "mesa", S3_ACCESS_KEY_ID: "id" })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => parseEnv({ SESSION_SECRET: secret, S3_ENDPOINT: "http://127.0.0.1:9000" })).toThrow(/S3_BUCKET/);
    expect(() => parseEnv({ SESSION_SECRET: secret, S3_BUCKET: "mesa", S3_PUBLIC_URL: "not a url" })).toThrow(/S3_PUBLIC_URL/);
  });
  it("wants both Google variables or neither", () => {
    expect(() => parseEnv({ SESSION_SECRET: "s".repeat(32), GOOGLE_CLIENT_ID: "id" })).toThrow(/GOOGLE_CLIENT/);
  });
});
