import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

let root: string | undefined;
const removeRoot = () => {
  if (root) fs.rmSync(root, { recursive: true, force: true });
  root = undefined;
};

/**
 * One folder per run for the app's data directories (tests/setup/each-file.ts), removed when the
 * run ends. The workers cannot clean up after themselves: Vitest ends them without running their
 * exit handlers.
 */
export function setup(project: TestProject) {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "mesa-unit-"));
  process.once("exit", removeRoot);
  project.provide("testDataRoot", root);
}

export function teardown() {
  process.removeListener("exit", removeRoot);
  removeRoot();
}

declare module "vitest" {
  export interface ProvidedContext {
    testDataRoot: string;
  }
}
