// What a page costs a phone on the wire, as the full bench reports it: the gzipped scripts a page
// loads or would load if it hydrated, and the bytes of a compressed page.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

/** Gzip KiB of the scripts a route would load if its page hydrated (entry, root, layout, route and their chunks). */
export function hydratedScriptsKiB(routeIds: string[]) {
  const build = "public/build";
  const manifestFile = fs.readdirSync(build).find((f) => f.startsWith("manifest-"));
  if (!manifestFile) return null;
  const manifest = JSON.parse(
    fs
      .readFileSync(path.join(build, manifestFile), "utf8")
      .replace(/^window\.__remixManifest=/, "")
      .replace(/;$/, ""),
  ) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const files = new Set([manifest.entry.module, ...manifest.entry.imports, `/build/${manifestFile}`]);
  for (const id of routeIds) for (const f of [manifest.routes[id]!.module, ...(manifest.routes[id]!.imports ?? [])]) files.add(f);
  let bytes = 0;
  for (const f of files) bytes += gzipSync(fs.readFileSync(path.join("public", f))).length;
  return +(bytes / 1024).toFixed(1);
}

/** Gzip KiB of the module scripts a page loads (its script and modulepreload tags); 0 for plain HTML. */
export async function pageScriptsKiB(base: string, url: string, cookie: string) {
  const res = await fetch(`${base}${url}`, { headers: { Cookie: cookie } });
  const html = await res.text();
  const scripts = new Set([...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="(\/build\/[^"]+\.js)"/g)].map((m) => m[1]!));
  let bytes = 0;
  for (const src of scripts) bytes += gzipSync(Buffer.from(await (await fetch(`${base}${src}`)).arrayBuffer())).length;
  return { status: res.status, kib: +(bytes / 1024).toFixed(1) };
}

/** Bytes on the wire of the gzipped search page (fetch decompresses, so ask with node:http). */
export async function rawLength(base: string, cookie: string): Promise<number> {
  const http = await import("node:http");
  return new Promise((resolve, reject) => {
    http.get(`${base}/es/sessions`, { headers: { Cookie: cookie, "Accept-Encoding": "gzip" } }, (res) => {
      let n = 0;
      res.on("data", (c: Buffer) => (n += c.length));
      res.on("end", () => resolve(n));
      res.on("error", reject);
    });
  });
}
