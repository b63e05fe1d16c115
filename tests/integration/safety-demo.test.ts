import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loader as safetyPage } from "../../app/routes/$lang.session.$id.safety";
import { createDiskStorage } from "../../app/services/storage/disk.server";
import { getDb } from "../../db/client.server";
import { seedCatalogue } from "../../server/seed/catalogue";
import { seedDemo } from "../../server/seed/demo";
import { loginCookie } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";

describe("the demo's lines and veils", () => {
  it("the demo's horror game lists its tools, and its host sees a named and an anonymous player's lines and veils", async () => {
    const at = new Date();
    await seedDemo(at);
    const dir = fs.mkdtempSync(path.join(process.env.DATA_DIR!, "demo-"));
    await seedCatalogue(createDiskStorage(dir, "http://localhost/uploads"), createDiskStorage(`${dir}-private`, "/private-files-are-not-served"), at);
    const db = getDb();
    const horror = await db.selectFrom("sessions").select(["id", "dm_id", "safety_tools"]).where("title", "=", "Horror en Oaxaca").executeTakeFirstOrThrow();
    expect(horror.safety_tools).toEqual(["x_card", "lines_and_veils", "session_zero"]);
    const series = await db.selectFrom("series").select("safety_tools").where("dm_id", "=", horror.dm_id).execute();
    expect(series.some((s) => s.safety_tools.includes("open_door"))).toBe(true);
    const cookie = await loginCookie(horror.dm_id, at);
    const seen = await run(safetyPage, new Request(`${base}/es/session/${horror.id}/safety`, { headers: { Cookie: cookie } }), { lang: "es", id: horror.id }, {
      now: at,
    } as never);
    const players = (seen.data as { players: { name: string | null; lines: string[] }[] }).players;
    expect(players.map((p) => p.name)).toEqual([expect.any(String), null]);
    expect(players[1]?.lines).toEqual(["spiders_insects"]);
  });
});
