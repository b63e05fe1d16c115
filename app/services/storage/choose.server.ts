import path from "node:path";
import type { Env } from "#app/env.server";
import { createDiskStorage } from "./disk.server";
import { createS3Storage, defaultS3PublicUrl, type S3Config } from "./s3.server";
import type { Storage } from "./storage";

export type StorageChoice = { kind: "disk"; dir: string; publicUrl: string } | { kind: "s3"; config: S3Config };

type StorageEnv = Pick<Env, "DATA_DIR" | "APP_URL" | "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_PUBLIC_URL" | "S3_FORCE_PATH_STYLE">;

/** S3 when S3_BUCKET is set; otherwise DATA_DIR/uploads, served by the app at /uploads. */
export function storageChoice(env: StorageEnv): StorageChoice {
  if (!env.S3_BUCKET) return { kind: "disk", dir: path.resolve(env.DATA_DIR, "uploads"), publicUrl: `${env.APP_URL.replace(/\/+$/, "")}/uploads` };
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
  return choice.kind === "disk" ? createDiskStorage(choice.dir, choice.publicUrl) : createS3Storage(choice.config);
}

/** The origin images are loaded from, for the Content-Security-Policy. */
export function storageOrigin(choice: StorageChoice) {
  return new URL(choice.kind === "disk" ? choice.publicUrl : choice.config.publicUrl).origin;
}
