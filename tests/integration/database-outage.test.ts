import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import type { LoaderFunctionArgs, ServerBuild } from "@remix-run/node";
import { sql } from "kysely";
import pg from "pg";
import { decode } from "turbo-stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as healthz } from "../../app/routes/healthz";
import { outageBody } from "../../app/web/outage";
import { handleServerError } from "../../app/web/server-errors.server";
import { isDatabaseUnreachable, RETRY_AFTER_SECONDS } from "../../db/availability";
import { closeDb, getDb } from "../../db/client.server";
import { freePort, type RunningPostgres, startEmbeddedPostgres } from "../../db/embedded";
import { OUTAGE_API_ERROR } from "../../server/outage";
import { send, type Sent, startAppServer } from "./app-server";
import { fakeBuild } from "./fake-build";

/**
 * The app's HTTP server in front of a PostgreSQL of its own, which the test stops and starts
 * again under it. Pages and API routes of the build below query that database, as every real
 * page does (the signed-in user, the header's counts).
 */
function buildOnTheDatabase(): ServerBuild {
  const build = fakeBuild() as unknown as {
    entry: { module: Record<string, unknown> };
    routes: Record<string, { id: string; parentId?: string; path?: string; module: Record<string, unknown> }>;
  };
  build.entry.module.handleError = handleServerError;
  const page = build.routes["routes/$lang.$"]!.module;
  page.loader = async ({ request }: LoaderFunctionArgs) => {
    // A query still running when the server goes away: the request that meets the outage first.
    if (new URL(request.url).pathname.endsWith("/slow")) await sql`select pg_sleep(3)`.execute(getDb());
    return (await sql<{ one: number }>`select 1 as one`.execute(getDb())).rows[0];
  };
  page.action = async () => (await sql<{ now: Date }>`select now() as now`.execute(getDb())).rows[0];
  build.routes["routes/api.$"]!.module.loader = async () => Response.json((await sql<{ one: number }>`select 1 as one`.execute(getDb())).rows[0]);
  build.routes["routes/healthz"] = { id: "routes/healthz", parentId: "root", path: "healthz", module: { loader: healthz } };
  return build as unknown as ServerBuild;
}

let parent = "";
let port = 0;
let database: RunningPostgres | null = null;
const startDatabase = async () => {
  database = await startEmbeddedPostgres({ dataDir: path.join(parent, "data"), port, database: "mesa_outage", persistent: true, fast: true });
  return database;
};
const stopDatabase = async () => {
  await database?.stop();
  database = null;
};

let app: Awaited<ReturnType<typeof startAppServer>>;
beforeAll(async () => {
  parent = fs.mkdtempSync(path.join(os.tmpdir(), "mesa-outage-"));
  // Running as root, PostgreSQL runs as its own user and must be able to enter this folder.
  fs.chmodSync(parent, 0o755);
  port = await freePort();
  process.env.DATABASE_URL = (await startDatabase()).url;
  app = await startAppServer({ build: buildOnTheDatabase() });
});
afterAll(async () => {
  await app?.close();
  await closeDb();
  await stopDatabase();
  delete process.env.DATABASE_URL;
  fs.rmSync(parent, { recursive: true, force: true });
});

const messages = (pattern: RegExp) => app.lines.filter((line) => typeof line.msg === "string" && pattern.test(line.msg));
const errorLines = () => app.lines.filter((line) => Number(line.level) >= 50);

