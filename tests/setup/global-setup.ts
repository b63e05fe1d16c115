import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { freePort, type RunningPostgres, startEmbeddedPostgres } from "../../db/embedded";
import { migrateToLatest } from "../../db/migrate";

let server: RunningPostgres | undefined;
let parent: string | undefined;

// If the run is cut short (Ctrl-C, a crash) teardown never runs; embedded.ts stops PostgreSQL
// on exit and this removes its files, so no run leaves a cluster behind in /tmp.
const removeParent = () => {
  if (parent) fs.rmSync(parent, { recursive: true, force: true });
  parent = undefined;
};

/** One throwaway PostgreSQL for the run; a migrated template that each test file clones. */
export async function setup(project: TestProject) {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), "mesa-test-"));
  process.once("exit", removeParent);
  try {
    // Running as root, PostgreSQL runs as its own user and must be able to enter this folder.
    fs.chmodSync(parent, 0o755);
    server = await startEmbeddedPostgres({
      dataDir: path.join(parent, "data"),
      port: await freePort(),
      database: "mesa_template",
      persistent: false,
      fast: true,
    });
    await migrateToLatest(server.url);
    const serverUrl = server.url.replace(/\/mesa_template$/, "");
    // Marked as a template so `create database … template` is allowed; cloning also needs it
    // to have no open connections, which is why migrateToLatest closes its pool.
    const admin = new pg.Client({ connectionString: `${serverUrl}/postgres` });
    await admin.connect();
    await admin.query("update pg_database set datistemplate = true where datname = 'mesa_template'");
    await admin.end();
    project.provide("pgServerUrl", serverUrl);
    process.env.MESA_TEST_PG_URL = serverUrl; // for anything run from this process, e.g. a debugging script
  } catch (error) {
    // Vitest may not reach teardown after a failed setup; do not leave a running cluster behind.
    await teardown();
    throw error;
  }
}

export async function teardown() {
  try {
    await server?.stop();
  } finally {
    server = undefined;
    process.removeListener("exit", removeParent);
    removeParent();
  }
}

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}
