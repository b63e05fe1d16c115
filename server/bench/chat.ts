// The chat's bench (issue: group chats, images and files): a group of 50 people with 10,000
// messages over 30 days. Its pages through the page table (Node CPU on a pinned worker, PostgreSQL
// per request; budgets 5 ms and 2 ms): the newest page, a page far back, and the API's page. Then
// the fan-out: each of the 50 members with an open event stream (half on each of two processes),
// one member posts 20 texts, then 20 photos (1600x1200, as a phone's form sends them), and each
// arrival is timed from the moment the post was sent; budget p95 150 ms. Last, the copies of a
// photo just under 10 MB are timed (budget 300 ms).
import { randomBytes } from "node:crypto";
import os from "node:os";
import { sql } from "kysely";
import sharp from "sharp";
import { photoCopies } from "../../app/modules/chat/attachment-images.server";
import { getDb } from "../../db/client.server";
import { loginCookie } from "../../tests/fixtures/users";
import { openStream, percentile } from "./live";
import { pageTable } from "./pages";
import { startBenchServer } from "./server";

const MEMBERS = 50;
const MESSAGES = 10_000;
const POSTS = Number(process.env.BENCH_CHAT_POSTS ?? 20);

/** Lucía's group with 49 others and 10,000 messages from all of them over the last 30 days; returns its id and a message id far back. */
export async function seedBigGroup(now: Date) {
  const db = getDb();
  const lucia = await db.selectFrom("users").select("id").where("email", "=", "lucia@mesa.test").executeTakeFirstOrThrow();
  await sql`insert into users (email, display_name, email_verified_at)
    select 'chat-member-' || i || '@mesa.test', 'Integrante ' || i, now() from generate_series(1, ${MEMBERS - 1}::int) as i`.execute(db);
  const chat = await db
    .insertInto("chats")
    .values({ kind: "group", name: "Mesa de cincuenta", owner_id: lucia.id, created_by: lucia.id, created_at: new Date(now.getTime() - 31 * 86_400_000) })
    .returning("id")
    .executeTakeFirstOrThrow();
  await sql`insert into chat_members (chat_id, user_id, added_by, joined_at)
    select ${chat.id}::uuid, id, ${lucia.id}::uuid, ${now}::timestamptz - interval '31 days'
    from users where email like 'chat-member-%' or id = ${lucia.id}::uuid`.execute(db);
  await sql`insert into chat_messages (chat_id, sender_id, content, created_at)
    select ${chat.id}::uuid, m.user_id, 'Mensaje ' || i || ': ¿quién lleva los dados y el mapa de la cripta esta semana?',
           ${now}::timestamptz - ((${MESSAGES}::int - i) * (30.0 * 24 * 60 / ${MESSAGES}::int) || ' minutes')::interval
    from generate_series(1, ${MESSAGES}::int) as i
    join (select row_number() over (order by user_id) - 1 as n, user_id from chat_members where chat_id = ${chat.id}::uuid) m on m.n = i % ${MEMBERS}::int`.execute(
    db,
  );
  await db.updateTable("chats").set({ last_message_at: now }).where("id", "=", chat.id).execute();
  await sql`vacuum analyze chat_messages`.execute(db);
  await sql`vacuum analyze chat_reads`.execute(db);
  await sql`analyze`.execute(db);
  const far = await db.selectFrom("chat_messages").select("id").where("chat_id", "=", chat.id).orderBy("id").offset(5_000).limit(1).executeTakeFirstOrThrow();
  const members = await db.selectFrom("chat_members").select("user_id").where("chat_id", "=", chat.id).execute();
  return { chatId: chat.id, farBefore: Number(far.id), lucia: lucia.id, members: members.map((m) => m.user_id) };
}

/** A post's body: a text message, or (BENCH_CHAT_POST=image) a photo with a caption, as a phone's form sends it. */
export type PostBody = (i: number) => Promise<{ body: BodyInit; contentType?: string }>;
const textPost: PostBody = async (i) => ({ body: JSON.stringify({ content: `Fan-out ${i}` }), contentType: "application/json" });

/** A phone photo's grain (blurred noise, the hardest thing to encode) as a JPEG of `width` x 3/4 of it. */
async function grainyPhoto(width: number, quality: number) {
  const height = Math.round((width * 3) / 4);
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .blur(0.6)
    .jpeg({ quality })
    .toBuffer();
}

/** Each post a 1600x1200 photo with a caption, as the chat's form sends it (multipart). */
async function imagePosts(): Promise<PostBody> {
  const photo = await grainyPhoto(1600, 85);
  return async (i) => {
    const form = new FormData();
    form.append("content", `Mapa ${i}`);
    form.append("file", new File([new Uint8Array(photo)], `mapa-${i}.jpg`, { type: "image/jpeg" }));
    return { body: form };
  };
}

