/**
 * File storage: S3-compatible when configured, otherwise a folder on disk. Two are made: the
 * public one for session and series images, and a private one for chat attachments, read only
 * through a route that checks who asks (decision record 092).
 */
export interface Storage {
  /** Stores the bytes under `key`. Never replaces a stored file: throws StorageKeyTakenError instead. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The stored bytes of `key` as a stream, with their size; null when there is no such file. */
  get(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  /** Deletes `key`; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** The public address of `key` (a private storage has none that answers). */
  url(key: string): string;
  /**
   * Every base its files have been published under, the current one (what `url` uses) first,
   * so addresses stored under an older base are still recognised as ours.
   */
  readonly bases: readonly string[];
}

/** Spec section 7 and 9: stored files are cached for an hour. */
export const STORAGE_CACHE_CONTROL = "public, max-age=3600";

export class StorageKeyTakenError extends Error {
  constructor(readonly key: string) {
    super(`storage key already in use: ${key}`);
    this.name = "StorageKeyTakenError";
  }
}

// Keys are built by the app from sanitised parts; this guards the disk adapter all the same.
const safeKey = /^[A-Za-z0-9][A-Za-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

export function assertSafeKey(key: string) {
  if (!safeKey.test(key) || key.split("/").some((part) => part === "." || part === "..")) throw new Error(`unsafe storage key: ${key}`);
}
