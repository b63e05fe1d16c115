import pg from "pg";
import { seedBookings, seedRatings } from "./million-bookings";
import { defineHash, MILLION, seedPeople, seedSessions } from "./million-sessions";

export { MILLION };

/**
 * The million-session marketplace (decision record 099) on top of the demo data: 100,000 users,
 * 1,000,000 sessions, 10,000,000 bookings, in one connection. The load is a bulk load, as a
 * restore is: the secondary indexes of sessions and bookings are dropped first and built again
 * at the end from their own definitions (a unique one that no longer held would fail its build),
 * and triggers are off while the rows go in; what they keep (seat counts, ratings) is written
 * after from the rows. Returns each step's seconds.
 */
export async function seedMillion(databaseUrl: string, log: (message: string) => void) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const steps: Record<string, number> = {};
  const step = async (name: string, run: () => Promise<unknown>) => {
    const started = Date.now();
    await run();
    steps[name] = (Date.now() - started) / 1000;
    log(`million seed: ${name} ${steps[name]!.toFixed(1)} s`);
  };
  try {
    await client.query("set maintenance_work_mem = '1GB'");
    await client.query("set max_parallel_maintenance_workers = 2");
    await defineHash(client);
    const { rows: indexes } = await client.query<{ name: string; def: string }>(`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
        from pg_index i
       where i.indrelid in ('sessions'::regclass, 'bookings'::regclass)
         and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`);
    for (const index of indexes) await client.query(`drop index ${index.name}`);
    await client.query("set session_replication_role = replica");
    await step("users", () => seedPeople(client));
    await step("sessions", () => seedSessions(client));
    await step("bookings", () => seedBookings(client));
    await client.query("set session_replication_role = origin");
    await step("ratings", () => seedRatings(client));
    await step("indexes", async () => {
      for (const index of indexes) await client.query(index.def);
    });
    // A table that has only grown holds its rows in the order they were created, and a session is
    // created days before it starts: the sessions still to come sit together at the end, not
    // scattered over three years of pages as a load in random order leaves them.
    await step("physical order", () => client.query("cluster sessions using sessions_starts_at_idx"));
    for (const kind of ["hosts", "regulars", "players"]) await client.query(`drop table million_${kind}`);
    await step("vacuum analyze", () => client.query("vacuum analyze"));
    return steps;
  } finally {
    await client.end();
  }
}
