// npm run bench:chaos (decision record 101): starts the cluster (server/cluster), puts a mixed,
// paced load through HAProxy (pages, search, free and paid bookings, chat posts) with 200 event
// streams open, then kills an instance with SIGKILL and starts it again, kills the worker across
// a scheduled tick and starts it again, and restarts every instance with SIGTERM one at a time.
// Prints what failed and whether it was excused, each stream's events against the database's log,
// job runs per tick and bookings against seats; exits non-zero when a zero-loss figure is not zero.
// Bounded: about four minutes, traffic only to 127.0.0.1, everything it started is stopped.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { closeDb, getDb } from "../../../db/client.server";
import { type Cluster, startCluster } from "../cluster";
import { ClusterError } from "../haproxy";
import { accountRequests, accountStream, parseProxyLog, runsPerTick } from "./accounting";
import { type Actors, createActors } from "./actors";
import { checkSeats, eventsByUser, jobRunStarts, lockedJobs } from "./checks";
import { createSender, pacedMix, type PlannedRequest } from "./load";
import { crashInstance, crashWorker, rollingRestart } from "./phases";
import { followStream } from "./sse-client";

const RATE = Number(process.env.CHAOS_RATE ?? 20);
const STREAMS_PER_PLAYER = 2;
const TICK_JOB = "update-session-statuses";
const log = (line: string) => console.log(`[chaos ${new Date().toISOString().slice(11, 19)}] ${line}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The mix, in tenths: pages 3, search 3, chat posts 2, a free seat 1, a paid seat 1. */
const PATTERN = ["page", "search", "chat", "page", "search", "book", "page", "chat", "search", "pay"] as const;
const TERMS = ["", "cripta", "dragón", "faro", "pathfinder", "one-shot"];

/** A fixed sequence of pseudo-random numbers in [0, 1) (mulberry32), so two runs send the same mix. */
function sequence(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function planner(actors: Actors) {
  const random = sequence(31);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const chatOf = new Map(actors.chats.flatMap((c) => c.memberIndexes.map((i) => [i, c.id] as const)));
  return (i: number): PlannedRequest => {
    const index = Math.floor(random() * actors.players.length);
    const player = actors.players[index]!;
    const who = { cookie: player.cookie, clientIp: player.clientIp };
    switch (PATTERN[i % PATTERN.length]!) {
      case "page":
        return { kind: "page", method: "GET", path: random() < 0.5 ? "/es" : `/es/session/${pick(actors.freeSessions)}`, ...who };
      case "search":
        return { kind: "search", method: "GET", path: `/es/sessions?searchTerm=${encodeURIComponent(pick(TERMS))}`, ...who };
      case "chat":
        return { kind: "chat", method: "POST", path: `/api/chats/${chatOf.get(index)}/messages`, body: { content: `chaos message ${i}` }, ...who };
      case "book":
        return { kind: "book", method: "POST", path: `/api/sessions/${pick(actors.freeSessions)}/book`, body: { paymentMethod: "free" }, ...who };
      case "pay":
        return { kind: "pay", method: "POST", path: "/api/payments/create-intent", body: { sessionId: pick(actors.paidSessions), country: "MX" }, ...who };
    }
  };
}

async function run(cluster: Cluster) {
  const runId = Date.now().toString(36);
  const db = getDb();
  const actors = await createActors(db, runId);
  log(
    `${actors.players.length} players in ${actors.chats.length} chats; ${actors.freeSessions.length} free and ${actors.paidSessions.length} paid sessions to book`,
  );

  const streams = actors.players.flatMap((p) =>
    Array.from({ length: STREAMS_PER_PLAYER }, () =>
      followStream({ url: `${cluster.proxyUrl}/api/notifications/stream?lang=es`, cookie: p.cookie, userId: p.user.id, clientIp: p.clientIp }),
    ),
  );
  await Promise.race([Promise.all(streams.map((s) => s.opened)), sleep(60_000)]);
  const spread: Record<string, number> = {};
  for (const s of streams) {
    const at = s.record.connections.at(-1)?.instance ?? "none";
    spread[at] = (spread[at] ?? 0) + 1;
  }
  log(`${streams.filter((s) => s.record.open).length} of ${streams.length} event streams open: ${JSON.stringify(spread)}`);

  const started = Date.now();
  let stop = false;
  const sender = createSender(cluster.proxyUrl);
  const load = pacedMix({ rate: RATE, maxRequests: RATE * 300, until: () => stop || Date.now() - started > 280_000, plan: planner(actors), send: sender.send });
  log(`load: ${RATE} requests/s through HAProxy`);

  await sleep(15_000);
  const kill = await crashInstance(cluster, 1, log);
  await sleep(5_000);
  const worker = await crashWorker(cluster, log);
  await sleep(5_000);
  const rolling = await rollingRestart(cluster, log);
  await sleep(10_000);
  stop = true;
  const outcomes = await load;
  sender.close();
  log(`load stopped after ${outcomes.length} requests; letting the streams catch up`);
  // Long enough for a stream cut by the last restart to wait its retry (3 s) and replay what it missed.
  await sleep(10_000);
  for (const s of streams) s.stop();
  const ended = Date.now();

  const proxyLog = parseProxyLog(fs.readFileSync(path.join(cluster.logDir, "haproxy.log"), "utf8"));
  const requests = accountRequests(outcomes, proxyLog, [kill], rolling);
  const logged = await eventsByUser(
    db,
    actors.players.map((p) => p.user.id),
    actors.baseline,
  );
  const perStream = streams.map((s) =>
    accountStream(
      { userId: s.record.userId, events: s.record.events, connections: s.record.connections.length },
      logged.get(s.record.userId) ?? [],
      actors.baseline,
    ),
  );
  const seats = await checkSeats(db, [...actors.freeSessions, ...actors.paidSessions]);
  const ticks = runsPerTick(await jobRunStarts(db, TICK_JOB, new Date(started - 60_000)), started, ended);
  const locked = await lockedJobs(db);

  const sum = (pick: (r: (typeof perStream)[number]) => number) => perStream.reduce((n, r) => n + pick(r), 0);
  const streamTotals = {
    streams: perStream.length,
    expected: sum((r) => r.expected),
    received: sum((r) => r.received),
    missing: sum((r) => r.missing.length),
    duplicated: sum((r) => r.duplicated.length),
    mismatched: sum((r) => r.mismatched.length),
    reconnections: sum((r) => r.connections - 1),
    perStreamExpected: { min: Math.min(...perStream.map((r) => r.expected)), max: Math.max(...perStream.map((r) => r.expected)) },
  };
  const refusals: Record<string, number> = {};
  for (const o of outcomes)
    if ((o.kind === "book" || o.kind === "pay") && o.status !== null && o.status >= 400)
      refusals[`${o.kind} ${o.status}`] = (refusals[`${o.kind} ${o.status}`] ?? 0) + 1;
  const byInstance: Record<string, number> = {};
  for (const o of outcomes) byInstance[o.instance ?? "none"] = (byInstance[o.instance ?? "none"] ?? 0) + 1;

  const result = {
    date: new Date().toISOString(),
    machineLoad: os.loadavg().map((l) => +l.toFixed(2)),
    cores: os.availableParallelism(),
    rate: RATE,
    seconds: Math.round((ended - started) / 1000),
    requests: {
      sent: requests.sent,
      sentByKind: requests.sentByKind,
      answeredByInstance: byInstance,
      failedByKind: requests.failedByKind,
      refusedByKindAndStatus: refusals,
      inFlightOnKilledInstance: requests.inFlightOnKilled,
      unexpectedFailures: requests.unexpected,
      failedDuringRollingRestart: requests.failedDuringRollingRestart,
      resentOnStaleConnection: requests.resentOnStaleConnection,
    },
    kill,
    worker,
    rolling,
    streams: streamTotals,
    streamProblems: perStream.filter((r) => r.missing.length || r.duplicated.length || r.mismatched.length),
    perStream: perStream.map((r) => ({
      user: r.userId.slice(0, 8),
      expected: r.expected,
      received: r.received,
      duplicated: r.duplicated.length,
      connections: r.connections,
    })),
    jobs: { job: TICK_JOB, runsPerTick: ticks, lockedByKilledWorker: locked },
    seats,
  };
  const zeroLoss = {
    unexpectedFailures: requests.unexpected.length,
    failedDuringRollingRestart: requests.failedDuringRollingRestart,
    eventsMissing: streamTotals.missing,
    eventsDuplicated: streamTotals.duplicated,
    eventsMismatched: streamTotals.mismatched,
    ticksNotRunExactlyOnce: ticks.filter((t) => t.runs !== 1).length,
    overbookedSessions: seats.overbooked.length,
    paidBookingsWithoutPayment: seats.paidWithoutPayment,
    paymentsAstray: seats.paymentsAstray,
    doubleBookings: seats.doubleBooked,
  };
  return { result: { ...result, zeroLoss }, zeroLoss };
}

function print(result: Awaited<ReturnType<typeof run>>["result"]) {
  const r = result.requests;
  console.log(`\n== Chaos run: ${result.seconds} s at ${result.rate} requests/s, load ${result.machineLoad.join(" ")} on ${result.cores} cores`);
  console.log(`requests sent ${r.sent} ${JSON.stringify(r.sentByKind)}; answered by ${JSON.stringify(r.answeredByInstance)}`);
  console.log(`failed by kind ${JSON.stringify(r.failedByKind)}; booking/payment refusals (answers) ${JSON.stringify(r.refusedByKindAndStatus)}`);
  console.log(
    `in flight on ${result.kill.instance} when it was killed (excused): ${r.inFlightOnKilledInstance.length} ${JSON.stringify(r.inFlightOnKilledInstance.map((f) => `${f.kind} ${f.status ?? f.error}`))}`,
  );
  console.log(
    `failures not excused: ${r.unexpectedFailures.length}${r.unexpectedFailures.length ? ` ${JSON.stringify(r.unexpectedFailures.slice(0, 10))}` : ""}`,
  );
  console.log(`sent again on a new connection after HAProxy closed a kept-alive one under them (never reached an instance): ${r.resentOnStaleConnection}`);
  console.log(
    `failed during the rolling restart: ${r.failedDuringRollingRestart}${result.rolling.forced.length ? ` (forced: ${result.rolling.forced.join(", ")})` : ""}`,
  );
  const s = result.streams;
  console.log(
    `event streams ${s.streams}: expected ${s.expected}, received ${s.received}, missing ${s.missing}, duplicated ${s.duplicated}, payload mismatches ${s.mismatched}; ${s.reconnections} reconnections; per stream expected ${s.perStreamExpected.min}–${s.perStreamExpected.max}`,
  );
  console.table(result.perStream.slice(0, 12));
  console.log(`(first 12 of ${result.perStream.length} streams; all in bench-results/chaos.json)`);
  console.log(
    `jobs: ${result.jobs.job} runs per tick ${result.jobs.runsPerTick.map((t) => `${t.tick}=${t.runs}`).join(" ")}; left locked by the killed worker: ${result.jobs.lockedByKilledWorker.length}`,
  );
  const seats = result.seats;
  console.log(
    `bookings: ${seats.activeBookings} active in ${seats.sessionsChecked} sessions; overbooked ${seats.overbooked.length}, paid without payment ${seats.paidWithoutPayment}, payments astray ${seats.paymentsAstray}, double bookings ${seats.doubleBooked}`,
  );
  const broken = Object.entries(result.zeroLoss).filter(([, n]) => n !== 0);
  console.log(broken.length ? `ZERO-LOSS FIGURES BROKEN: ${JSON.stringify(Object.fromEntries(broken))}` : "all zero-loss figures hold");
}

async function main() {
  const cluster = await startCluster({
    basePort: Number(process.env.CHAOS_BASE_PORT ?? 4330),
    instances: 3,
    folder: path.join(process.env.DATA_DIR ?? ".data", "chaos"),
    logLevel: "warn",
    log,
  });
  let stopping = false;
  const stopAll = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await closeDb();
    await cluster.stop();
    process.exit(code);
  };
  process.on("SIGINT", () => void stopAll(130));
  process.on("SIGTERM", () => void stopAll(143));
  try {
    const { result, zeroLoss } = await run(cluster);
    fs.mkdirSync("bench-results", { recursive: true });
    fs.writeFileSync("bench-results/chaos.json", JSON.stringify(result, null, 2));
    print(result);
    await stopAll(Object.values(zeroLoss).every((n) => n === 0) ? 0 : 1);
  } catch (error) {
    console.error(error);
    await stopAll(1);
  }
}

void main().catch((error: unknown) => {
  console.error(error instanceof ClusterError ? `[chaos] ${error.message}` : error);
  process.exit(1);
});
