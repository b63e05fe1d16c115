import { insertSession, type SessionRow } from "../../app/modules/sessions/repo.server";
import { getDb } from "../../db/client.server";
import { demoSessionBase } from "./session-row";

/** The invite code of the demo's private session (README, "Demo accounts"). */
export const DEMO_INVITE_CODE = "MESA-AMIGOS";

/** The booking stories' games are fantasy ones. */
const base = (dmId: string, startsAt: Date): Omit<SessionRow, "title"> => ({ ...demoSessionBase(dmId, startsAt), genre: "Fantasy" });

type Booking = { email: string; status: "CONFIRMED" | "CANCELLED" | "EXPIRED" | "REFUNDED"; cents?: number; method?: string };

/**
 * The booking side of the demo: past sessions to look back on (and review later) with bookings in
 * every final state, and a private session that opens only with an invite code.
 */
export async function seedBookingStories(idOf: (email: string) => string | undefined, now: Date) {
  const db = getDb();
  const ana = idOf("ana.dm@mesa.test");
  const bruno = idOf("bruno.dm@mesa.test");
  if (!ana || !bruno) return 0;
  const day = (offset: number, hourUtc: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset, hourUtc));

  // A cancelled demo seat was given up by its player three days or more before the start (now, for a
  // session to come): outside any lock, so no demo record shows a late cancellation (decision record 058).
  const book = async (sessionId: string, startsAt: Date, bookings: Booking[]) => {
    for (const b of bookings) {
      const userId = idOf(b.email);
      if (!userId) continue;
      await db
        .insertInto("bookings")
        .values({
          session_id: sessionId,
          user_id: userId,
          status: b.status,
          payment_method: b.method ?? (b.cents ? "CARD" : "FREE"),
          amount_cents: b.cents ?? 0,
          currency: "MXN",
          ...(b.status === "CANCELLED" && { cancelled_by: "PLAYER", cancelled_at: new Date(Math.min(now.getTime(), startsAt.getTime() - 3 * 86_400_000)) }),
        })
        .execute();
    }
  };

  const stories: { row: SessionRow; status: string; bookings: Booking[] }[] = [
    {
      row: {
        ...base(ana, day(-3, 1)),
        title: "El Templo Hundido",
        description: "Una exploración submarina que terminó con el templo a salvo.",
        tags: ["one-shot"],
      },
      status: "COMPLETED",
      bookings: [
        { email: "lucia@mesa.test", status: "CONFIRMED" },
        { email: "mateo@mesa.test", status: "CONFIRMED" },
        { email: "camila@mesa.test", status: "CANCELLED" },
      ],
    },
    {
      row: {
        ...base(bruno, day(-10, 23)),
        title: "Noite de Vampiro: A Máscara",
        game: "Other",
        genre: "Horror",
        priceCents: 12000,
        allowedPaymentMethods: ["CARD", "OXXO"],
        description: "Uma noite de intriga entre clãs em São Paulo.",
      },
      status: "COMPLETED",
      bookings: [
        { email: "lucia@mesa.test", status: "CONFIRMED", cents: 12000 },
        { email: "sam@mesa.test", status: "REFUNDED", cents: 12000 },
        { email: "mateo@mesa.test", status: "EXPIRED", cents: 12000, method: "OXXO" },
      ],
    },
    {
      row: {
        ...base(ana, day(-17, 2)),
        title: "Taller de Fate para principiantes",
        game: "Other",
        experienceLevel: "BEGINNER",
        description: "Aprendimos Fate Condensed en dos horas.",
      },
      status: "COMPLETED",
      bookings: [{ email: "camila@mesa.test", status: "CONFIRMED" }],
    },
  ];
  let created = 0;
  for (const story of stories) {
    const id = await insertSession(db, story.row, now);
    await book(id, story.row.startsAt, story.bookings);
    await db.updateTable("sessions").set({ status: story.status }).where("id", "=", id).execute();
    created += 1;
  }

  // A full free game with a line: Mateo left, so the seat is held for Sam (first in line) for 12
  // hours; Camila waits behind him.
  const linedStart = day(4, 2);
  const lined = await insertSession(
    db,
    {
      ...base(ana, linedStart),
      title: "Ruinas de Teotihuacan: lista de espera",
      description: "Mesa gratuita muy pedida. Cuando alguien se va, su lugar pasa al primero de la lista.",
      maxParticipants: 3,
      tags: ["beginner-friendly", "spanish-speaking"],
    },
    now,
  );
  await book(lined, linedStart, [
    { email: "lucia@mesa.test", status: "CONFIRMED" },
    { email: "admin@mesa.test", status: "CONFIRMED" },
    { email: "mateo@mesa.test", status: "CANCELLED" },
  ]);
  const [sam, camila] = [idOf("sam@mesa.test"), idOf("camila@mesa.test")];
  if (sam && camila)
    await db
      .insertInto("waitlist_entries")
      .values([
        { session_id: lined, user_id: sam, position: 1, offered_at: now, offer_expires_at: new Date(now.getTime() + 12 * 3_600_000) },
        { session_id: lined, user_id: camila, position: 2 },
      ])
      .execute();
  created += 1;

  // A private game among friends: only the invite code (or its link) books a seat.
  const privateId = await insertSession(
    db,
    {
      ...base(ana, day(9, 1)),
      title: "Mesa privada: la Tumba de Acererak",
      description: "Partida privada para el grupo de los jueves. Si tienes el código, tienes silla.",
      isPrivate: true,
      maxParticipants: 4,
      tags: ["roleplay-heavy"],
    },
    now,
  );
  const invite = await db
    .insertInto("invites")
    .values({ session_id: privateId, code: DEMO_INVITE_CODE, type: "access", max_uses: 10, uses: 1, created_by: ana, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const lucia = idOf("lucia@mesa.test");
  if (lucia)
    await db
      .insertInto("bookings")
      .values({ session_id: privateId, user_id: lucia, status: "CONFIRMED", payment_method: "FREE", invite_id: invite.id })
      .execute();
  return created + 1;
}
