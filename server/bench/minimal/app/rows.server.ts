import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

/** Twenty rows from the same sessions table, one statement. */
export async function twentyRows() {
  const { rows } = await pool.query<{
    id: string;
    title: string;
    game: string;
    starts_at: Date;
    price_cents: number;
    currency: string;
    max_participants: number;
  }>("select id, title, game, starts_at, price_cents, currency, max_participants from sessions where status <> 'CANCELLED' order by starts_at, id limit 20");
  return rows.map((r) => ({ ...r, starts_at: r.starts_at.toISOString() }));
}
