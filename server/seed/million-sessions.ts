import type pg from "pg";

/**
 * The people, series and sessions of the million-session bench (decision record 099), written by
 * PostgreSQL itself from generate_series. Every "random" choice is a hash of the row's number
 * (`pg_temp.r(i, stream)`, uniform in [0, 1)), so two seedings give the same marketplace.
 * Shapes, not uniform noise: hosts are few and some host far more than others, most sessions are
 * in the past (three years of history, growing towards now), the upcoming ones cluster in the next
 * weeks, and games, genres, prices, currencies, levels, tags and sizes follow a marketplace's mix.
 */
/** `BENCH_MILLION_SCALE=0.01` seeds a hundredth of the sessions, campaigns and bookings (the people stay), to try the seeding out. */
const SCALE = Number(process.env.BENCH_MILLION_SCALE ?? 1);
export const MILLION = {
  sessions: Math.round(1_000_000 * SCALE),
  bookings: Math.round(10_000_000 * SCALE),
  users: 100_000,
  hosts: 3_000,
  series: Math.round(20_000 * SCALE),
  subscribers: 6_000,
} as const;

/** uniform [0, 1) from a row number and a stream number; a temporary function of this connection only. */
export async function defineHash(client: pg.Client) {
  await client.query(`create or replace function pg_temp.r(i bigint, stream int) returns float8 language sql immutable parallel safe as
    $$ select (hashint8extended(i, stream) & 16777215)::float8 / 16777216 $$`);
}

/**
 * Users up to MILLION.users (the demo's count too): MILLION.hosts hosts (host-N@million.test, DMs
 * with a bio), MILLION.subscribers campaign regulars (regular-N) and players (player-N), verified,
 * in three languages and five time zones, each with a profile.
 */
export async function seedPeople(client: pg.Client) {
  const existing = Number((await client.query<{ n: string }>("select count(*) as n from users")).rows[0]!.n);
  const players = MILLION.users - existing - MILLION.hosts - MILLION.subscribers;
  const names = `(array['Ana','Bruno','Camila','Diego','Elena','Fernando','Gabriela','Hugo','Isabel','João','Karla','Luis','María','Nicolás',
    'Olga','Pedro','Quetzal','Rosa','Santiago','Tatiana','Ulises','Valentina','Ximena','Yolanda','Zé','Beatriz','Carlos','Daniela','Emilio','Flávia'])`;
  const surnames = `(array['García','Hernández','Silva','Santos','López','Martínez','Oliveira','Rodríguez','Pérez','Souza','Gómez','Costa',
    'Ramírez','Torres','Flores','Rivera','Morales','Almeida','Castro','Ortiz','Vargas','Rocha','Mendoza','Lima','Cruz'])`;
  for (const [kind, count, roles] of [
    ["host", MILLION.hosts, "{user,dm}"],
    ["regular", MILLION.subscribers, "{user}"],
    ["player", players, "{user}"],
  ] as const) {
    await client.query(`insert into users (email, display_name, first_name, last_name, roles, email_verified_at, preferred_language, time_zone, created_at)
      select '${kind}-' || i || '@million.test', n.first || ' ' || n.last || ' ' || i, n.first, n.last, '${roles}', now(),
             (array['es','es','es','pt','pt','en'])[1 + floor(pg_temp.r(i, 11) * 6)::int],
             (array['America/Mexico_City','America/Mexico_City','America/Sao_Paulo','America/Bogota','America/Argentina/Buenos_Aires','America/Lima'])[1 + floor(pg_temp.r(i, 12) * 6)::int],
             now() - (pg_temp.r(i, 13) * 1100) * interval '1 day'
        from generate_series(1, ${count}) as i,
             lateral (select ${names}[1 + floor(pg_temp.r(i, 14) * 30)::int] as first, ${surnames}[1 + floor(pg_temp.r(i, 15) * 25)::int] as last) as n`);
  }
  await client.query(`insert into profiles (user_id, bio)
    select id, case when email like 'host-%' then 'Narro partidas desde hace años: mesas para quien empieza y campañas largas.' else '' end
      from users where email like '%@million.test'`);
  // Numbered, for the generated rows to pick from; dropped when the seeding is done.
  for (const kind of ["host", "regular", "player"]) {
    await client.query(`create unlogged table million_${kind}s as
      select row_number() over (order by id) as n, id from users where email like '${kind}-%@million.test'`);
    await client.query(`create unique index on million_${kind}s (n)`);
  }
  // The demo's players play too (Lucía's pages then read a regular's history).
  await client.query(`insert into million_players (n, id)
    select (select count(*) from million_players) + row_number() over (order by id), id from users
     where email not like '%@million.test' and not ('dm' = any(roles))`);
}

