// Regenerates db/schema.ts from a throwaway database migrated to the latest version.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, startEmbeddedPostgres } from "../../db/embedded";
import { migrateToLatest } from "../../db/migrate";

async function main() {
  // A fresh path (not created yet) so initdb can create it owned by the postgres user.
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "mesa-codegen-"));
  fs.chmodSync(parent, 0o755); // the postgres user must be able to enter it when we run as root
  const dataDir = path.join(parent, "data");
  const pg = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: "codegen", persistent: false, fast: true });
  try {
    await migrateToLatest(pg.url);
    execFileSync(
      process.execPath,
      [
        "node_modules/kysely-codegen/dist/cli/bin.js",
        "--dialect=postgres",
        `--url=${pg.url}`,
        "--out-file=db/schema.ts",
        "--exclude-pattern=kysely_*",
        `--type-mapping=${JSON.stringify({ int8: "number" })}`,
      ],
      { stdio: "inherit" },
    );
  } finally {
    await pg.stop();
    fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  }
}

void main();
