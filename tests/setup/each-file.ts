import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeEach, vi } from "vitest";

// The app reads its environment once; tests run as a local, non-production app whose offline
// mailer writes to ${DATA_DIR}/mail. Each test file gets its own folder, removed when it ends.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mesa-unit-"));
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-0123";
process.env.APP_URL = "http://localhost:3000";
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "silent";
// A developer's own settings must not leak in: a file that forgot useTestDatabase() fails
// instead of writing to a real database, and no test sends real mail.
for (const name of ["DATABASE_URL", "SMTP_URL", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]) delete process.env[name];

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

// House style: a console.error during a test is a failure, not noise.
let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length) throw new Error(`console.error was called:\n${errors.map((a) => a.map(String).join(" ")).join("\n")}`);
});
