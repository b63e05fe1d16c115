import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { assertSafeKey, type Storage, STORAGE_CACHE_CONTROL, StorageKeyTakenError } from "./storage";

export type S3Config = {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, …); AWS itself needs none. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where the bucket is readable by browsers (a CDN, or the service's public URL). */
  publicUrl: string;
  forcePathStyle: boolean;
};

/**
 * Without explicit keys the SDK's usual chain applies (environment, instance role, …). The private
 * storage (chat attachments) is the same bucket under `prefix` ("private/"), which the bucket's
 * public-read policy and CDN must leave out (decision record 092): the app streams those files
 * itself, after checking who asks.
 */
export function createS3Storage(config: S3Config, options: { prefix?: string; cacheControl?: string } = {}): Storage {
  const prefix = options.prefix ?? "";
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
  });
  const base = config.publicUrl.replace(/\/+$/, "");
  return {
    async put(key, bytes, contentType) {
      assertSafeKey(key);
      try {
        // If-None-Match: * makes the service refuse an existing key (spec: no overwrite).
        await client.send(
          new PutObjectCommand({
            Bucket: config.bucket,
            Key: prefix + key,
            Body: bytes,
            ContentType: contentType,
            CacheControl: options.cacheControl ?? STORAGE_CACHE_CONTROL,
            IfNoneMatch: "*",
          }),
        );
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        // 412: the key exists; 409: another upload to the same key is in flight.
        if (status === 412 || status === 409) throw new StorageKeyTakenError(key);
        throw error;
      }
    },
    async get(key) {
      assertSafeKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: prefix + key }));
        if (!object.Body) return null;
        return { body: object.Body.transformToWebStream() as ReadableStream<Uint8Array>, size: object.ContentLength ?? 0 };
      } catch (error) {
        if ((error as { name?: string }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: prefix + key }));
    },
    url: (key) => `${base}/${prefix}${key}`,
    bases: [base],
  };
}

/** The bucket's public address when none is configured: path style for custom endpoints, AWS's virtual host otherwise. */
export function defaultS3PublicUrl(config: { bucket: string; region: string; endpoint?: string }) {
  if (config.endpoint) return `${config.endpoint.replace(/\/+$/, "")}/${config.bucket}`;
  return `https://${config.bucket}.s3.${config.region}.amazonaws.com`;
}
