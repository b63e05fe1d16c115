import { sql } from "kysely";

/**
 * Images and files in chats (decision record 092). A message is `text`, `image` or `file`; a text
 * needs 1-2000 characters, an image or file takes an optional caption of up to 2000 (empty when
 * none). What was stored for it lives in chat_attachments: a row is written before its files are
 * put in the private storage and is "pending" (no message) until the message that carries it is
 * sent, so a sweep can find and delete whatever a failed or abandoned upload left behind.
 * - storage_key: the file itself, or an image's 1200 px WebP copy; small_key: an image's 400 px copy.
 * - file_name: the name shown and offered when saving (already cleaned of paths and control characters).
 * - width/height: the original image's, upright, so the page reserves its place before it loads.
 * @param {import('kysely').Kysely<any>} db
 */
export async function up(db) {
  await sql`alter table chat_messages drop constraint chat_messages_type`.execute(db);
  await sql`alter table chat_messages add constraint chat_messages_type check (type in ('text', 'image', 'file'))`.execute(db);
  await sql`alter table chat_messages drop constraint chat_messages_content`.execute(db);
  await sql`alter table chat_messages add constraint chat_messages_content
    check (char_length(content) <= 2000 and (type <> 'text' or char_length(content) >= 1))`.execute(db);

  await sql`create table chat_attachments (
    id uuid primary key default gen_random_uuid(),
    chat_id uuid not null references chats(id) on delete cascade,
    message_id bigint unique references chat_messages(id) on delete cascade,
    uploader_id uuid not null references users(id) on delete cascade,
    kind text not null check (kind in ('image', 'file')),
    content_type text not null check (content_type in ('image/webp', 'application/pdf', 'text/plain')),
    storage_key text not null unique,
    small_key text unique,
    byte_size integer not null check (byte_size between 1 and 10485760),
    file_name text not null check (char_length(file_name) between 1 and 200),
    width integer check (width > 0),
    height integer check (height > 0),
    created_at timestamptz not null default now(),
    constraint chat_attachments_shape check (
         (kind = 'image' and content_type = 'image/webp' and small_key is not null and width is not null and height is not null)
      or (kind = 'file' and content_type <> 'image/webp' and small_key is null and width is null and height is null))
  )`.execute(db);
  // The sweep's search: uploads that never became a message, oldest first.
  await sql`create index chat_attachments_pending_idx on chat_attachments (created_at) where message_id is null`.execute(db);
}

/** @param {import('kysely').Kysely<any>} db */
export async function down(db) {
  await sql`drop table chat_attachments`.execute(db);
  await sql`delete from chat_messages where type <> 'text' and char_length(content) = 0`.execute(db);
  await sql`alter table chat_messages drop constraint chat_messages_content`.execute(db);
  await sql`update chat_messages set type = 'text' where type <> 'text'`.execute(db);
  await sql`alter table chat_messages add constraint chat_messages_content check (char_length(content) between 1 and 2000)`.execute(db);
  await sql`alter table chat_messages drop constraint chat_messages_type`.execute(db);
  await sql`alter table chat_messages add constraint chat_messages_type check (type = 'text')`.execute(db);
}
