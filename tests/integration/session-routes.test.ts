import { beforeAll, describe, expect, it } from "vitest";
import { action as create } from "../../app/routes/$lang.create";
import { loader as detail } from "../../app/routes/$lang.session.$id._index/route";
import { action as edit } from "../../app/routes/$lang.session.$id.edit";
import { loader as search } from "../../app/routes/$lang.sessions/route";
import { getDb } from "../../db/client.server";
import { sessionCount, sessionFormFields } from "../fixtures/sessions";
import { signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { errorsFor, form, run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const cookieFor = async (role: "user" | "dm") => (await signedInUser({ role })).cookie;

const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
const good = sessionFormFields("Mesa de prueba", tomorrow, { price: "100" });

let dm = "";
let player = "";
beforeAll(async () => {
  dm = await cookieFor("dm");
  player = await cookieFor("user");
});

describe("create session route", () => {
  it.each([
    [{ title: "x".repeat(201) }, "title", "sessionTitleTooLong"],
    [{ maxParticipants: "21" }, "maxParticipants", "maxParticipantsInvalid"],
    [{ minParticipants: "6" }, "minParticipants", "minAboveMax"],
    [{ duration: "custom", durationCustom: "481" }, "duration", "durationTooLong"],
    [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, "tags", "tooManyTags"],
    [{ date: "2020-01-01" }, "date", "datePast"],
    [{ price: "1000001" }, "price", "priceTooHigh"],
  ])("%# %o → 400 %s %s, nothing saved", async (override, field, key) => {
    const before = await sessionCount();
    const result = await run(create, form(`${base}/es/create`, { ...good, ...override } as Record<string, string | string[]>, { Cookie: dm }), { lang: "es" });
    expect(result.status).toBe(400);
    expect(errorsFor(result.data, field)).toContain(key);
    expect(await sessionCount()).toBe(before);
  });

  it("refuses players (403) and sends signed-out visitors to log in", async () => {
    expect((await run(create, form(`${base}/es/create`, good, { Cookie: player }), { lang: "es" })).status).toBe(403);
    const anonymous = await run(create, form(`${base}/es/create`, good), { lang: "es" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toContain("/es/login?redirect=");
  });

  it("creates, shows the details, and lets only the host edit", async () => {
    const created = await run(create, form(`${base}/es/create`, { ...good, price: "abc" }, { Cookie: dm }), { lang: "es" });
    expect(created.status).toBe(302);
    const id = created.headers.get("Location")!.split("/").pop()!;
    const page = await run(detail, new Request(`${base}/es/session/${id}`), { lang: "es", id });
    expect(page.data).toMatchObject({ session: { title: "Mesa de prueba", price: null, instructions: null } });
    const title = async () => (await getDb().selectFrom("sessions").select("title").where("id", "=", id).executeTakeFirstOrThrow()).title;

    // The host edits, and the change is saved.
    const edited = await run(edit, form(`${base}/es/session/${id}/edit`, { ...good, title: "Mesa renombrada" }, { Cookie: dm }), { lang: "es", id });
    expect(edited.status).toBe(302);
    expect(await title()).toBe("Mesa renombrada");
    // A player and another DM are refused, and the session keeps the host's title.
    const otherDm = await cookieFor("dm");
    for (const stranger of [player, otherDm]) {
      const stolen = await run(edit, form(`${base}/es/session/${id}/edit`, { ...good, title: "Robada" }, { Cookie: stranger }), { lang: "es", id });
      expect(stolen.status).toBe(403);
    }
    expect(await title()).toBe("Mesa renombrada");
    expect((await run(detail, new Request(`${base}/es/session/not-a-uuid`), { lang: "es", id: "not-a-uuid" })).status).toBe(404);
  });
});

describe("search route", () => {
  it("redirects signed-out visitors and survives malformed parameters", async () => {
    const anonymous = await run(search, new Request(`${base}/es/sessions`), { lang: "es" });
    expect(anonymous.headers.get("Location")).toBe("/es/login?redirect=%2Fes%2Fsessions");
    const odd = await run(
      search,
      new Request(`${base}/es/sessions?page=-1&minSpots=x&dateFrom=nope&tags=${"x".repeat(500)}`, { headers: { Cookie: player } }),
      { lang: "es" },
    );
    expect(odd.status).toBe(200);
    expect(odd.data).toMatchObject({ page: 1 });
  });
});
