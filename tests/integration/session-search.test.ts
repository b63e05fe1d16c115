import { beforeAll, describe, expect, it } from "vitest";
import type { Requester } from "../../app/modules/auth/session.server";
import { getSessionForViewer, updateSession } from "../../app/modules/bookings/booked-sessions.server";
import { sessionFormSchema } from "../../app/modules/sessions/schema";
import { parseSearchParams } from "../../app/modules/sessions/search";
import { createSession, searchSessions } from "../../app/modules/sessions/sessions.server";
import { getDb } from "../../db/client.server";
import { sessionFormFields } from "../fixtures/sessions";
import { createRequester } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { testDeps } from "./helpers";

useTestDatabase();

const now = new Date("2026-11-22T18:00:00Z");
const zone = "America/Mexico_City";
const schema = sessionFormSchema({ now, timeZone: zone });
let host: Requester;
let other: Requester;

const requester = (role: "user" | "dm", name: string) => createRequester(role, name, zone);

const form = (overrides: Record<string, unknown>) => schema.parse(sessionFormFields("Mesa", "2026-11-28", overrides));

const search = (query: string, viewer: Requester | null = other) =>
  searchSessions({ db: getDb(), now }, parseSearchParams(new URLSearchParams(query)), viewer, { timeZone: zone });

beforeAll(async () => {
  host = await requester("dm", "Ana Narradora");
  other = await requester("user", "Lucía");
  const { deps } = testDeps(now);
  await createSession(
    deps,
    host,
    form({ title: "La Cripta del Dragón", description: "Exploración subterránea", tags: ["one-shot", "Para principiantes"], price: "150" }),
  );
  await createSession(
    deps,
    host,
    form({ title: "Cthulhu en Oaxaca", game: "Call of Cthulhu", genre: "Horror", date: "2026-12-05", currency: "USD", price: "20" }),
  );
  await createSession(deps, host, form({ title: "Sesión privada", isPrivate: true }));
});

describe("session search", () => {
  it("matches partial words without accents, and the DM's name", async () => {
    expect((await search("searchTerm=drag")).rows.map((r) => r.title)).toEqual(["La Cripta del Dragón"]);
    expect((await search("searchTerm=OAXACA")).rows.map((r) => r.title)).toEqual(["Cthulhu en Oaxaca"]);
    expect((await search("searchTerm=narradora")).total).toBe(2);
  });

  it("filters by tag labels in any language, game, currency, price and free", async () => {
    expect((await search("tags=beginner-friendly")).rows.map((r) => r.title)).toEqual(["La Cripta del Dragón"]);
    expect((await search("tags=Partida+única")).total).toBe(1);
    expect((await search("game=Call+of+Cthulhu")).total).toBe(1);
    expect((await search("currency=USD&priceMax=2000")).total).toBe(1);
    expect((await search("priceMin=10000")).rows.map((r) => r.price_cents)).toEqual([15000]);
    expect((await search("freeOnly=true")).total).toBe(0);
  });

  it("hides private sessions except from their host, and past ones unless asked", async () => {
    expect((await search("")).total).toBe(2);
    expect((await search("", host)).total).toBe(3);
    const later = await searchSessions({ db: getDb(), now: new Date("2026-12-01T00:00:00Z") }, parseSearchParams(new URLSearchParams("")), other, {
      timeZone: zone,
    });
    expect(later.total).toBe(1);
  });

  it("brings the page and the number of matches in one statement, in date order, and the number also past the last page", async () => {
    let statements = 0;
    const db = getDb().withPlugin({
      transformQuery: (args) => args.node,
      transformResult: (args) => {
        statements += 1;
        return Promise.resolve(args.result);
      },
    });
    const first = await searchSessions({ db, now }, parseSearchParams(new URLSearchParams("")), host, { timeZone: zone });
    expect(statements).toBe(1);
    expect(first.total).toBe(3);
    // Two start at the same time: the id breaks the tie, as the count's walk does.
    const order = (r: (typeof first.rows)[number]) => `${new Date(r.starts_at).toISOString()} ${r.id}`;
    expect(first.rows.map(order)).toEqual(first.rows.map(order).sort());
    expect(first.rows.at(-1)!.title).toBe("Cthulhu en Oaxaca");
    const beyond = await searchSessions({ db, now }, parseSearchParams(new URLSearchParams("page=3")), host, { timeZone: zone });
    expect(beyond.rows).toEqual([]);
    expect(beyond.total).toBe(3);
  });

  it("filters by date in the viewer's zone", async () => {
    expect((await search("dateFrom=2026-12-05&dateTo=2026-12-05")).rows.map((r) => r.title)).toEqual(["Cthulhu en Oaxaca"]);
  });
});

describe("editing", () => {
  it("lets only the host edit, and a stranger gets 403", async () => {
    // Its own host and a private session (search never lists it to others): renaming a session the
    // search tests read, or adding one they count, would make them depend on running first.
    const host = await requester("dm", "Otra Anfitriona");
    const { deps } = testDeps(now);
    const created = await createSession(deps, host, form({ title: "La Cripta, primera parte", date: "2026-12-12", isPrivate: true }));
    if (!created.ok) throw new Error(created.error);
    const id = created.id;
    expect(await updateSession(deps, other, id, form({ title: "Robada" }))).toEqual({ ok: false, refusal: "forbidden" });
    expect((await getSessionForViewer({ db: getDb(), now }, id, other))?.row.title).toBe("La Cripta, primera parte");
    expect(await updateSession(deps, host, "00000000-0000-0000-0000-000000000000", form({}))).toEqual({ ok: false, refusal: "notFound" });
    expect(await updateSession(deps, host, id, form({ title: "La Cripta, segunda parte", tags: ["weekly"] }))).toEqual({ ok: true });
    const page = await getSessionForViewer({ db: getDb(), now }, id, other);
    expect(page?.row.title).toBe("La Cripta, segunda parte");
    expect(page?.row.tags).toEqual(["weekly"]);
    expect(page?.instructions).toBeNull();
  });
});
