import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/** Outside production a missing SESSION_SECRET is generated once and kept under DATA_DIR. */
export function localSessionSecret(dataDir: string): string {
  const file = path.resolve(dataDir, "session-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