/** Shared by standalone and series sessions: the row's game, genre, level, price and the like, from its number `i`. */
const SESSION_SHAPE = `
  (array['D&D 5e','D&D 5e','D&D 5e','D&D 5e','D&D 5e','D&D 5e','D&D 5e','Pathfinder','Pathfinder','Pathfinder','Call of Cthulhu','Call of Cthulhu',
         'Vampire: The Masquerade','Vampire: The Masquerade','Cyberpunk Red','Cyberpunk Red','Starfinder','Shadowrun','Other','Other'])[1 + floor(pg_temp.r(i, 21) * 20)::int] as game,
  (array['Fantasy','Fantasy','Fantasy','Fantasy','Horror','Horror','Sci-Fi','Sci-Fi','Modern','Historical','Post-Apocalyptic','Superhero','Other', null])[1 + floor(pg_temp.r(i, 22) * 14)::int] as genre,
  (array['BEGINNER','BEGINNER','INTERMEDIATE','INTERMEDIATE','INTERMEDIATE','ADVANCED', null])[1 + floor(pg_temp.r(i, 23) * 7)::int] as experience_level,
  (array['America/Mexico_City','America/Mexico_City','America/Mexico_City','America/Sao_Paulo','America/Sao_Paulo','America/Bogota','America/Argentina/Buenos_Aires','America/Lima'])[1 + floor(pg_temp.r(i, 24) * 8)::int] as time_zone,
  (array[120, 180, 180, 240, 240, 300])[1 + floor(pg_temp.r(i, 25) * 6)::int] as duration_minutes,
  case when pg_temp.r(i, 26) < 0.65 then 3 + floor(pg_temp.r(i, 27) * 6)::int else 10 + floor(pg_temp.r(i, 27) * 11)::int end as max_participants,
  1 + floor(pg_temp.r(i, 28) * 3)::int as min_participants,
  case when pg_temp.r(i, 29) < 0.3 then 0 else (5 + floor(pg_temp.r(i, 30) * 56)::int) * 1000 end as price_cents,
  (array['MXN','MXN','MXN','MXN','MXN','BRL','BRL','BRL','USD','COP','ARS','CLP','PEN'])[1 + floor(pg_temp.r(i, 31) * 13)::int] as currency,
  array_remove(array[
    (array['one-shot','one-shot','new-campaign','ongoing-campaign'])[1 + floor(pg_temp.r(i, 32) * 4)::int],
    (array['beginner-friendly','new-players','experienced-only', null, null])[1 + floor(pg_temp.r(i, 33) * 5)::int],
    (array['lgbtq-friendly','family-friendly','mobile-friendly','text-only','voice-chat','video-chat','uses-vtt','in-person','streaming','mature-themes',
           'homebrew','roleplay-heavy','combat-heavy','exploration-heavy','weekly','flexible-schedule','weekend-only','mexican-timezone','morning-sessions',
           'afternoon-sessions','evening-sessions','night-sessions', null, null])[1 + floor(pg_temp.r(i, 34) * 24)::int],
    (array['spanish-speaking','spanish-speaking','bilingual','english-speaking','latam', null, null, null])[1 + floor(pg_temp.r(i, 35) * 8)::int]
  ], null) as tags,
  case when pg_temp.r(i, 36) < 0.15 then array['x_card','lines_and_veils'] when pg_temp.r(i, 36) < 0.25 then array['session_zero'] else '{}'::text[] end as safety_tools`;

const TITLES = `(array['La cripta','El faro maldito','Night City','Reinos olvidados','O templo perdido','Sombras de Oaxaca','A maldição do rio','El último dragón',
  'Noche en Bogotá','Ruinas del Sur','La mina de plata','Estrellas caídas','O castelo de areia','El carnaval oscuro','La isla sin nombre','Cazadores de reliquias'])`;

/**
 * MILLION.sessions sessions: MILLION.series weekly campaigns of ten, the rest one-offs. 85 % of the
 * one-offs lie in the past three years (more of them recently), 15 % in the next six months (most in the
 * next weeks); past ones are completed (badges already handled), 3 % cancelled by their host.
 */