/** The copies of a photo just under 10 MB (4000x3000): the milliseconds it takes, five times. */
async function thumbnailTimes() {
  let quality = 95;
  let photo = await grainyPhoto(4000, quality);
  while (photo.byteLength > 10 * 1024 * 1024 && quality > 60) photo = await grainyPhoto(4000, (quality -= 2));
  const times: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    if (!(await photoCopies(photo))) throw new Error("the photo did not decode");
    times.push(+(performance.now() - started).toFixed(0));
  }
  return { photoBytes: photo.byteLength, ms: times, budgetMs: 300 };
}

async function fanOut(databaseUrl: string, group: Awaited<ReturnType<typeof seedBigGroup>>, postBody: PostBody) {
  const servers = [
    await startBenchServer(databaseUrl, { workers: 1, extraEnv: { JOBS_IN_SERVER: "false" } }),
    await startBenchServer(databaseUrl, { workers: 1, extraEnv: { JOBS_IN_SERVER: "false" } }),
  ];
  const closers: (() => void)[] = [];
  try {
    const cookies = new Map(await Promise.all(group.members.map(async (id) => [id, await loginCookie(id)] as const)));
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    const early: { id: number; at: number }[] = [];
    const arrived = (id: number) => {
      const at = performance.now();
      const sent = sentAt.get(id);
      if (sent === undefined) early.push({ id, at });
      else latencies.push(at - sent);
    };
    for (const [i, id] of group.members.entries()) closers.push(await openStream(servers[i % 2]!.base, cookies.get(id)!, arrived));
    const post = async (i: number) => {
      const { body, contentType } = await postBody(i);
      const started = performance.now();
      const res = await fetch(`${servers[0]!.base}/api/chats/${group.chatId}/messages`, {
        method: "POST",
        headers: { Cookie: cookies.get(group.lucia)!, Origin: servers[0]!.base, ...(contentType ? { "Content-Type": contentType } : {}) },
        body,
      });
      const answer = (await res.json()) as { message?: { id: number } };
      if (!answer.message) throw new Error(`post answered ${res.status}: ${JSON.stringify(answer)}`);
      sentAt.set(answer.message.id, started);
      for (const e of early.splice(0).filter((e) => e.id === answer.message!.id)) latencies.push(e.at - started);
      return performance.now() - started;
    };
    await post(-1);
    await new Promise((r) => setTimeout(r, 500));
    latencies.length = 0;
    const postMs: number[] = [];
    for (let i = 0; i < POSTS; i += 1) {
      postMs.push(await post(i));
      // Under the sender's limits (10 a second, 60 a minute); each fan-out finishes before the next.
      await new Promise((r) => setTimeout(r, 1100));
    }
    await new Promise((r) => setTimeout(r, 1000));
    return {
      streams: group.members.length,
      processes: 2,
      posts: POSTS,
      deliveries: latencies.length,
      expected: POSTS * group.members.length,
      postAnsweredMs: { p50: +percentile(postMs, 50).toFixed(1), p95: +percentile(postMs, 95).toFixed(1) },
      arrivalMs: { p50: +percentile(latencies, 50).toFixed(1), p95: +percentile(latencies, 95).toFixed(1), max: +Math.max(...latencies).toFixed(1) },
      budgetP95Ms: 150,
      machineLoad: os.loadavg()[0],
    };
  } finally {
    for (const close of closers) close();
    for (const server of servers) await server.stop();
  }
}

export async function benchChat(databaseUrl: string, postgresDataDir: string) {
  const started = Date.now();
  const group = await seedBigGroup(new Date());
  console.error(`chat: seeded a group of ${MEMBERS} with ${MESSAGES} messages in ${(Date.now() - started) / 1000} s`);
  const pages = await pageTable(databaseUrl, postgresDataDir, {
    pages: {
      "chat, newest": `/es/chats/${group.chatId}`,
      "chat, 5,000 back": `/es/chats/${group.chatId}?before=${group.farBefore}`,
      "api/chats/{id}/messages": `/api/chats/${group.chatId}/messages`,
      chats: "/es/chats",
    },
    budget: { cpuMs: 5, pgMs: 2 },
    // The minimal app of the same stack in the same run (stack notes G35): what any page costs here.
    floor: true,
  });
  const fanout = await fanOut(databaseUrl, group, textPost);
  const photoFanout = await fanOut(databaseUrl, group, await imagePosts());
  const thumbnails = await thumbnailTimes();
  console.log("\nChat fan-out (budget: p95 from post to arrival ≤ 150 ms on 50 streams): text, then a 1600x1200 photo each");
  console.log(JSON.stringify({ fanout, photoFanout, thumbnails }, null, 2));
  return { members: MEMBERS, messages: MESSAGES, pages, fanout, photoFanout, thumbnails };
}
