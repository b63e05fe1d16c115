import path from "node:path";
import type { Env } from "#app/env.server";
import { createDiskStorage } from "./disk.server";
import { createS3Storage, defaultS3PublicUrl, type S3Config } from "./s3.server";
import type { Storage } from "./storage";

export type StorageChoice = { kind: "disk"; dir: string; publicUrl: string; olderUrls: string[] } | { kind: "s3"; config: S3Config };

type StorageEnv = Pick<
  Env,
  "DATA_DIR" | "APP_URL" | "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_PUBLIC_URL" | "S3_FORCE_PATH_STYLE"
>;

/**
 * S3 when S3_BUCKET is set; otherwise DATA_DIR/uploads, served by the app at the same-origin path
 * /uploads. An absolute `APP_URL/uploads` would break every image when the site is opened under
 * another host name (127.0.0.1, a phone on the network): the browser refuses the cross-origin
 * read (Cross-Origin-Resource-Policy: same-origin). Addresses stored that way are still read.
 */
export function storageChoice(env: StorageEnv): StorageChoice {
  if (!env.S3_BUCKET)
    return { kind: "disk", dir: path.resolve(env.DATA_DIR, "uploads"), publicUrl: "/uploads", olderUrls: [`${env.APP_URL.replace(/\/+$/, "")}/uploads`] };
  const where = { bucket: env.S3_BUCKET, region: env.S3_REGION, endpoint: env.S3_ENDPOINT };
  return {
    kind: "s3",
    config: {
      ...where,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL ?? defaultS3PublicUrl(where),
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    },
  };
}

export function createStorage(choice: StorageChoice): Storage {
  return choice.kind === "disk" ? createDiskStorage(choice.dir, choice.publicUrl, choice.olderUrls) : createS3Storage(choice.config);
}

/** Where the private storage's files sit in an S3 bucket: the public-read policy must leave it out. */
export const PRIVATE_PREFIX = "private/";

/**
 * The private storage of chat attachments (decision record 092): on disk DATA_DIR/private, a
 * folder beside uploads that no static handler serves; on S3 the same bucket under "private/",
 * stored as never cacheable by a shared cache. Its files are read only through the route that
 * checks the reader's membership, so its `url` is never handed out.
 */
export function createPrivateStorage(choice: StorageChoice): Storage {
  if (choice.kind === "s3") return createS3Storage(choice.config, { prefix: PRIVATE_PREFIX, cacheControl: "private, no-store" });
  return createDiskStorage(path.join(path.dirname(choice.dir), "private"), "/private-files-are-not-served");
}

/** Where images are loaded from, for the Content-Security-Policy's img-src: the page's own origin for local files, the bucket's or CDN's origin otherwise. */
export function storageOrigin(choice: StorageChoice) {
  return choice.kind === "disk" ? "'self'" : new URL(choice.config.publicUrl).origin;
}