export async function seedSessions(client: pg.Client) {
  const oneOffs = MILLION.sessions - MILLION.series * 10;
  // Hosts are skewed: host n = 1 + floor(H * r^2.2), so a few hundred run most tables.
  const host = (stream: number) => `(select id from million_hosts where n = 1 + floor(${MILLION.hosts} * pow(pg_temp.r(i, ${stream}), 2.2))::int)`;
  await client.query(`insert into sessions (dm_id, title, description, game, genre, experience_level, starts_at, time_zone, duration_minutes,
                         max_participants, min_participants, price_cents, currency, allowed_payment_methods, tags, safety_tools, is_private,
                         status, cancelled_at, cancelled_by, badges_checked_at, created_at)
    select ${host(20)}, t.title, t.title || ': una partida de ' || x.game || ' con exploración, combate e interpretación. Mesa número ' || i || '.',
           x.game, x.genre, x.experience_level, w.starts_at, x.time_zone, x.duration_minutes, x.max_participants, least(x.min_participants, x.max_participants),
           x.price_cents, x.currency,
           case when x.price_cents = 0 then '{}'::text[] when x.currency = 'MXN' and pg_temp.r(i, 37) < 0.5 then '{CARD,OXXO}'::text[] else '{CARD}'::text[] end,
           x.tags, x.safety_tools, pg_temp.r(i, 38) < 0.02,
           case when pg_temp.r(i, 39) < 0.03 then 'CANCELLED' when w.starts_at < now() then 'COMPLETED' else 'UPCOMING' end,
           case when pg_temp.r(i, 39) < 0.03 then least(now(), w.starts_at - interval '2 days') end, case when pg_temp.r(i, 39) < 0.03 then 'HOST' end,
           case when pg_temp.r(i, 39) >= 0.03 and w.starts_at < now() then w.starts_at + interval '1 day' end,
           least(now(), w.starts_at - (1 + floor(pg_temp.r(i, 40) * 40)) * interval '1 day')
      from generate_series(1, ${oneOffs}) as i,
           lateral (select ${TITLES}[1 + floor(pg_temp.r(i, 41) * 16)::int] || ' #' || i as title) as t,
           lateral (select ${SESSION_SHAPE}) as x,
           lateral (select date_trunc('hour', case when pg_temp.r(i, 42) < 0.85
             then now() - (1 + 1094 * pow(pg_temp.r(i, 43), 1.6)) * interval '1 day'
             else now() + (2 + 4380 * pow(pg_temp.r(i, 43), 1.8)) * interval '1 hour' end) as starts_at) as w`);

  // Campaigns: ten weekly sessions each, started between three years ago and a month ahead.
  await client.query(`create unlogged table million_series as
    select i, ${host(50)} as dm_id, (current_date - 1095 + floor(1125 * pow(pg_temp.r(i, 51), 0.8))::int) as start_date, x.*
      from generate_series(1, ${MILLION.series}) as i, lateral (select ${SESSION_SHAPE}) as x`);
  await client.query(`with created as (
      insert into series (dm_id, title, description, game, genre, experience_level, frequency, time_zone, day_of_week, time_of_day, duration_minutes,
                          start_date, end_date, is_ongoing, max_participants, min_participants, price_cents, currency, allowed_payment_methods, tags, safety_tools, status)
      select dm_id, (array['Campaña de la Costa','Crónicas del Norte','A longa noite','La marca del cuervo','Herederos del sol'])[1 + i % 5] || ' #' || i,
             'Campaña semanal número ' || i || '.', game, genre, experience_level, 'WEEKLY', time_zone, extract(dow from start_date)::int, '19:00',
             duration_minutes, start_date, start_date + 63, false, greatest(max_participants, 6), min_participants, price_cents, currency,
             case when price_cents = 0 then '{}'::text[] else '{CARD}'::text[] end, tags, safety_tools,
             case when start_date + 63 < current_date then 'COMPLETED' else 'ACTIVE' end
        from million_series
      returning id, dm_id, title, description, game, genre, experience_level, time_zone, duration_minutes, start_date, max_participants,
                min_participants, price_cents, currency, allowed_payment_methods, tags, safety_tools)
    insert into sessions (dm_id, series_id, title, description, game, genre, experience_level, starts_at, time_zone, duration_minutes,
                          max_participants, min_participants, price_cents, currency, allowed_payment_methods, tags, safety_tools, status, badges_checked_at, created_at)
    select c.dm_id, c.id, c.title, c.description, c.game, c.genre, c.experience_level, s.starts_at, c.time_zone, c.duration_minutes,
           c.max_participants, c.min_participants, c.price_cents, c.currency, c.allowed_payment_methods, c.tags, c.safety_tools,
           case when s.starts_at < now() then 'COMPLETED' else 'UPCOMING' end, case when s.starts_at < now() then s.starts_at + interval '1 day' end,
           least(now(), c.start_date - 7)
      from created c, generate_series(0, 9) as w,
           lateral (select ((c.start_date + w * 7 + time '19:00') at time zone c.time_zone) as starts_at) as s`);
  await client.query("drop table million_series");
}
