/**
 * A fresh key for one form or one dialog's call (decision record 096). crypto.randomUUID exists only
 * in secure contexts; a page opened over plain http on a local network still gets a random key.
 */
export function newRequestKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
}
