import { randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { assertSafeKey, type Storage, StorageKeyTakenError } from "./storage";

/**
 * Files under `dir`, served by the app at `publicUrl` (server/http.ts mounts /uploads): a path
 * such as `/uploads`, so the browser asks the host the page came from. `olderUrls` are bases
 * stored addresses may still carry (`APP_URL/uploads`, from before the path). Each file
 * is written beside its final name and then hard-linked into place: readers never see half a
 * file, and link() refuses an existing name atomically, so nothing is ever overwritten.
 */
export function createDiskStorage(dir: string, publicUrl: string, olderUrls: string[] = []): Storage {
  const base = publicUrl.replace(/\/+$/, "");
  return {
    async put(key, bytes) {
      assertSafeKey(key);
      const file = path.join(dir, ...key.split("/"));
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
    url: (key) => `${base}/${key}`,
    bases: [base, ...olderUrls],
  };
}
