import { randomUUID } from "node:crypto";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ActionFunction } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { action as bookApi } from "../../app/routes/api.sessions.$id.book";
import { action as waitlistApi } from "../../app/routes/api.sessions.$id.waitlist";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { apiToken, bearer, createUser } from "./helpers";
import { run } from "./route";

useTestDatabase();

const base = "http://localhost:3000";
const now = new Date("2026-10-20T12:00:00Z");
const routesDir = fileURLToPath(new URL("../../app/routes/", import.meta.url));

/**
 * Every API route file that has an action, with a field it reads as one string (null: the route
 * reads no body, or only a signed raw one; `Method field`: only that method reads it). A new API
 * route with an action must be added here, so it is walked too.
 */
const stringFields: Record<string, string | null> = {
  "api.auth.metrics.ts": "eventType",
  "api.auth.refresh.ts": "refresh_token",
  "api.auth.token.ts": "email",
  "api.bookings.ts": "sessionId",
  "api.chats._index.ts": "name",
  "api.chats.$id.leave.ts": null,
  // Reads one list of people (checked in tests/integration/user-groups-api.test.ts).
  "api.chats.$id.members.ts": null,
  "api.chats.$id.members.$userId.ts": null,
  "api.chats.$id.messages.ts": "content",
  "api.chats.$id.name.ts": "name",
  "api.chats.$id.mute.ts": "muted",
  "api.chats.$id.read.ts": null,
  "api.notifications.$id.read.ts": null,
  "api.notifications.read-all.ts": null,
  "api.payments.create-intent.ts": "paymentMethod",
  "api.reviews.$id.ts": "comment",
  "api.reports.ts": "reason",
  "api.reviews.ts": "sessionId",
  "api.series.$id.subscribe.ts": "paymentMethod",
  "api.session-series.$id.ts": "title",
  "api.session-series._index.ts": "title",
  "api.session.$id.ts": "title",
  "api.session._index.ts": "title",
  "api.sessions.$id.book.ts": "paymentMethod",
  // Reads one list of guests (each guest's fields are checked in tests/integration/group-booking.test.ts).
  "api.sessions.$id.group-booking.ts": null,
  "api.sessions.$id.waitlist.ts": "POST inviteCode",
  "api.users.$id.block.ts": "blocked",
  "api.waitlist.ts": "sessionId",
  "api.webhooks.stripe.ts": null,
  "api.webhooks.stripe-connect.ts": null,
};
/** The catch-all answers 404 to any path no route has; it is no JSON route. */
const notJsonRoutes = new Set(["api.$.ts"]);

const methods = ["POST", "PUT", "PATCH", "DELETE"] as const;
type Walked = { file: string; action: ActionFunction; methods: string[] };

let token = "";
let walked: Walked[] = [];
beforeAll(async () => {
  // A host, so the routes that publish read the body too.
  token = await apiToken((await createUser({ role: "dm" })).id);
  const files = readdirSync(routesDir).filter((f) => f.startsWith("api.") && f.endsWith(".ts") && !notJsonRoutes.has(f));
  walked = [];
  for (const file of files) {
    const module = (await import(/* @vite-ignore */ `${routesDir}${file}`)) as { action?: ActionFunction };
    if (!module.action) continue;
    // The methods the route answers (anything but 405), found by asking it.
    const answered: string[] = [];
    for (const method of methods) {
      const probe = await call(module.action, method, { "Content-Type": "application/json" }, "{}");
      if (probe.status !== 405) answered.push(method);
    }
    walked.push({ file, action: module.action, methods: answered });
  }
});

const params = { id: randomUUID(), userId: randomUUID() };
const call = (action: ActionFunction, method: string, headers: Record<string, string>, body: string) =>
  run(action, new Request(`${base}/api/x`, { method, headers: { ...bearer(token), ...headers }, body }), params, { now });

describe("every JSON API route", () => {
  it("is walked: each route file with an action is listed, and answers some method", () => {
    expect(walked.map((w) => w.file).sort()).toEqual(Object.keys(stringFields).sort());
    for (const w of walked) expect(w.methods, w.file).not.toHaveLength(0);
  });

  it("answers 415 with {error} to a body that is not application/json", async () => {
    const bodies: [string, string][] = [
      ["text/plain;charset=UTF-8", JSON.stringify({ sessionId: params.id, title: "x", content: "hola" })],
      ["application/x-www-form-urlencoded", "sessionId=x&title=x"],
    ];
    for (const w of walked) {
      for (const method of w.methods) {
        for (const [type, body] of bodies) {
          const answer = await call(w.action, method, { "Content-Type": type }, body);
          expect([w.file, method, type, answer.status]).toEqual([w.file, method, type, 415]);
          expect(answer.data).toEqual({ error: expect.stringContaining("application/json") });
        }
      }
    }
  });

  it("answers 400 with {error} to a list where one string is expected", async () => {
    for (const w of walked) {
      const [only, field] = (stringFields[w.file] ?? "").includes(" ") ? stringFields[w.file]!.split(" ") : [null, stringFields[w.file]];
      if (!field) continue;
      for (const method of w.methods.filter((m) => !only || m === only)) {
        const answer = await call(w.action, method, { "Content-Type": "application/json" }, JSON.stringify({ [field]: ["free"] }));
        expect([w.file, method, answer.status]).toEqual([w.file, method, 400]);
        expect(answer.data).toEqual({ error: expect.stringContaining(field) });
      }
    }
  });
});

async function session(dmId: string, max = 5) {
  return (
    await getDb()
      .insertInto("sessions")
      .values({
        dm_id: dmId,
        title: "Mesa",
        game: "D&D 5e",
        starts_at: new Date("2026-11-01T20:00:00Z"),
        time_zone: "America/Mexico_City",
        duration_minutes: 120,
        max_participants: max,
        min_participants: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

describe("the two calls that got through", () => {
  it('POST /api/sessions/{id}/book with {"paymentMethod":["free"]} is a 400 and books nothing', async () => {
    const host = await createUser({ role: "dm" });
    const player = await createUser();
    const id = await session(host.id);
    const post = async (body: unknown) =>
      run(
        bookApi,
        new Request(`${base}/api/sessions/${id}/book`, {
          method: "POST",
          headers: { ...bearer(await apiToken(player.id)), "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        { id },
        { now },
      );
    const listed = await post({ paymentMethod: ["free"] });
    expect(listed).toMatchObject({ status: 400, data: { error: expect.stringContaining("paymentMethod") } });
    expect(await getDb().selectFrom("bookings").select("id").where("session_id", "=", id).execute()).toHaveLength(0);
    expect((await post({ paymentMethod: "free" })).status).toBe(201);
  });

  it("POST /api/sessions/{id}/waitlist as text/plain is a 415 and puts nobody in line", async () => {
    const host = await createUser({ role: "dm" });
    const [seated, waiting] = [await createUser(), await createUser()];
    const id = await session(host.id, 1);
    await getDb().insertInto("bookings").values({ session_id: id, user_id: seated.id, status: "CONFIRMED" }).execute();
    const post = async (type: string) =>
      run(
        waitlistApi,
        new Request(`${base}/api/sessions/${id}/waitlist`, {
          method: "POST",
          headers: { ...bearer(await apiToken(waiting.id)), "Content-Type": type },
          body: "{}",
        }),
        { id },
        { now },
      );
    expect(await post("text/plain")).toMatchObject({ status: 415, data: { error: expect.any(String) } });
    expect(await getDb().selectFrom("waitlist_entries").select("id").where("session_id", "=", id).execute()).toHaveLength(0);
    expect((await post("application/json")).status).toBe(201);
  });
});
