import { beforeAll, describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { sessionFormSchema } from "../../app/modules/sessions/schema";
import { createSession } from "../../app/modules/sessions/sessions.server";
import { loader } from "../../app/routes/$lang.profile.$id/route";
import { getDb } from "../../db/client.server";
import { sessionFormFields } from "../fixtures/sessions";
import { requesterOf, signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";
import { run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const zone = "America/Mexico_City";
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

type Person = { id: string; cookie: string; requester: Requester };
async function person(role: "user" | "dm", displayName: string): Promise<Person> {
  const user = await signedInUser({ role, displayName });
  const requester = requesterOf(user, { email: "", firstName: "", lastName: "", timeZone: zone });
  return { id: user.id, cookie: user.cookie, requester };
}

/** A session for the host, validated as the form would (past dates are validated against a past "now"). */
async function hosts(host: Person, title: string, offsetDays: number, extra: Record<string, unknown> = {}) {
  const schema = sessionFormSchema({ now: new Date(Date.now() + Math.min(0, offsetDays - 1) * 86_400_000), timeZone: zone });
  const input = schema.parse(sessionFormFields(title, day(offsetDays), extra));
  const created = await createSession(testDeps(new Date()).deps, host.requester, input);
  if (!created.ok) throw new Error("session not created");
}

type ProfileData = {
  profile: { name: string; isDm: boolean; zoneName: string };
  tab: string;
  hosting: { cards: { title: string; badges: string[] }[]; total: number; page: number } | null;
};
const view = async (id: string, query = "", cookie?: string, lang = "es") => {
  const result = await run(loader, new Request(`${base}/${lang}/profile/${id}${query}`, { headers: cookie ? { Cookie: cookie } : {} }), { lang, id });
  return { status: result.status, data: result.data as ProfileData };
};
const titles = (data: ProfileData) => data.hosting?.cards.map((c) => c.title).sort() ?? [];

let dm: Person;
let otherDm: Person;
let player: Person;
beforeAll(async () => {
  dm = await person("dm", "Ana Perfil");
  otherDm = await person("dm", "Bruno Perfil");
  player = await person("user", "Lucía Perfil");
  await hosts(dm, "Mesa pública", 3);
  await hosts(dm, "Mesa secreta", 4, { isPrivate: true });
  await hosts(dm, "Mesa pasada", -5);
  await hosts(otherDm, "Mesa de Bruno", 3);
});

describe("public profile page", () => {
  it("shows a DM's upcoming public sessions to a visitor without an account", async () => {
    const { status, data } = await view(dm.id);
    expect(status).toBe(200);
    expect(data.profile).toMatchObject({ name: "Ana Perfil", isDm: true });
    expect(data.tab).toBe("sessions");
    expect(titles(data)).toEqual(["Mesa pública"]);
    expect(data.hosting?.total).toBe(1);
  });

  it("names the person's time zone in the page's language, never by its id", async () => {
    expect((await view(dm.id, "", undefined, "es")).data.profile.zoneName).toBe("hora estándar central");
    expect((await view(dm.id, "", undefined, "en")).data.profile.zoneName).toBe("Central Standard Time");
    expect((await view(dm.id, "", undefined, "pt")).data.profile.zoneName).toBe("Horário Padrão Central");
  });

  it("never lists private sessions, not even to their host or another DM", async () => {
    const own = await view(dm.id, "", dm.cookie);
    expect(titles(own.data)).toEqual(["Mesa pública"]);
    expect(own.data.hosting?.cards[0]?.badges).toContain("yours");
    const other = await view(dm.id, "", otherDm.cookie);
    expect(titles(other.data)).toEqual(["Mesa pública"]);
    expect(other.data.hosting?.cards[0]?.badges).not.toContain("yours");
    // The private session does exist, so it is the page that hides it.
    const stored = await getDb().selectFrom("sessions").select("title").where("dm_id", "=", dm.id).where("is_private", "=", true).execute();
    expect(stored.map((s) => s.title)).toEqual(["Mesa secreta"]);
  });

  it("opens the reviews tab on request, and only it for a player", async () => {
    expect((await view(dm.id, "?tab=reviews")).data.tab).toBe("reviews");
    const { status, data } = await view(player.id, "?tab=sessions");
    expect(status).toBe(200);
    expect(data.profile.isDm).toBe(false);
    expect(data.tab).toBe("reviews");
    expect(data.hosting).toBeNull();
  });

  it("falls back to the first page on a malformed page number", async () => {
    const { status, data } = await view(dm.id, "?page=abc");
    expect(status).toBe(200);
    expect(data.hosting?.page).toBe(1);
    expect((await view(dm.id, "?page=99")).data.hosting?.cards).toEqual([]);
  });

  it("answers 404 for an unknown, malformed or banned id", async () => {
    expect((await view("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await view("nope")).status).toBe(404);
    await getDb().updateTable("users").set({ banned_at: new Date() }).where("id", "=", otherDm.id).execute();
    expect((await view(otherDm.id)).status).toBe(404);
  });
});
