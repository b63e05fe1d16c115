import { beforeAll, describe, expect, it } from "vitest";
import { action as create } from "../../app/routes/$lang.create";
import { action as createSeries } from "../../app/routes/$lang.series.new";
import { MULTIPART_LIMITS } from "../../app/utils/multipart.server";
import { getDb } from "../../db/client.server";
import { signedInUser } from "../fixtures/users";
import { useTestDatabase } from "../setup/database";
import { run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const sessionCount = async () =>
  (
    await getDb()
      .selectFrom("sessions")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n;

let day = 40;
const good = () => {
  day += 1;
  return {
    title: "Mesa con muchos campos",
    game: "D&D 5e",
    date: new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10),
    time: "19:00",
    duration: "120",
    maxParticipants: "5",
    minParticipants: "3",
    price: "0",
    currency: "MXN",
  };
};

/** The create form as multipart, with extra text fields after the real ones and an empty file part. */
function multipart(cookie: string, fields: Record<string, string>, extra: [string, string][] = [], path = "/es/create") {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  for (const [key, value] of extra) body.append(key, value);
  body.append("image", new File([], "", { type: "application/octet-stream" }));
  return new Request(`${base}${path}`, { method: "POST", body, headers: { Cookie: cookie } });
}

let cookie = "";
beforeAll(async () => {
  cookie = (await signedInUser({ role: "dm" })).cookie;
});

describe("text fields of the upload forms", () => {
  it("still accept a real form", async () => {
    expect((await run(create, multipart(cookie, good()), { lang: "es" })).status).toBe(302);
  });

  it("refuse with 413 (not 500, nothing saved) more text than any form sends, spread over many fields", async () => {
    const before = await sessionCount();
    // 60 fields of 15 KB: each under the per-field limit, 900 KB together (the old reader buffered up to 64 MB).
    const spread = Array.from({ length: 60 }, (_, i) => [`note${i}`, "x".repeat(15 * 1024)] as [string, string]);
    const answer = await run(create, multipart(cookie, good(), spread), { lang: "es" });
    expect(answer.status).toBe(413);
    expect(await sessionCount()).toBe(before);
  });

  it("refuse with 413 one field far longer than any the forms have", async () => {
    const answer = await run(create, multipart(cookie, { ...good(), description: "d".repeat(MULTIPART_LIMITS.fieldBytes + 1) }), { lang: "es" });
    expect(answer.status).toBe(413);
  });

  it("refuse with 413 more fields than any form has, however small", async () => {
    const before = await sessionCount();
    const many = Array.from({ length: MULTIPART_LIMITS.parts }, (_, i) => [`f${i}`, "1"] as [string, string]);
    expect((await run(create, multipart(cookie, good(), many), { lang: "es" })).status).toBe(413);
    expect((await run(createSeries, multipart(cookie, good(), many, "/es/series/new"), { lang: "es" })).status).toBe(413);
    expect(await sessionCount()).toBe(before);
  });
});
