/**
 * The patches under patches/ (decision record 022) are applied by patch-package on install. This
 * fails when one did not apply (the installed file lacks a hunk's result, or still has its
 * original text), or when the installed version is not the one the patch was made for: an upgrade
 * may already contain the change (decision record 022 names the upstream change that would make
 * each patch removable), so an upgrade must re-decide the patch rather than carry it blindly.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const patchDir = path.join(root, "patches");

type Hunk = { before: string; after: string };

/** patch-package's file names: `@scope+name+version.patch` or `name+version.patch`. */
function packageOf(file: string) {
  const parts = file.replace(/\.patch$/, "").split("+");
  const version = parts.pop()!;
  return { name: parts.join("/"), version };
}

/** Each changed file's hunks as the text before and after (context lines belong to both). */
function hunksByFile(diff: string): Map<string, Hunk[]> {
  const files = new Map<string, Hunk[]>();
  let hunks: Hunk[] = [];
  let hunk: { before: string[]; after: string[] } | null = null;
  const close = () => {
    if (hunk) hunks.push({ before: hunk.before.join("\n"), after: hunk.after.join("\n") });
    hunk = null;
  };
  for (const line of diff.split("\n")) {
    if (line.startsWith("diff --git ")) {
      close();
      hunks = [];
      files.set(line.split(" ")[2]!.replace(/^a\//, ""), hunks);
    } else if (line.startsWith("@@")) {
      close();
      hunk = { before: [], after: [] };
    } else if (hunk && !line.startsWith("\\")) {
      const [mark, text] = [line[0], line.slice(1)];
      if (mark === " " || mark === "-" || line === "") hunk.before.push(text);
      if (mark === " " || mark === "+" || line === "") hunk.after.push(text);
    }
  }
  close();
  return files;
}

const patches = fs.readdirSync(patchDir).filter((f) => f.endsWith(".patch"));

describe("dependency patches", () => {
  it("there are patches to check (an empty folder means this test is stale)", () => {
    expect(patches.length).toBeGreaterThan(0);
  });

  for (const file of patches) {
    const { name, version } = packageOf(file);
    it(`${file} is made for the installed ${name} and applied`, () => {
      const installed = JSON.parse(fs.readFileSync(path.join(root, "node_modules", name, "package.json"), "utf8")) as { version: string };
      expect(installed.version, `${name} is ${installed.version}; the patch was made for ${version}: see decision record 022`).toBe(version);
      const files = hunksByFile(fs.readFileSync(path.join(patchDir, file), "utf8"));
      expect(files.size).toBeGreaterThan(0);
      for (const [target, hunks] of files) {
        const text = fs.readFileSync(path.join(root, target), "utf8");
        for (const hunk of hunks) {
          expect(text.includes(hunk.after), `${target} lacks a hunk of ${file}: the patch did not apply`).toBe(true);
          expect(text.includes(hunk.before), `${target} still has a hunk's original text: the patch did not apply`).toBe(false);
        }
      }
    });
  }
});
