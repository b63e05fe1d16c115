import { randomBytes } from "node:crypto";
import { createReadStream, promises as fs } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { assertSafeKey, type Storage, StorageKeyTakenError } from "./storage";

/**
 * Files under `dir`, served by the app at `publicUrl` (server/http.ts mounts /uploads): a path
 * such as `/uploads`, so the browser asks the host the page came from. `olderUrls` are bases
 * stored addresses may still carry (`APP_URL/uploads`, from before the path). Each file
 * is written beside its final name and then hard-linked into place: readers never see half a
 * file, and link() refuses an existing name atomically, so nothing is ever overwritten.
 * The private storage is a folder beside uploads, never mounted: its `publicUrl` answers nothing.
 */
export function createDiskStorage(dir: string, publicUrl: string, olderUrls: string[] = []): Storage {
  const base = publicUrl.replace(/\/+$/, "");
  const fileOf = (key: string) => {
    assertSafeKey(key);
    return path.join(dir, ...key.split("/"));
  };
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${randomBytes(6).toString("hex")}.tmp`;
      await fs.writeFile(temp, bytes);
      try {
        await fs.link(temp, file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new StorageKeyTakenError(key);
        throw error;
      } finally {
        await fs.rm(temp, { force: true });
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const { size } = await fs.stat(file);
        return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    url: (key) => `${base}/${key}`,
    bases: [base, ...olderUrls],
  };
}
