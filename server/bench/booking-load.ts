import type { Requester } from "../../app/modules/auth/session.server";
import { decideFreeSeat, leaveList, tellBooked } from "../../app/modules/bookings/bookings.server";
import { createDatabase } from "../../db/client.server";
import { benchDeps } from "./database";
import { summary } from "./stats";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 50);
const STEADY_SECONDS = Number(process.env.BENCH_STEADY_SECONDS ?? 10);

/**
 * Free bookings of one hot session by one client per player, each with its own connection (the
 * booking bench's load, server/bench/booking.ts; also the million-session bench's):
 * - burst: all book at the same moment, then all leave; BENCH_ROUNDS times. `bookMs` is the
 *   booking's database part (decideFreeSeat, its wait for the session's lock included), timed
 *   before any notice is written; `noticesMs` each booking's notices afterwards, all at once.
 * - steady: every client books (notices included, untimed) and leaves again without pause for
 *   BENCH_STEADY_SECONDS.
 */
export async function bookingLoad(socketUrl: string, folder: string, hotId: string, players: { id: string; email: string }[]) {
  // A connection per client, so the times are the database's (lock waits included), not the pool's
  // queue; over the Unix socket, so the loopback TCP stack does not eat the CPUs PostgreSQL needs.
  const db = createDatabase(socketUrl, players.length + 2);
  const deps = () => benchDeps(db, folder);
  const asPlayer = (p: { id: string; email: string }) =>
    ({ id: p.id, email: p.email, displayName: "Player", isAdmin: false, isDm: false, preferredLanguage: "es", timeZone: "UTC" }) as Requester;
  const decide = async (player: Requester) => {
    const started = performance.now();
    const result = await decideFreeSeat(deps(), player, { sessionId: hotId });
    if (!result.ok) throw new Error(`booking refused: ${result.refusal}`);
    return performance.now() - started;
  };
  const notices = async (player: Requester) => {
    const started = performance.now();
    await tellBooked(deps(), player, hotId);
    return performance.now() - started;
  };
  const book = async (player: Requester) => {
    const db = await decide(player);
    await notices(player);
    return { db };
  };
  const leave = (player: Requester) => leaveList(deps(), player, { sessionId: hotId, userId: player.id, list: "bookings" });
  try {
    // One untimed round first: a serving process's pool is warm, its connections long open.
    await Promise.all(players.map((p) => book(asPlayer(p))));
    await Promise.all(players.map((p) => leave(asPlayer(p))));
    const burstDb: number[] = [];
    const burstNotices: number[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      burstDb.push(...(await Promise.all(players.map((p) => decide(asPlayer(p))))));
      burstNotices.push(...(await Promise.all(players.map((p) => notices(asPlayer(p))))));
      await Promise.all(players.map((p) => leave(asPlayer(p))));
    }
    const steadyDb: number[] = [];
    const until = performance.now() + STEADY_SECONDS * 1000;
    await Promise.all(
      players.map(async (p) => {
        const player = asPlayer(p);
        while (performance.now() < until) {
          steadyDb.push((await book(player)).db);
          await leave(player);
        }
      }),
    );
    return {
      clients: players.length,
      burst: { bookingsTimed: burstDb.length, bookMs: summary(burstDb), noticesMs: summary(burstNotices) },
      steady: { bookingsTimed: steadyDb.length, bookMs: summary(steadyDb) },
    };
  } finally {
    await db.destroy();
  }
}
