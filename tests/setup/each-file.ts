import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, inject, vi } from "vitest";

// The app reads its environment once per process; tests run as a local, non-production app whose
// offline mailer writes to ${DATA_DIR}/mail. Integration files share their worker process (and so
// its cached environment), so the folder is one per process, inside the run's folder that
// tests/setup/data-root.ts removes when the run ends.
const shared = globalThis as { mesaTestDataDir?: string };
const dataDir = (shared.mesaTestDataDir ??= fs.mkdtempSync(path.join(inject("testDataRoot"), "worker-")));
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-0123";
process.env.APP_URL = "http://localhost:3000";
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "silent";
// A developer's own settings must not leak in: a file that forgot useTestDatabase() fails
// instead of writing to a real database, and no test sends real mail.
for (const name of ["DATABASE_URL", "SMTP_URL", "GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET"]) delete process.env[name];

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
