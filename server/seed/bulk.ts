import { sql } from "kysely";
import { getDb } from "../../db/client.server";

/**
 * `npm run db:seed -- --sessions N`: N extra sessions for benchmarks, written by PostgreSQL itself
 * (generate_series) in batches, hosted by the demo DMs, spread over the past 30 and next 180 days.
 */
export async function seedBulkSessions(count: number, log: (msg: string) => void) {
  const db = getDb();
  const dms = await db.selectFrom("users").select("id").where(sql<boolean>`'dm' = any(roles)`).execute();
  if (!dms.length) throw new Error("seed the demo accounts first");
  const dmIds = dms.map((d) => d.id);
  const batch = 10_000;
  for (let done = 0; done < count; done += batch) {
    const size = Math.min(batch, count - done);
    await sql`
      insert into sessions (dm_id, title, description, game, genre, experience_level, starts_at, time_zone, duration_minutes,
                            max_participants, min_participants, price_cents, currency, allowed_payment_methods, tags, is_private)
      select (${sql.val(dmIds)}::uuid[])[1 + (i % ${dmIds.length})],
             (array['La cripta','El faro maldito','Night City','Reinos olvidados','O templo perdido','Sombras de Oaxaca'])[1 + (i % 6)] || ' #' || i,
             'Partida de prueba número ' || i || ' con exploración, combate e interpretación.',
             (array['D&D 5e','Pathfinder','Call of Cthulhu','Starfinder','Shadowrun','Cyberpunk Red','Vampire: The Masquerade','Other'])[1 + (i % 8)],
             (array['Fantasy','Horror','Sci-Fi','Modern','Historical','Post-Apocalyptic','Superhero','Other'])[1 + (i % 8)],
             (array['BEGINNER','INTERMEDIATE','ADVANCED'])[1 + (i % 3)],
             now() - interval '30 days' + (i % 210) * interval '1 day' + (i % 24) * interval '1 hour',
             'America/Mexico_City', 60 + (i % 4) * 60, 3 + (i % 18), 1 + (i % 3),
             case when i % 5 = 0 then 0 else 5000 + (i % 40) * 1000 end,
             (array['MXN','USD','BRL','COP','ARS'])[1 + (i % 5)],
             case when i % 5 = 0 then '{}'::text[] when i % 5 = 1 then '{CARD,OXXO}'::text[] else '{CARD}'::text[] end,
             string_to_array((array['one-shot,beginner-friendly','new-campaign,roleplay-heavy','lgbtq-friendly,latam','combat-heavy,uses-vtt'])[1 + (i % 4)], ','),
             i % 50 = 0
      from generate_series(${done + 1}::int, ${done + size}::int) as i`.execute(db);
    log(`bulk sessions: ${done + size} / ${count}`);
  }
  await sql`analyze sessions`.execute(db);
}
