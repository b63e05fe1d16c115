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
    // Test environment variables, and a console.error fails the test (house style).
    setupFiles: ["tests/setup/each-file.ts"],
    environment: "node",
    // argon2 hashing takes ~100 ms per call and some tests sign in a dozen times.
    testTimeout: 30_000,
    hookTimeout: 90_000,
    teardownTimeout: 30_000,
    // Each integration file has its own database, so files may run in parallel; two workers suit the 2-core machines we run on.
    maxWorkers: 2,
    projects: [
      // Rules and components: each file in a fresh module registry (some mock modules).
      { extends: true, test: { name: "unit", include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts"], globalSetup: ["tests/setup/data-root.ts"] } },
      // Integration files share their worker's loaded modules instead of loading the app again for
      // each of the 120 files: that took 60 % of the run. They are isolated where it matters, each
      // with its own database (tests/setup/database.ts), and mock no modules. The caches the app
      // keeps per process (environment, adapters) hold the same values for every file of a worker
      // (tests/setup/each-file.ts).
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          isolate: false,
          // One throwaway PostgreSQL per run with a migrated template; integration files clone it
          // through tests/setup/database.ts. Unit tests never touch it.
          globalSetup: ["tests/setup/data-root.ts", "tests/setup/global-setup.ts"],
        },
      },
    ],
  },
});
