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

/**
 * `count` bookings over the sessions already seeded, by `count / 20` extra players (bench-player-N@mesa.test),
 * for benchmarks of what reads bookings per person (the header's chat badge). Each session gets at
 * most two confirmed seats (below any session's minimum size of three); the other bookings are
 * history (cancelled, expired, refunded), as most bookings of a site that has run for a while are.
 * Sessions that already have seats taken (the demo's) or fewer than three places are left alone.
 * Every tenth session with a seat gets a chat with three messages, and `player` (a demo account)
 * a confirmed seat in 40 of those, so a signed-in page has chats to count; a last message from a player
 * leaves every host with unread messages in each chat they run.
 * Written by PostgreSQL itself; the seat triggers are off during the insert and the counts are set after.
 */
export async function seedBulkBookings(count: number, player: string, log: (msg: string) => void) {
  const db = getDb();
  const players = Math.max(1, Math.floor(count / 20));
  await sql`
    insert into users (email, display_name, email_verified_at)
    select 'bench-player-' || i || '@mesa.test', 'Jugador ' || i, now() from generate_series(1, ${players}::int) as i`.execute(db);
  await sql`create unlogged table bench_players as
    select row_number() over (order by id) as n, id from users where email like 'bench-player-%'`.execute(db);
  await sql`create unlogged table bench_sessions as
    select row_number() over (order by id) as n, id, dm_id from sessions where booked_count = 0 and max_participants >= 3`.execute(db);
  await sql`create index on bench_players (n)`.execute(db);
  await sql`create index on bench_sessions (n)`.execute(db);
  const sessions = Number((await sql<{ n: string }>`select count(*) as n from bench_sessions`.execute(db)).rows[0]!.n);
  const batch = 200_000;
  await db.transaction().execute(async (trx) => {
    // Triggers (seat counts and guards) off for this bulk insert only; the counts are set below in one statement.
    await sql`set local session_replication_role = replica`.execute(trx);
    for (let done = 0; done < count; done += batch) {
      const size = Math.min(batch, count - done);
      // Booking i: session (i mod S), pass k = i div S; the pass picks a different player per session.
      await sql`
        insert into bookings (session_id, user_id, status, payment_method, created_at, updated_at)
        select s.id, p.id,
               case when k < 2 then 'CONFIRMED' else (array['CANCELLED','EXPIRED','REFUNDED'])[1 + (k % 3)] end,
               'FREE', now() - (i % 400) * interval '1 day', now()
        from generate_series(${done}::int, ${done + size - 1}::int) as i,
             lateral (select i % ${sessions} + 1 as sn, i / ${sessions} as k) as x
        join bench_sessions s on s.n = x.sn
        join bench_players p on p.n = (x.sn * 13 + x.k * 7919) % ${players} + 1`.execute(trx);
      log(`bulk bookings: ${done + size} / ${count}`);
    }
  });
  await sql`update sessions s set booked_count = b.n
    from (select session_id, count(*) as n from bookings where status in ('PENDING_PAYMENT','CONFIRMED') group by session_id) b
    where b.session_id = s.id and s.booked_count <> b.n`.execute(db);
  await sql`
    insert into chats (kind, session_id, created_at)
    select 'session', s.id, now() - interval '10 days' from bench_sessions s
    where s.n % 10 = 0 and exists (select 1 from bookings b where b.session_id = s.id and b.status = 'CONFIRMED')
    on conflict do nothing`.execute(db);
  await sql`
    insert into bookings (session_id, user_id, status, payment_method)
    select c.session_id, ${player}::uuid, 'CONFIRMED', 'FREE'
    from chats c join sessions s on s.id = c.session_id
    where c.kind = 'session' and s.booked_count < s.max_participants
      and not exists (select 1 from bookings b where b.session_id = c.session_id and b.user_id = ${player}::uuid)
    order by c.session_id limit 40`.execute(db);
  await sql`
    insert into chat_messages (chat_id, sender_id, content, created_at)
    select c.id, s.dm_id, 'Mensaje ' || m || ' de la mesa', now() - (4 - m) * interval '1 hour'
    from chats c join sessions s on s.id = c.session_id, generate_series(1, 3) as m
    where c.kind = 'session'`.execute(db);
  await sql`update chats c set last_message_at = m.at from (select chat_id, max(created_at) as at from chat_messages group by chat_id) m
    where m.chat_id = c.id`.execute(db);
  // Everyone has read their chats but the player's newest messages.
  await sql`
    insert into chat_reads (chat_id, user_id, last_read_message_id)
    select m.chat_id, b.user_id, max(m.id) - case when b.user_id = ${player}::uuid then 1 else 0 end
    from chat_messages m join chats c on c.id = m.chat_id join bookings b on b.session_id = c.session_id and b.status = 'CONFIRMED'
    group by m.chat_id, b.user_id
    on conflict (chat_id, user_id) do update set last_read_message_id = excluded.last_read_message_id`.execute(db);
  await sql`drop table bench_players`.execute(db);
  await sql`drop table bench_sessions`.execute(db);
  // Then a player thanks each table: hosts have unread messages in every chat they run.
  await sql`
    insert into chat_messages (chat_id, sender_id, content)
    select c.id, (select b.user_id from bookings b where b.session_id = c.session_id and b.status = 'CONFIRMED' order by b.user_id limit 1), '¡Gracias por la partida!'
    from chats c where c.kind = 'session'`.execute(db);
  for (const table of ["users", "bookings", "sessions", "chats", "chat_messages", "chat_reads"]) await sql`analyze ${sql.table(table)}`.execute(db);
}
