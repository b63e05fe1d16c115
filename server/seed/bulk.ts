import { sql } from "kysely";
import { getDb } from "../../db/client.server";

/**
 * `npm run db:seed -- --sessions N`: N extra sessions for benchmarks, written by PostgreSQL itself
 * (generate_series) in batches, hosted by the demo DMs, spread over the past 30 and next 180 days.
 * A fifth of them belong to weekly series of ten sessions, so grouping by series has work to do.
 */
export async function seedBulkSessions(count: number, log: (msg: string) => void) {
  const db = getDb();
  const dms = await db
    .selectFrom("users")
    .select("id")
    .where(sql<boolean>`'dm' = any(roles)`)
    .execute();
  if (!dms.length) throw new Error("seed the demo accounts first");
  const dmIds = dms.map((d) => d.id);
  const batch = 10_000;
  const standalone = count - Math.floor(count / 5 / 10) * 10;
  for (let done = 0; done < standalone; done += batch) {
    const size = Math.min(batch, standalone - done);
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
    log(`bulk sessions: ${done + size} / ${standalone}`);
  }
  await seedBulkSeries(dmIds, Math.floor(count / 5 / 10));
  await sql`analyze sessions`.execute(db);
  await sql`analyze series`.execute(db);
}

/** `count` weekly series, each with ten sessions starting between 30 days ago and 150 days ahead. */
async function seedBulkSeries(dmIds: string[], count: number) {
  if (count <= 0) return;
  const db = getDb();
  await sql`
    with created as (
      insert into series (dm_id, title, description, game, genre, experience_level, frequency, time_zone, day_of_week, time_of_day,
                          duration_minutes, start_date, max_participants, min_participants, price_cents, currency, tags)
      select (${sql.val(dmIds)}::uuid[])[1 + (i % ${dmIds.length})],
             (array['Campaña de la Costa','Crónicas del Norte','A longa noite','Ruinas del Sur'])[1 + (i % 4)] || ' #' || i,
             'Campaña semanal de prueba número ' || i || '.',
             (array['D&D 5e','Pathfinder','Call of Cthulhu','Starfinder'])[1 + (i % 4)],
             (array['Fantasy','Horror','Sci-Fi','Modern','Historical'])[1 + (i % 5)],
             (array['BEGINNER','INTERMEDIATE','ADVANCED'])[1 + (i % 3)],
             'WEEKLY', 'America/Mexico_City', extract(dow from current_date - 30 + (i % 180))::int, '19:00', 180,
             current_date - 30 + (i % 180), 3 + (i % 4), 3, case when i % 4 = 0 then 0 else 15000 end,
             (array['MXN','USD','BRL'])[1 + (i % 3)], '{new-campaign,roleplay-heavy}'::text[]
      from generate_series(1, ${count}::int) as i
      returning id, dm_id, title, description, game, genre, experience_level, start_date, max_participants, min_participants, price_cents, currency, tags
    )
    insert into sessions (dm_id, series_id, title, description, game, genre, experience_level, starts_at, time_zone, duration_minutes,
                          max_participants, min_participants, price_cents, currency, tags)
    select c.dm_id, c.id, c.title, c.description, c.game, c.genre, c.experience_level,
           (c.start_date + w * 7 + time '19:00') at time zone 'America/Mexico_City', 'America/Mexico_City', 180,
           c.max_participants, c.min_participants, c.price_cents, c.currency, c.tags
    from created c, generate_series(0, 9) as w`.execute(db);
}
