import { directPair } from "../../app/modules/chat/rules";
import { recordNotification } from "../../app/modules/notifications/notify.server";
import { getDb } from "../../db/client.server";

type Line = { from: string; text: string; minutesAgo: number };

/**
 * Chats for the demo accounts: a game's table talk, two direct conversations and Lucía's group of
 * friends from the table (decision record 091), with history and
 * messages some people have not read yet (and their new_message notifications), so the chat badge,
 * the bell and the live layer have something to show on first sign-in.
 */
export async function seedChatStories(idOf: (email: string) => string | undefined, now: Date) {
  const db = getDb();
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000);
  const ids = ["ana.dm@mesa.test", "bruno.dm@mesa.test", "lucia@mesa.test", "camila@mesa.test", "sam@mesa.test", "mateo@mesa.test"].map(idOf);
  const [ana, bruno, lucia, camila, sam, mateo] = ids;
  if (!ana || !bruno || !lucia || !camila || !sam || !mateo) return 0;

  /** Writes a chat's history; each member has read all but the last `unreadFor[email]` lines, and is told of those. */
  const history = async (chatId: string, title: string, members: string[], lines: Line[], unreadFor: Record<string, number>) => {
    const rows = await db
      .insertInto("chat_messages")
      .values(lines.map((l) => ({ chat_id: chatId, sender_id: idOf(l.from)!, content: l.text, created_at: at(l.minutesAgo) })))
      .returning(["id", "sender_id"])
      .execute();
    await db
      .updateTable("chats")
      .set({ last_message_at: at(lines.at(-1)!.minutesAgo) })
      .where("id", "=", chatId)
      .execute();
    for (const userId of members) {
      const email = Object.keys(unreadFor).find((e) => idOf(e) === userId);
      const unread = email ? unreadFor[email]! : 0;
      const lastRead = rows[rows.length - 1 - unread];
      if (lastRead)
        await db
          .insertInto("chat_reads")
          .values({ chat_id: chatId, user_id: userId, last_read_message_id: Number(lastRead.id) })
          // The member's row exists already when a message counted it unread.
          .onConflict((oc) => oc.columns(["chat_id", "user_id"]).doUpdateSet({ last_read_message_id: Number(lastRead.id) }))
          .execute();
      if (unread > 0) {
        const last = lines[lines.length - 1]!;
        const sender = await db.selectFrom("users").select("display_name").where("id", "=", idOf(last.from)!).executeTakeFirstOrThrow();
        await recordNotification({ db, now }, { userId, type: "new_message", params: { player: sender.display_name, title }, actionUrl: `/chats/${chatId}` });
      }
    }
  };

  // The table of the full free game (Ana hosts; Lucía holds a confirmed seat).
  const lined = await db.selectFrom("sessions").select(["id", "title"]).where("title", "=", "Ruinas de Teotihuacan: lista de espera").executeTakeFirst();
  let created = 0;
  if (lined) {
    const chat = await db.insertInto("chats").values({ kind: "session", session_id: lined.id }).returning("id").executeTakeFirstOrThrow();
    await history(
      chat.id,
      lined.title,
      [ana, lucia],
      [
        { from: "ana.dm@mesa.test", text: "¡Bienvenidas y bienvenidos a las Ruinas! Traigan una hoja de personaje de nivel 3.", minutesAgo: 60 * 26 },
        { from: "lucia@mesa.test", text: "¡Listo! Voy con una clériga enana. ¿Hay que traer dados físicos?", minutesAgo: 60 * 25 },
        { from: "ana.dm@mesa.test", text: "Los dados virtuales del canal sirven. Empezamos puntuales a las 20:00.", minutesAgo: 90 },
        { from: "ana.dm@mesa.test", text: "Recuerden: la entrada a la pirámide está vigilada. Piensen en un plan 😉", minutesAgo: 30 },
      ],
      { "lucia@mesa.test": 2 },
    );
    created += 1;
  }

  const direct = async (a: string, b: string) => {
    const [x, y] = directPair(a, b);
    return (await db.insertInto("chats").values({ kind: "direct", user_a: x, user_b: y }).returning("id").executeTakeFirstOrThrow()).id;
  };
  // Camila asks Bruno about his campaign, in Portuguese; Bruno's answer waits for her.
  await history(
    await direct(bruno, camila),
    "Bruno Mestre",
    [bruno, camila],
    [
      { from: "camila@mesa.test", text: "Oi Bruno! A campanha de Pathfinder ainda tem vaga?", minutesAgo: 300 },
      { from: "bruno.dm@mesa.test", text: "Tem sim! Uma vaga na sessão do dia 15. Quer que eu guarde?", minutesAgo: 12 },
    ],
    { "camila@mesa.test": 1 },
  );
  // Sam and Ana, in English, all read.
  await history(
    await direct(ana, sam),
    "Ana la Narradora",
    [ana, sam],
    [
      { from: "sam@mesa.test", text: "Hi Ana! Do you run games in English too?", minutesAgo: 60 * 48 },
      { from: "ana.dm@mesa.test", text: "Yes! Friday nights are bilingual. You are welcome to join.", minutesAgo: 60 * 47 },
    ],
    {},
  );
  // Lucía's group with Mateo and Camila, made a week ago: Mateo's last message waits for Camila.
  const group = await db
    .insertInto("chats")
    .values({ kind: "group", name: "Los de los martes", owner_id: lucia, created_by: lucia, created_at: at(60 * 24 * 7) })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("chat_members")
    .values([lucia, mateo, camila].map((userId) => ({ chat_id: group.id, user_id: userId, added_by: lucia, joined_at: at(60 * 24 * 7) })))
    .execute();
  await history(
    group.id,
    "Los de los martes",
    [lucia, mateo, camila],
    [
      { from: "lucia@mesa.test", text: "¡Hice el grupo! Para organizarnos los martes sin llenar el chat de cada partida.", minutesAgo: 60 * 24 * 7 },
      { from: "camila@mesa.test", text: "Boa! Eu topo. Mesmo horário de sempre?", minutesAgo: 60 * 24 * 6 },
      { from: "mateo@mesa.test", text: "Sí, 20:00. Esta semana hay mesa nueva de Ana, ¿nos apuntamos los tres?", minutesAgo: 45 },
    ],
    { "camila@mesa.test": 1 },
  );
  return created + 3;
}
