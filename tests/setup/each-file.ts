import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, vi } from "vitest";

// The app reads its environment once; tests run as a local, non-production app writing mail to a temp dir.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mesa-unit-"));
process.env.NODE_ENV = "test";
process.env.SESSION_SECRET ??= "test-secret-test-secret-test-secret-0123";
process.env.APP_URL = "http://localhost:3000";
process.env.DATA_DIR = dataDir;
process.env.LOG_LEVEL = "silent";

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
  if (errors.length) throw new Error(`console.error was called: ${errors.map((a) => a.map(String).join(" ")).join("\n")}`);
});