async function expectOutageAnswers() {
  const [es, en, pt, api, form, health] = await Promise.all([
    send(app.origin, { path: "/es/sessions" }),
    send(app.origin, { path: "/en/session/42" }),
    send(app.origin, { path: "/pt/chats" }),
    send(app.origin, { path: "/api/session/42" }),
    send(app.origin, { path: "/es/create", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "title=Mesa" }),
    send(app.origin, { path: "/healthz" }),
  ]);
  for (const answer of [es, en, pt, api, form, health]) {
    expect(answer.status).toBe(503);
    expect(answer.headers["retry-after"]).toBe(String(RETRY_AFTER_SECONDS));
    expect(answer.headers["cache-control"]).toBe("no-store");
  }
  expect(es.body).toContain('<html lang="es"');
  expect(es.body).toContain("Volvemos en un momento");
  expect(es.body).toContain('href="/es/sessions"');
  expect(en.body).toContain("Back in a moment");
  expect(pt.body).toContain("Voltamos em um instante");
  // A form is never sent again by itself: no refresh, and it says the form may not have been saved.
  expect(form.body).toContain("Si enviaste un formulario");
  expect(form.body).not.toContain("http-equiv");
  expect(api.headers["content-type"]).toMatch(/^application\/json/);
  expect(JSON.parse(api.body)).toEqual({ error: OUTAGE_API_ERROR });
}

/**
 * What a browser's client-side navigation or fetch-sent form reads from a page's data request:
 * Remix's single-fetch stream decoded as its client decodes it (route errors as status and data).
 */
async function singleFetchResult(body: string): Promise<Record<string, unknown>> {
  const stream = new Response(body).body!;
  const decoded = await decode(stream, {
    plugins: [
      (type: string, ...rest: unknown[]) => (type === "ErrorResponse" ? { value: { data: rest[0], status: rest[1], statusText: rest[2] } } : undefined),
    ],
  });
  await decoded.done;
  return decoded.value as Record<string, unknown>;
}

/** Waits for the first page answered from the database again; returns how long it took. */
async function waitForRecovery(): Promise<number> {
  const started = Date.now();
  for (;;) {
    const answer = await send(app.origin, { path: "/es/sessions" });
    if (answer.status === 200) return Date.now() - started;
    expect(answer.status).toBe(503);
    if (Date.now() - started > 15_000) throw new Error("the app did not come back within 15 s of the database");
    await delay(50);
  }
}

describe("what counts as the database being unreachable", () => {
  it("is a refused connection, a server shutting down, a lost connection or a pool timeout", async () => {
    const refused = await new pg.Client({ host: "127.0.0.1", port: await freePort(), user: "postgres", database: "x", connectionTimeoutMillis: 2000 })
      .connect()
      .catch((error: unknown) => error);
    expect(isDatabaseUnreachable(refused)).toBe(true);
    // localhost tried as ::1 and as 127.0.0.1: Node reports both in one AggregateError.
    expect(isDatabaseUnreachable(new AggregateError([Object.assign(new Error("connect ECONNREFUSED ::1:5432"), { code: "ECONNREFUSED" })]))).toBe(true);
    for (const code of ["57P01", "57P02", "57P03", "08006", "08001"])
      expect(isDatabaseUnreachable(Object.assign(new Error("server said so"), { code })), code).toBe(true);
    for (const message of ["Connection terminated unexpectedly", "Connection terminated due to connection timeout", "timeout exceeded when trying to connect"])
      expect(isDatabaseUnreachable(new Error(message)), message).toBe(true);
    expect(isDatabaseUnreachable(new Error("query failed", { cause: Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }) }))).toBe(true);
  });

  it("is not a query the database refused", async () => {
    const refusedQuery = await sql`select * from no_such_table`.execute(getDb()).catch((error: unknown) => error);
    expect((refusedQuery as { code?: string }).code).toBe("42P01");
    expect(isDatabaseUnreachable(refusedQuery)).toBe(false);
    for (const code of ["23505", "40001", "22P02", "53300"]) expect(isDatabaseUnreachable(Object.assign(new Error("x"), { code })), code).toBe(false);
    expect(isDatabaseUnreachable(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
  });
});

