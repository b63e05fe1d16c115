import { getDb } from "../../db/client.server";

/** The free session a demo group is booked into, and the two guests who have not answered their invitations yet. */
export const DEMO_GROUP_SESSION = "Mesa abierta de domingo";
export const DEMO_GROUP_GUESTS = [
  { name: "Carlos Pérez", email: "carlos.invitado@mesa.test" },
  { name: "Diana Ruiz", email: "diana.invitada@mesa.test" },
];

/**
 * Group registration for the demo (decision records 062 and 068): Sam booked Ana's free Sunday table
 * for a group of three. Camila accepted her invitation (the seat is her booking now); Carlos and Diana
 * have no account yet, so their seats wait for an answer: signing up with either email, verifying it
 * and accepting the invitation (on /{locale}/invitations or the session's page) makes the seat theirs.
 */
export async function seedGroupStories(idOf: (email: string) => string | undefined, now: Date) {
  const db = getDb();
  const [sam, camila] = ["sam@mesa.test", "camila@mesa.test"].map(idOf);
  const session = await db.selectFrom("sessions").select(["id", "max_participants", "booked_count"]).where("title", "=", DEMO_GROUP_SESSION).executeTakeFirst();
  if (!sam || !camila || !session || session.max_participants - session.booked_count < 3) return 0;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("group_seats")
      .values(
        DEMO_GROUP_GUESTS.map((g) => ({ session_id: session.id, booker_id: sam, guest_name: g.name, guest_email: g.email, created_at: now, updated_at: now })),
      )
      .execute();
    const seated = await trx
      .selectFrom("bookings")
      .select("id")
      .where("session_id", "=", session.id)
      .where("user_id", "=", camila)
      .where("status", "in", ["PENDING_PAYMENT", "CONFIRMED"])
      .executeTakeFirst();
    if (seated) return;
    const booking = await trx
      .insertInto("bookings")
      .values({ session_id: session.id, user_id: camila, status: "CONFIRMED", payment_method: "FREE", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await trx
      .insertInto("group_seats")
      .values({
        session_id: session.id,
        booker_id: sam,
        guest_name: "Camila Souza",
        guest_email: "camila@mesa.test",
        status: "CLAIMED",
        claimed_by: camila,
        booking_id: booking.id,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  return 1;
}
