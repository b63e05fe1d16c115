import { createHash, randomBytes } from "node:crypto";

// Sign-ins, one-time links and calendar addresses all hand out secrets of this one kind.

/** A random URL-safe secret; only its hash is stored. */
export function newSecret(): string {
  return randomBytes(32).toString("base64url");
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("hex");
}
