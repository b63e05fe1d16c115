// The earnings desk's bench (decision record 086): a DM with 50,000 seat lines over two years
// (paid, refunded, failed and pending, card and OXXO, with payouts), then the desk's pages through
// the page table (Node CPU on a pinned worker, PostgreSQL per request; budgets 5 ms and 3 ms) and
// a year's CSV (about 25,000 lines) downloaded whole: its time to the last byte and how much the
// server's memory grew while it streamed, against a month's CSV.
import fs from "node:fs";
import { sql } from "kysely";
import { getDb } from "../../db/client.server";
import { pageTable } from "./pages";
import { signIn, startBenchServer } from "./server";

const LINES = Number(process.env.BENCH_EARNINGS_LINES ?? 50_000);
const SEATS = 20;
const DAY = 86_400_000;

/** Ana's two years of paid games, written set-wise: 2,500 sessions of 20 paid seats. */
export async function seedEarnings(now: Date) {
  const db = getDb();
  const ana = await db.selectFrom("users").select("id").where("email", "=", "ana.dm@mesa.test").executeTakeFirstOrThrow();
  const account = await db.selectFrom("payout_accounts").select("account_ref").where("user_id", "=", ana.id).executeTakeFirstOrThrow();
  const sessions = Math.ceil(LINES / SEATS);
  await sql`insert into users (email, display_name, email_verified_at)
    select 'earnings-player-' || i || '@mesa.test', 'Jugadora ' || i, now() from generate_series(1, ${SEATS}::int) as i`.execute(db);
  // Two years back from yesterday, one game every ~7 hours, each filled while it was upcoming.
  await sql`insert into sessions (dm_id, title, game, starts_at, time_zone, duration_minutes, max_participants, min_participants, price_cents, currency, allowed_payment_methods, status, created_at)
    select ${ana.id}::uuid, 'Partida de caja ' || i, 'D&D 5e', ${now}::timestamptz + interval '30 days' - (i * (730.0 / ${sessions}) || ' days')::interval,
           'America/Mexico_City', 180, ${SEATS}, 1, 25000, 'MXN', '{CARD,OXXO}', 'UPCOMING', ${now}::timestamptz - interval '800 days'
    from generate_series(1, ${sessions}::int) as i`.execute(db);
  await sql`create unlogged table earnings_bench_sessions as
    select row_number() over (order by id) as n, id, starts_at from sessions where title like 'Partida de caja %'`.execute(db);
  await sql`insert into bookings (session_id, user_id, status, payment_method, amount_cents, currency, created_at)
    select s.id, u.id, case when (s.n * 20 + u.n) % 20 = 0 then 'CANCELLED' when (s.n * 20 + u.n) % 33 = 0 then 'EXPIRED' else 'CONFIRMED' end,
           case when u.n % 4 = 0 then 'OXXO' else 'CARD' end, 25000, 'MXN',
           -- Paid six days ahead of the game; for the games still to come, at some moment of the last twenty days (nobody pays in the future).
           least(s.starts_at - interval '6 days', ${now}::timestamptz - ((s.n * 20 + u.n) * 997 % 28800 + 1 || ' minutes')::interval)
    from earnings_bench_sessions s
    cross join (select row_number() over (order by id) as n, id from users where email like 'earnings-player-%') u`.execute(db);
  await sql`insert into payments (booking_id, session_id, user_id, provider, method, payment_method_type, amount_cents, currency, status, transfer_destination, application_fee_cents, created_at, updated_at)
    select b.id, b.session_id, b.user_id, 'offline', b.payment_method, lower(b.payment_method), 25000, 'MXN',
           case b.status when 'CANCELLED' then 'refunded' when 'EXPIRED' then 'failed' else 'succeeded' end,
           ${account.account_ref}, 2500, b.created_at, b.created_at
    from bookings b join earnings_bench_sessions s on s.id = b.session_id`.execute(db);
  await sql`update sessions set status = 'COMPLETED' where id in (select id from earnings_bench_sessions) and starts_at < ${now}`.execute(db);
  await sql`insert into payouts (id, account_ref, user_id, amount_cents, currency, status, arrival_date, provider_created_at, state_event_at, updated_at)
    select 'po_bench_' || i, ${account.account_ref}, ${ana.id}::uuid, 900000, 'MXN', case when i % 25 = 0 then 'failed' else 'paid' end,
           ${now}::timestamptz - (i || ' days')::interval, ${now}::timestamptz - (i || ' days')::interval, ${now}::timestamptz - (i || ' days')::interval, ${now}
    from generate_series(1, 700) as i`.execute(db);
  await sql`drop table earnings_bench_sessions`.execute(db);
  // What autovacuum leaves a table in: the visibility map set, so the desk's index-only scans stay so.
  await sql`vacuum analyze payments`.execute(db);
  await sql`vacuum analyze earnings_days`.execute(db);
  await sql`vacuum analyze dm_balances`.execute(db);
  await sql`analyze`.execute(db);
  return (
    await db
      .selectFrom("payments")
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .where("payee_id", "=", ana.id)
      .executeTakeFirstOrThrow()
  ).n;
}

