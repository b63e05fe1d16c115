import { describe, expect, it } from "vitest";
import { listChats, markChatRead, openDirectChat, openSessionChat, unreadChatTotal } from "../../app/modules/chat/chat.server";
import { markRead } from "../../app/modules/chat/repo.server";
import { UNREAD_COUNT_CAP } from "../../app/modules/chat/rules";
import { headerCounts } from "../../app/modules/header-counts/header-counts.server";
import { loader as rootLoader } from "../../app/root";
import { getDb } from "../../db/client.server";
import { useTestDatabase } from "../setup/database";
import { createUser, loginCookie, testDeps } from "./helpers";
import { run } from "./route";

useTestDatabase();

type Who = { id: string; isAdmin: boolean };
const person = async (role: "dm" | "user" = "user"): Promise<Who> => ({ id: (await createUser({ role })).id, isAdmin: false });

async function hostedSession(hostId: string) {
  const row = await getDb()
    .insertInto("sessions")
    .values({
      dm_id: hostId,
      title: "Mesa del badge",
      game: "D&D 5e",
      starts_at: new Date(Date.now() + 7 * 86_400_000),
      time_zone: "America/Mexico_City",
      duration_minutes: 120,
      max_participants: 6,
      min_participants: 1,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes `n` messages from `senderId` straight to the table (the send path's rate limit is not under test here); returns the last id. */
async function write(chatId: string, senderId: string, n: number) {
  const rows = await getDb()
    .insertInto("chat_messages")
    .values(Array.from({ length: n }, (_, i) => ({ chat_id: chatId, sender_id: senderId, content: `mensaje ${i + 1}` })))
    .returning("id")
    .execute();
  return Number(rows.at(-1)!.id);
}

const readUpTo = (chatId: string, userId: string, messageId: number) => markRead(getDb(), { chatId, userId, messageId, now: new Date() });

const total = (who: Who) => unreadChatTotal(testDeps().deps, who);
const listedSum = async (who: Who) => (await listChats(testDeps().deps, who)).reduce((sum, c) => sum + c.unreadCount, 0);

describe("the header's chat badge", () => {
  it("counts, for each reader, the messages of others after their read marker, in session and direct chats they belong to", async () => {
    const deps = testDeps().deps;
    const [host, player, pending, cancelled, stranger, friend] = [
      await person("dm"),
      await person(),
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const sessionId = await hostedSession(host.id);
    const db = getDb();
    await db.insertInto("bookings").values({ session_id: sessionId, user_id: player.id, status: "CONFIRMED" }).execute();
    await db.insertInto("bookings").values({ session_id: sessionId, user_id: pending.id, status: "PENDING_PAYMENT", payment_method: "OXXO" }).execute();
    await db.insertInto("bookings").values({ session_id: sessionId, user_id: cancelled.id, status: "CANCELLED" }).execute();
    const opened = await openSessionChat(deps, host, sessionId);
    if (opened.status !== "ok") throw new Error("the host could not open the chat");
    const table = opened.chatId;

    // Host writes 3, the player has read the first; the player answers 2, the host has read none of them.
    const third = await write(table, host.id, 3);
    await readUpTo(table, player.id, third - 2);
    await write(table, player.id, 2);
    // A direct chat where the player is user_a or user_b, whichever the ids decide: both sides are found.
    const direct = await openDirectChat(deps, player, friend.id);
    if (direct.status !== "ok") throw new Error("no direct chat");
    await write(direct.chatId, friend.id, 4);
    const answered = await write(direct.chatId, player.id, 1);
    await readUpTo(direct.chatId, friend.id, answered - 1);

    expect(await total(player)).toBe(2 + 4);
    expect(await total(host)).toBe(2);
    expect(await total(friend)).toBe(1);
    // A pending payer, a cancelled seat and a stranger do not read the table's chat.
    expect(await total(pending)).toBe(0);
    expect(await total(cancelled)).toBe(0);
    expect(await total(stranger)).toBe(0);
    for (const who of [player, host, friend, pending, stranger]) expect(await total(who)).toBe(await listedSum(who));

    // Leaving the table takes its messages off the badge at once (access is derived from the booking).
    await db.updateTable("bookings").set({ status: "CANCELLED" }).where("session_id", "=", sessionId).where("user_id", "=", player.id).execute();
    expect(await total(player)).toBe(4);
  });

  it("counts every chat, not only the 100 newest the chats page lists, each chat and the whole up to the badge's cap", async () => {
    const [reader, busy] = [await person(), await person()];
    const deps = testDeps().deps;
    const others = await Promise.all(Array.from({ length: 101 }, () => person()));
    // The oldest chat has 5 unread; the 100 newer ones are read.
    for (const [i, other] of others.entries()) {
      const opened = await openDirectChat(deps, reader, other.id);
      if (opened.status !== "ok") throw new Error("no direct chat");
      const last = await write(opened.chatId, other.id, i === 0 ? 5 : 1);
      if (i > 0) await readUpTo(opened.chatId, reader.id, last);
    }
    expect(await total(reader)).toBe(5);

    const loud = await openDirectChat(deps, busy, others[0]!.id);
    if (loud.status !== "ok") throw new Error("no direct chat");
    await write(loud.chatId, others[0]!.id, UNREAD_COUNT_CAP + 30);
    expect(await total(busy)).toBe(UNREAD_COUNT_CAP);
    // 101 chats with one unread each: past the cap either way, and the badge says 99+.
    for (const other of others.slice(1)) {
      const opened = await openDirectChat(deps, busy, other.id);
      if (opened.status !== "ok") throw new Error("no direct chat");
      await write(opened.chatId, other.id, 1);
    }
    expect(await total(busy)).toBeGreaterThanOrEqual(UNREAD_COUNT_CAP);
  });

  it("gives every chat its session's host, however the chat was made", async () => {
    const host = await person("dm");
    const sessionId = await hostedSession(host.id);
    // As the seeds do: a bare insert, with no host named.
    const chat = await getDb().insertInto("chats").values({ kind: "session", session_id: sessionId }).returning(["id", "host_id"]).executeTakeFirstOrThrow();
    expect(chat.host_id).toBe(host.id);
    const player = await person();
    await write(chat.id, player.id, 2);
    expect(await total(host)).toBe(2);
  });

  it("counts for a player confirmed after the talk began, again after leaving and coming back, and clears on reading", async () => {
    const deps = testDeps().deps;
    const [host, late] = [await person("dm"), await person()];
    const sessionId = await hostedSession(host.id);
    const opened = await openSessionChat(deps, host, sessionId);
    if (opened.status !== "ok") throw new Error("the host could not open the chat");
    await write(opened.chatId, host.id, 3);
    const db = getDb();
    const booking = await db
      .insertInto("bookings")
      .values({ session_id: sessionId, user_id: late.id, status: "PENDING_PAYMENT", payment_method: "OXXO" })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(await total(late)).toBe(0);
    await db.updateTable("bookings").set({ status: "CONFIRMED" }).where("id", "=", booking.id).execute();
    expect(await total(late)).toBe(3);
    await markChatRead({ db, now: new Date() }, late, opened.chatId);
    expect(await total(late)).toBe(0);
    // Away while two more are written; back with a new seat: they count.
    await db.updateTable("bookings").set({ status: "CANCELLED" }).where("id", "=", booking.id).execute();
    await write(opened.chatId, host.id, 2);
    expect(await total(late)).toBe(0);
    await db.insertInto("bookings").values({ session_id: sessionId, user_id: late.id, status: "CONFIRMED" }).execute();
    expect(await total(late)).toBe(2);
    expect(await total(late)).toBe(await listedSum(late));
  });

  it("keeps every member's count exact under parallel messages, reads and a new seat", async () => {
    const deps = testDeps().deps;
    const host = await person("dm");
    const players = await Promise.all(Array.from({ length: 4 }, () => person()));
    const joiner = await person();
    const sessionId = await hostedSession(host.id);
    const db = getDb();
    for (const p of players) await db.insertInto("bookings").values({ session_id: sessionId, user_id: p.id, status: "CONFIRMED" }).execute();
    const opened = await openSessionChat(deps, host, sessionId);
    if (opened.status !== "ok") throw new Error("the host could not open the chat");
    const chatId = opened.chatId;
    const senders = [host, ...players];
    await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => write(chatId, senders[i % senders.length]!.id, 1 + (i % 3))),
      ...players.slice(0, 2).flatMap((p) => Array.from({ length: 5 }, () => markChatRead({ db, now: new Date() }, p, chatId))),
      db.insertInto("bookings").values({ session_id: sessionId, user_id: joiner.id, status: "CONFIRMED" }).execute(),
    ]);
    for (const who of [host, ...players, joiner]) expect(await total(who)).toBe(await listedSum(who));
    expect(await total(joiner)).toBe(79);
  });

  it("is what the root loader gives every page, next to the unread notifications", async () => {
    const [player, friend] = [await createUser({}), await person()];
    const direct = await openDirectChat(testDeps().deps, { id: player.id, isAdmin: false }, friend.id);
    if (direct.status !== "ok") throw new Error("no direct chat");
    await write(direct.chatId, friend.id, 3);
    const request = new Request("http://localhost:3000/es/sessions", { headers: { Cookie: await loginCookie(player.id) } });
    const result = await run(rootLoader, request, { lang: "es" }, { now: new Date() });
    expect(result.data).toMatchObject({ user: { chats: 3, unread: 0 } });
  });

  it("reads the bell's and the badge's counts in one statement", async () => {
    const [player, friend] = [await person(), await person()];
    const direct = await openDirectChat(testDeps().deps, player, friend.id);
    if (direct.status !== "ok") throw new Error("no direct chat");
    await write(direct.chatId, friend.id, 2);
    await getDb()
      .insertInto("notifications")
      .values(
        ["a", "b", "c"].map((title) => ({
          user_id: player.id,
          type: "new_message",
          title_key: "new_message.title",
          message_key: "new_message.message",
          params: JSON.stringify({ title }),
        })),
      )
      .execute();
    let statements = 0;
    const counted = getDb().withPlugin({
      transformQuery: (args) => args.node,
      // Called once per statement sent (transformQuery also sees each subquery as it is built).
      transformResult: (args) => {
        statements += 1;
        return Promise.resolve(args.result);
      },
    });
    expect(await headerCounts({ db: counted }, player)).toEqual({ notifications: 3, chats: 2 });
    expect(statements).toBe(1);
    expect(await headerCounts({ db: counted }, friend)).toEqual({ notifications: 0, chats: 0 });
  });
});
