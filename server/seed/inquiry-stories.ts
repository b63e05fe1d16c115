import { directPair } from "../../app/modules/chat/rules";
import { estimateCents, sessionFromInquiry } from "../../app/modules/inquiries/rules";
import { recordNotification } from "../../app/modules/notifications/notify.server";
import { insertSession } from "../../app/modules/sessions/repo.server";
import { getDb } from "../../db/client.server";
import { demoSessionBase } from "./session-row";

/** The invite code of the private session Ana made from Lucía's inquiry (README, "Demo accounts"). */
export const DEMO_INQUIRY_CODE = "LUCIA-ACERERAK";

/**
 * Direct booking inquiries for the demo (both DMs take them, demo.ts): Mateo's open inquiry to
 * Bruno, waiting in Bruno's inbox with its notification, and Lucía's inquiry that Ana accepted: a
 * private session with an invite code for Lucía's group, sent to her in their direct chat and by
 * notification. Lucía has not booked yet, so the code can be tried.
 */
export async function seedInquiryStories(idOf: (email: string) => string | undefined, now: Date) {
  const db = getDb();
  const [ana, bruno, lucia, mateo] = ["ana.dm@mesa.test", "bruno.dm@mesa.test", "lucia@mesa.test", "mateo@mesa.test"].map(idOf);
  if (!ana || !bruno || !lucia || !mateo) return 0;
  const rateOf = async (dmId: string) =>
    db
      .selectFrom("profiles")
      .select(["direct_booking_rate_cents as rate", "direct_booking_currency as currency"])
      .where("user_id", "=", dmId)
      .executeTakeFirstOrThrow();
  const ago = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

  const brunoRate = await rateOf(bruno);
  const open = await db
    .insertInto("direct_inquiries")
    .values({
      dm_id: bruno,
      player_id: mateo,
      player_count: 5,
      hours: 4,
      session_type: "private",
      availability: "Domingos por la tarde, a partir de las 15:00 (hora de Ciudad de México).",
      details: "Somos cinco amigos, dos nunca han jugado. Nos gustaría probar Cyberpunk Red en español.",
      rate_cents: brunoRate.rate,
      currency: brunoRate.currency,
      estimate_cents: estimateCents(5, 4, brunoRate.rate),
      created_at: ago(20),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordNotification(
    { db, now: ago(20) },
    { userId: bruno, type: "inquiry_received", params: { player: "Mateo G", players: 5, hours: 4 }, actionUrl: `/inquiries/${open.id}` },
  );

  const anaRate = await rateOf(ana);
  const inquiry = { player_count: 4, hours: 3, session_type: "private", rate_cents: anaRate.rate, currency: anaRate.currency };
  const shape = sessionFromInquiry(inquiry);
  const startsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 12, 1)); // 19:00 in Mexico City
  const sessionId = await insertSession(
    db,
    {
      ...demoSessionBase(ana, startsAt),
      title: "Partida privada con Lucía H",
      description: "Los viernes después de las 19:00; somos cuatro y queremos una aventura de terror gótico.",
      game: "Other",
      durationMinutes: shape.durationMinutes,
      maxParticipants: shape.maxParticipants,
      minParticipants: shape.minParticipants,
      priceCents: shape.priceCents,
      currency: shape.currency,
      allowedPaymentMethods: shape.priceCents > 0 ? ["CARD"] : [],
      isPrivate: shape.isPrivate,
    },
    now,
  );
  await db
    .insertInto("invites")
    .values({ session_id: sessionId, code: DEMO_INQUIRY_CODE, type: "access", max_uses: shape.inviteUses, created_by: ana, created_at: ago(2) })
    .execute();
  const [a, b] = directPair(ana, lucia);
  const chat = await db
    .insertInto("chats")
    .values({ kind: "direct", user_a: a, user_b: b, last_message_at: ago(2) })
    .returning("id")
    .executeTakeFirstOrThrow();
  const message = await db
    .insertInto("chat_messages")
    .values({
      chat_id: chat.id,
      sender_id: ana,
      content: `¡Acepté tu solicitud! Reserva tu lugar en la sesión privada con el código de invitación ${DEMO_INQUIRY_CODE}.`,
      created_at: ago(2),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Lucía has read it (her unread chats are the demo's session-chat story, chat-stories.ts).
  await db
    .insertInto("chat_reads")
    .values([
      { chat_id: chat.id, user_id: lucia, last_read_message_id: Number(message.id) },
      { chat_id: chat.id, user_id: ana, last_read_message_id: Number(message.id) },
    ])
    // A member's row exists already when the message counted it unread.
    .onConflict((oc) => oc.columns(["chat_id", "user_id"]).doUpdateSet({ last_read_message_id: Number(message.id) }))
    .execute();
  await db
    .insertInto("direct_inquiries")
    .values({
      dm_id: ana,
      player_id: lucia,
      ...inquiry,
      availability: "Viernes después de las 19:00.",
      details: "Somos cuatro y queremos una aventura de terror gótico.",
      estimate_cents: estimateCents(inquiry.player_count, inquiry.hours, inquiry.rate_cents),
      status: "accepted",
      chat_id: chat.id,
      session_id: sessionId,
      invite_code: DEMO_INQUIRY_CODE,
      created_at: ago(30),
      answered_at: ago(3),
      decided_at: ago(2),
    })
    .execute();
  await recordNotification(
    { db, now: ago(2) },
    {
      userId: lucia,
      type: "inquiry_accepted",
      params: { dm: "Ana la Narradora", code: DEMO_INQUIRY_CODE },
      actionUrl: `/session/${sessionId}/confirm?invite=${DEMO_INQUIRY_CODE}`,
    },
  );
  return 1;
}