const rssKiB = (pid: number) => {
  const match = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) : 0;
};

/** Downloads a CSV whole, sampling the server's memory meanwhile: seconds to the last byte, lines, and the largest growth. */
async function timedCsv(base: string, path: string, cookie: string, pid: number) {
  const before = rssKiB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssKiB(pid))), 10);
  const started = performance.now();
  const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie } });
  const text = await response.text();
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return {
    path,
    status: response.status,
    lines: text.split("\r\n").length - 2,
    bytes: text.length,
    seconds: +seconds.toFixed(3),
    rssGrowthMiB: +((peak - before) / 1024).toFixed(1),
  };
}

export async function benchEarnings(databaseUrl: string, postgresDataDir: string) {
  const now = new Date();
  const started = Date.now();
  const lines = await seedEarnings(now);
  console.error(`earnings: seeded ${lines} lines for Ana in ${(Date.now() - started) / 1000} s`);
  const middle = new Date(now.getTime() - 365 * DAY).toISOString().slice(0, 7);
  const lastYear = now.getUTCFullYear() - 1;
  const pages = await pageTable(databaseUrl, postgresDataDir, {
    who: { email: "ana.dm@mesa.test", password: "Dragones-2026!" },
    pages: {
      earnings: "/es/earnings",
      "earnings, a year ago": `/es/earnings?month=${middle}`,
      "earnings, year, page 200": `/es/earnings?year=${lastYear}&page=200`,
      "api/earnings": "/api/earnings",
    },
    budget: { pgMs: 3 },
    floor: false,
  });
  const server = await startBenchServer(databaseUrl, { workers: 1, extraEnv: { JOBS_IN_SERVER: "false" } });
  try {
    const cookie = await signIn(server.base, "ana.dm@mesa.test", "Dragones-2026!");
    await timedCsv(server.base, `/es/earnings/csv?month=${middle}`, cookie, server.pid);
    const month = await timedCsv(server.base, `/es/earnings/csv?month=${middle}`, cookie, server.pid);
    const year = await timedCsv(server.base, `/es/earnings/csv?year=${lastYear}`, cookie, server.pid);
    // Twice more: memory that held the file would grow again each time; a heap that grew to serve batches is reused.
    const again = [
      await timedCsv(server.base, `/es/earnings/csv?year=${lastYear}`, cookie, server.pid),
      await timedCsv(server.base, `/es/earnings/csv?year=${lastYear}`, cookie, server.pid),
    ];
    console.log("\nEarnings CSV (budget: a year in ≤ 1 s, memory not growing with the lines; the year three times in a row)");
    console.table([month, year, ...again]);
    return { lines: Number(lines), pages, csv: { month, year, again } };
  } finally {
    await server.stop();
  }
}
