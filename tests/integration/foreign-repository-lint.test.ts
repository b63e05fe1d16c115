import { readFileSync } from "node:fs";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { foreignRepositoryImportsToMove } from "../../eslint.config.js";

// The lint rule that keeps a module's repository its own (decision record 074), run with the project's
// own configuration on sources that are never written to disk.
const eslint = new ESLint({ cwd: process.cwd() });

async function refusals(filePath: string, source: string) {
  const [result] = await eslint.lintText(`${source}\nexport const used = [value];\n`, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === "mesa/no-foreign-repository").map((message) => message.message);
}

describe("the lint rule against another module's repository (decision record 074)", () => {
  it("refuses another module's repository by alias or by relative path, from a module, a route or a component", async () => {
    expect(await refusals("app/modules/series/example.server.ts", 'import { findSession as value } from "#app/modules/sessions/repo.server";')).toEqual([
      "app/modules/sessions/repo.server belongs to the sessions module: import what you need from app/modules/sessions/index.server.ts.",
    ]);
    expect(await refusals("app/modules/series/example.server.ts", 'import { hostProfiles as value } from "../sessions/people-repo.server";')).toHaveLength(1);
    expect(await refusals("app/routes/$lang.example.tsx", 'import { findSession as value } from "#app/modules/sessions/repo.server";')).toHaveLength(1);
    expect(await refusals("app/components/example.tsx", 'import type { SessionRow as value } from "#app/modules/sessions/repo.server";')).toHaveLength(1);
    expect(await refusals("app/modules/series/example.server.ts", 'export { findSession as value } from "#app/modules/sessions/repo.server";')).toHaveLength(1);
  });

  it("lets a module read its own repository and another module's entry", async () => {
    expect(await refusals("app/modules/sessions/example.server.ts", 'import { findSession as value } from "./repo.server";')).toEqual([]);
    expect(await refusals("app/modules/sessions/example.server.ts", 'import { findSession as value } from "#app/modules/sessions/repo.server";')).toEqual([]);
    expect(await refusals("app/modules/series/example.server.ts", 'import { findSession as value } from "#app/modules/sessions/index.server";')).toEqual([]);
  });

  it("lets tests use a repository as a fixture", async () => {
    expect(await refusals("tests/integration/example.test.ts", 'import { findSession as value } from "../../app/modules/sessions/repo.server";')).toEqual([]);
    expect(await refusals("app/modules/series/example.test.ts", 'import { findSession as value } from "#app/modules/sessions/repo.server";')).toEqual([]);
  });
});

describe("the imports still waiting for their module's entry", () => {
  it("are each still there, so the list only shrinks", () => {
    for (const entry of foreignRepositoryImportsToMove) {
      const [file = "", repo = ""] = entry.split("→");
      const alias = repo.replace(/^app\//, "#app/");
      expect(readFileSync(file, "utf8"), entry).toContain(`"${alias}"`);
    }
  });
});
