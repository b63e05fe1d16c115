import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // Mirrors tsconfig "paths"; new URL instead of __dirname keeps Vite's config loader quiet (stack notes G21).
    alias: {
      "#app": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    // One throwaway PostgreSQL per run with a migrated template; integration files clone it
    // through tests/setup/database.ts. Unit tests never touch it.
    globalSetup: ["tests/setup/global-setup.ts"],
    // Test environment variables, and a console.error fails the test (house style).
    setupFiles: ["tests/setup/each-file.ts"],
    environment: "node",
    // argon2 hashing takes ~100 ms per call and some tests sign in a dozen times.
    testTimeout: 30_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
    // Each integration file has its own database, so files may run in parallel; two workers suit the 2-core machines we run on.
    maxWorkers: 2,
  },
});
