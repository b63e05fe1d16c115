import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { freePort, type RunningPostgres,startEmbeddedPostgres } from "../../db/embedded";
import { migrateToLatest } from "../../db/migrate";

let server: RunningPostgres | undefined;
let parent: string | undefined;

/** One throwaway PostgreSQL for the run; a migrated template that each test file clones. */
export async function setup(project: TestProject) {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), "mesa-test-"));
  fs.chmodSync(parent, 0o755); // postgres runs as its own user when we are root
  server = await startEmbeddedPostgres({ dataDir: path.join(parent, "data"), port: await freePort(), database: "mesa_template", persistent: false, fast: true });
  await migrateToLatest(server.url);
  // A template must have no open connections while it is cloned.
  const admin = new pg.Client({ connectionString: server.url.replace(/\/mesa_template$/, "/postgres") });
  await admin.connect();
  await admin.query("update pg_database set datistemplate = true where datname = 'mesa_template'");
  await admin.end();
  project.provide("pgServerUrl", server.url.replace(/\/mesa_template$/, ""));
}

export async function teardown() {
  await server?.stop();
  if (parent) fs.rmSync(parent, { recursive: true, force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgServerUrl: string;
  }
}
