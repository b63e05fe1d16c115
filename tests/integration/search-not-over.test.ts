import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { sessionFormSchema } from "../../app/modules/sessions/schema";
import { parseSearchParams } from "../../app/modules/sessions/search";
import { createSession, searchSessions } from "../../app/modules/sessions/sessions.server";
import { getDb } from "../../db/client.server";
import { sessionFormFields } from "../fixtures/sessions";
import { createRequester } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";

useTestDatabase();

// A fixed clock, passed to every call: the sessions below are a week after it whatever the day.
const now = new Date("2026-11-22T18:00:00Z");
const zone = "America/Mexico_City";
const schema = sessionFormSchema({ now, timeZone: zone });
let host: Requester;
let player: Requester;
let confirmedId: string;

const requester = (role: "user" | "dm", name: string) => createRequester(role, name, zone);

const hostsSessions = async (id: string) =>
  (await getDb().selectFrom("users").select("hosts_sessions").where("id", "=", id).executeTakeFirstOrThrow()).hosts_sessions;

const titles = async (query: string) =>
  (await searchSessions({ db: getDb(), now }, parseSearchParams(new URLSearchParams(query)), player, { timeZone: zone })).rows.map((r) => r.title).sort();

const create = async (title: string, extra: Record<string, unknown> = {}) => {
  const made = await createSession(testDeps(now).deps, host, schema.parse(sessionFormFields(title, "2026-11-29", { tags: ["roleplay-heavy"], ...extra })));
  if (!made.ok) throw new Error(made.error);
  return made.id;
};

beforeAll(async () => {
  host = await requester("dm", "Quetzal Narradora");
  // The same name, never a host: looked up by nobody.
  player = await requester("user", "Quetzal Jugador");
});

describe("the search of sessions not over (decision record 102)", () => {
  it("marks a host with their first session, and finds their sessions by their name", async () => {
    expect(await hostsSessions(host.id)).toBe(false);
    await create("La torre hundida");
    confirmedId = await create("El faro maldito", { safetyTools: ["x_card"] });
    await create("Bajo la montaña");
    expect(await hostsSessions(host.id)).toBe(true);
    expect(await hostsSessions(player.id)).toBe(false);
    expect(await titles("searchTerm=quetzal")).toEqual(["Bajo la montaña", "El faro maldito", "La torre hundida"]);
  });

  it("lists a confirmed or hand-started session still to come, and never a cancelled one, by text or tag", async () => {
    await sql`update sessions set status = 'CONFIRMED' where id = ${confirmedId}`.execute(getDb());
    const torre = await getDb().selectFrom("sessions").select("id").where("title", "=", "La torre hundida").executeTakeFirstOrThrow();
    await sql`update sessions set status = 'CANCELLED' where id = ${torre.id}`.execute(getDb());
    expect(await titles("searchTerm=faro")).toEqual(["El faro maldito"]);
    expect(await titles("tags=roleplay-heavy&safetyTools=x_card")).toEqual(["El faro maldito"]);
    expect(await titles("tags=roleplay-heavy")).toEqual(["Bajo la montaña", "El faro maldito"]);
    expect(await titles("searchTerm=torre")).toEqual([]);
  });

  it("leaves out a session that has started before the minute's job moved its status, as the plain listing does", async () => {
    const started = new Date(now.getTime() - 60_000);
    await sql`update sessions set starts_at = ${started} where title = 'Bajo la montaña'`.execute(getDb());
    expect(await titles("searchTerm=montana")).toEqual([]);
    expect(await titles("tags=roleplay-heavy")).toEqual(["El faro maldito"]);
    expect(await titles("")).toEqual(["El faro maldito"]);
    expect(await titles("searchTerm=montana&includePast=true")).toEqual(["Bajo la montaña"]);
  });
});