describe("when PostgreSQL goes away under a running server", () => {
  it("answers 503 'back in a moment' (pages in their language, the API with { error }), logs it once, and comes back by itself", async () => {
    expect((await send(app.origin, { path: "/es/sessions" })).status).toBe(200);
    expect((await send(app.origin, { path: "/api/session/42" })).status).toBe(200);
    expect((await send(app.origin, { path: "/healthz" })).status).toBe(200);
    const errorsBefore = errorLines().length;

    // A page whose query is running when the server stops: its 500 becomes the outage's 503.
    const inFlight = send(app.origin, { path: "/es/slow" });
    await delay(500);
    await stopDatabase();
    const met = await inFlight;
    expect(met.status).toBe(503);
    expect(met.body).toContain("Volvemos en un momento");

    for (let round = 0; round < 5; round += 1) await expectOutageAnswers();
    // One line for the outage, however many requests met it; the requests' own lines are not errors.
    expect(messages(/^database unreachable/)).toHaveLength(1);
    const answered = app.lines.filter((line) => (line.res as { status?: number } | undefined)?.status === 503);
    expect(answered.length).toBeGreaterThanOrEqual(30);
    for (const line of answered)
      expect({ level: line.level, err: line.err, database: line.database }).toEqual({ level: 30, err: undefined, database: "unreachable" });
    expect(
      errorLines()
        .slice(errorsBefore)
        .map((l) => `${String(l.msg)} ${JSON.stringify(l.req ?? l.err ?? "")}`),
    ).toHaveLength(1);

    await startDatabase();
    const backAfter = await waitForRecovery();
    expect(backAfter).toBeLessThan(3000);
    expect((await send(app.origin, { path: "/api/session/42" })).status).toBe(200);
    expect((await send(app.origin, { path: "/healthz" })).status).toBe(200);
    expect(messages(/^database reachable again/)).toHaveLength(1);
    expect(app.lines.find((line) => typeof line.msg === "string" && line.msg.startsWith("database reachable again"))?.downMs).toEqual(expect.any(Number));
  });

  it("logs each outage once, the next one too", async () => {
    await stopDatabase();
    await expectOutageAnswers();
    await expectOutageAnswers();
    expect(messages(/^database unreachable/)).toHaveLength(2);
    await startDatabase();
    await waitForRecovery();
    expect(messages(/^database reachable again/)).toHaveLength(2);
  });

  it("answers a page's data request (client-side navigation, form sent by fetch) with a 503 its error boundary shows as 'back in a moment'", async () => {
    const before = await send(app.origin, { path: "/es/sessions.data" });
    expect(before.status).toBe(200);
    expect(await singleFetchResult(before.body)).toEqual({ root: { data: null }, "routes/$lang": { data: null }, "routes/$lang.$": { data: { one: 1 } } });

    const away = { status: 503, statusText: "", data: outageBody(RETRY_AFTER_SECONDS, false) };
    const outageHeaders = (answer: Sent) => {
      expect(answer.status).toBe(503);
      expect(answer.headers["retry-after"]).toBe(String(RETRY_AFTER_SECONDS));
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.body).not.toContain("<html");
    };
    // A navigation whose query is running when the server stops (this build's layouts need no database and answered).
    const inFlight = send(app.origin, { path: "/en/slow.data" });
    await delay(500);
    await stopDatabase();
    const met = await inFlight;
    outageHeaders(met);
    expect(await singleFetchResult(met.body)).toEqual({ root: { data: null }, "routes/$lang": { data: null }, "routes/$lang.$": { error: away } });

    // The next ones are answered at once, every loader of them; a form's says it was sent.
    const [navigation, only, form] = await Promise.all([
      send(app.origin, { path: "/en/session/42.data" }),
      send(app.origin, { path: "/pt/chats.data?_routes=routes%2F%24lang.%24" }),
      send(app.origin, { path: "/es/create.data", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "title=Mesa" }),
    ]);
    for (const answer of [navigation, only, form]) outageHeaders(answer);
    expect(await singleFetchResult(navigation.body)).toEqual({ root: { error: away }, "routes/$lang": { error: away }, "routes/$lang.$": { error: away } });
    expect(await singleFetchResult(only.body)).toEqual({ "routes/$lang.$": { error: away } });
    expect(await singleFetchResult(form.body)).toEqual({ error: { ...away, data: outageBody(RETRY_AFTER_SECONDS, true) } });
    expect(errorLines().filter((line) => line.msg !== "database unreachable: answering 503 until it is back")).toEqual([]);

    await startDatabase();
    await waitForRecovery();
    expect((await send(app.origin, { path: "/es/sessions.data" })).status).toBe(200);
  });
});
