import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "#app": fileURLToPath(new URL("./app", import.meta.url)),
      "#db": fileURLToPath(new URL("./db", import.meta.url)),
    },
  },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    setupFiles: ["tests/setup/each-file.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Each integration file gets its own database; two workers suit the 2-core machines we run on.
    maxWorkers: 2,
  },
});
