import { insertSession, type SessionRow } from "../../app/modules/sessions/repo.server";
import type { Storage } from "../../app/services/storage/storage";
import { getDb } from "../../db/client.server";
import { seedBadgeStories } from "./badge-stories";
import { seedBookingStories } from "./booking-stories";
import { seedChatStories } from "./chat-stories";
import { askBrunoForDetails, seedEarningsStories } from "./earnings-stories";
import { seedGroupStories } from "./group-stories";
import { seedInquiryStories } from "./inquiry-stories";
import { seedModerationStories } from "./moderation-stories";
import { seedPayoutStories } from "./payout-stories";
import { type Palette, storeDemoPicture } from "./pictures";
import { seedRefundStories } from "./refund-stories";
import { seedReviewStories } from "./review-stories";
import { seedSafetyStories } from "./safety-stories";
import { demoSessionBase } from "./session-row";
import { seedSubscriptionStories } from "./subscription-stories";

type DemoSession = Partial<SessionRow> & {
  title: string;
  dmEmail: string;
  inDays: number;
  hour: number;
  players?: string[];
  waitlist?: string[];
  status?: "CONFIRMED" | "CANCELLED";
};

const demo: DemoSession[] = [
  {
    title: "La Cripta del Rey Dragón",
    dmEmail: "ana.dm@mesa.test",
    inDays: 2,
    hour: 19,
    game: "D&D 5e",
    genre: "Fantasy",
    experienceLevel: "BEGINNER",
    priceCents: 15000,
    currency: "MXN",
    allowedPaymentMethods: ["CARD", "OXXO"],
    tags: ["one-shot", "beginner-friendly", "spanish-speaking"],
    description: "Una aventura corta para aprender a jugar: mazmorra, trampas y un dragón con mal humor.",
    sessionInstructions: "Entra al canal de voz 10 minutos antes. Fichas listas en el enlace que te enviaremos.",
    players: ["lucia@mesa.test", "mateo@mesa.test", "camila@mesa.test"],
  },
  {
    title: "Horror en Oaxaca",
    dmEmail: "ana.dm@mesa.test",
    inDays: 6,
    hour: 21,
    game: "Call of Cthulhu",
    genre: "Horror",
    experienceLevel: "INTERMEDIATE",
    priceCents: 20000,
    currency: "MXN",
    allowedPaymentMethods: ["CARD", "OXXO", "CASH"],
    tags: ["mature-themes", "roleplay-heavy", "night-sessions"],
    description: "Investigadores en los años veinte siguen un rastro de desapariciones en la sierra.",
    maxParticipants: 4,
    minParticipants: 3,
    players: ["lucia@mesa.test", "sam@mesa.test", "mateo@mesa.test"],
  },
  {
    title: "Introdução ao Pathfinder",
    dmEmail: "bruno.dm@mesa.test",
    inDays: 3,
    hour: 20,
    game: "Pathfinder",
    genre: "Fantasy",
    experienceLevel: "BEGINNER",
    priceCents: 0,
    currency: "BRL",
    allowedPaymentMethods: [],
    tags: ["new-players", "latam", "voice-chat"],
    description: "Sessão gratuita para conhecer o sistema, com personagens prontos.",
  },
  {
    title: "Night City Blues",
    dmEmail: "bruno.dm@mesa.test",
    inDays: 9,
    hour: 22,
    game: "Cyberpunk Red",
    genre: "Sci-Fi",
    experienceLevel: "ADVANCED",
    priceCents: 1500,
    currency: "USD",
    allowedPaymentMethods: ["CARD"],
    tags: ["combat-heavy", "english-speaking", "uses-vtt"],
    description: "A heist gone wrong in the neon streets. Bring your chrome.",
    maxParticipants: 5,
    minParticipants: 4,
    players: ["sam@mesa.test"],
  },
  {
    title: "Mesa abierta de domingo",
    dmEmail: "ana.dm@mesa.test",
    inDays: 1,
    hour: 12,
    game: "D&D 5e",
    genre: "Fantasy",
    priceCents: 0,
    currency: "MXN",
    allowedPaymentMethods: [],
    tags: ["family-friendly", "in-person"],
    description: "Partida gratuita en la ludoteca de la colonia Roma.",
    location: "Ludoteca Dados, CDMX",
    maxParticipants: 6,
    minParticipants: 2,
  },
  {
    title: "Crónicas de la Ciudad Vampira",
    dmEmail: "ana.dm@mesa.test",
    inDays: -7,
    hour: 20,
    game: "Vampire: The Masquerade",
    genre: "Horror",
    priceCents: 12000,
    currency: "MXN",
    allowedPaymentMethods: ["CARD"],
    tags: ["mature-themes"],
    description: "Una noche de intrigas en la corte de la Camarilla.",
    players: ["camila@mesa.test"],
  },
  // Full, with two people waiting for a seat.
  {
    title: "Torneo relámpago de Shadowrun",
    dmEmail: "bruno.dm@mesa.test",
    inDays: 4,
    hour: 18,
    game: "Shadowrun",
    genre: "Sci-Fi",
    experienceLevel: "INTERMEDIATE",
    priceCents: 250000,
    currency: "COP",
    allowedPaymentMethods: ["CARD"],
    tags: ["combat-heavy", "evening-sessions"],
    description: "Dos equipos, una corporación y cuatro horas para salir con vida.",
    maxParticipants: 2,
    minParticipants: 2,
    players: ["lucia@mesa.test", "mateo@mesa.test"],
    waitlist: ["camila@mesa.test", "sam@mesa.test"],
  },
  // Enough players to start, seats still free.
  {
    title: "Aventura en la Selva Maya",
    dmEmail: "ana.dm@mesa.test",
    inDays: 8,
    hour: 19,
    game: "D&D 5e",
    genre: "Fantasy",
    experienceLevel: "INTERMEDIATE",
    priceCents: 9900,
    currency: "MXN",
    allowedPaymentMethods: ["CARD", "OXXO", "CASH"],
    tags: ["roleplay-heavy", "latam", "spanish-speaking"],
    description: "Ruinas, jaguares y un códice robado en la península de Yucatán.",
    maxParticipants: 8,
    minParticipants: 2,
    players: ["camila@mesa.test", "mateo@mesa.test", "sam@mesa.test"],
  },
  // Confirmed by its host: it will happen.
  {
    title: "Noche de Blades in the Dark",
    dmEmail: "bruno.dm@mesa.test",
    inDays: 5,
    hour: 21,
    game: "Other",
    genre: "Historical",
    experienceLevel: "ADVANCED",
    priceCents: 3000,
    currency: "ARS",
    allowedPaymentMethods: ["CARD"],
    tags: ["mature-themes", "video-chat"],
    description: "Una banda de ladrones en Doskvol intenta su golpe más ambicioso.",
    maxParticipants: 5,
    minParticipants: 2,
    players: ["lucia@mesa.test", "camila@mesa.test"],
    status: "CONFIRMED",
  },
  {
    title: "Mystery on the Orient Express",
    dmEmail: "bruno.dm@mesa.test",
    inDays: 12,
    hour: 18,
    game: "Call of Cthulhu",
    genre: "Historical",
    priceCents: 2500,
    currency: "EUR",
    allowedPaymentMethods: ["CARD", "CASH"],
    tags: ["bilingual", "video-chat"],
    description: "A locked-room mystery aboard the most famous train of the 1920s.",
    maxParticipants: 6,
    minParticipants: 3,
  },
];

/** Covers drawn at seed time; the sessions left out show the placeholder. */
const pictures: Record<string, Palette> = {
  "La Cripta del Rey Dragón": ["#7c2d12", "#f59e0b"],
  "Horror en Oaxaca": ["#1e1b4b", "#0f766e"],
  "Introdução ao Pathfinder": ["#14532d", "#84cc16"],
  "Night City Blues": ["#4a044e", "#06b6d4"],
  "Crónicas de la Ciudad Vampira": ["#450a0a", "#be123c"],
};

/**
 * Demo sessions with bookings, so every card status shows, and covers for most of them (stored
 * through `storage` like uploads); the photos and files sent in chats go to the private `files`,
 * as the app's own do. Skipped when sessions already exist.
 */
export async function seedCatalogue(storage: Storage, files: Storage, now = new Date()) {
  const db = getDb();
  if (await db.selectFrom("sessions").select("id").limit(1).executeTakeFirst()) return 0;
  const users = await db.selectFrom("users").select(["id", "email"]).execute();
  const idOf = (email: string) => users.find((u) => u.email === email)?.id;
  let created = 0;
  const covers: { id: string; dmId: string; title: string; palette: Palette; seed: number }[] = [];
  for (const s of demo) {
    const dmId = idOf(s.dmEmail);
    if (!dmId) continue;
    const startsAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + s.inDays, s.hour + 6));
    const { dmEmail: _dm, inDays: _d, hour: _h, players = [], waitlist = [], status, ...fields } = s;
    const id = await insertSession(db, { ...demoSessionBase(dmId, startsAt), minParticipants: 3, allowedPaymentMethods: ["CARD"], ...fields }, now);
    for (const email of players) {
      const userId = idOf(email);
      if (userId)
        await db
          .insertInto("bookings")
          .values({
            session_id: id,
            user_id: userId,
            status: "CONFIRMED",
            payment_method: fields.priceCents ? "CARD" : "FREE",
            amount_cents: fields.priceCents ?? 0,
            currency: fields.currency ?? "MXN",
          })
          .execute();
    }
    for (const [index, email] of waitlist.entries()) {
      const userId = idOf(email);
      if (userId)
        await db
          .insertInto("waitlist_entries")
          .values({ session_id: id, user_id: userId, position: index + 1 })
          .execute();
    }
    if (status) await db.updateTable("sessions").set({ status }).where("id", "=", id).execute();
    const palette = pictures[s.title];
    if (palette) covers.push({ id, dmId, title: s.title, palette, seed: created + 1 });
    created += 1;
  }
  // Drawn side by side (a few tens of ms each), then recorded like an uploaded image.
  await Promise.all(
    covers.map(async (c) => {
      const url = await storeDemoPicture(storage, { userId: c.dmId, sessionId: c.id, title: c.title, palette: c.palette, seed: c.seed, now });
      await db.updateTable("sessions").set({ image_url: url }).where("id", "=", c.id).execute();
    }),
  );
  const ana = idOf("ana.dm@mesa.test");
  const bruno = idOf("bruno.dm@mesa.test");
  // A free weekly and a paid monthly campaign, with their subscribers (subscription-stories.ts).
  // Payout accounts first: every paid seat below is then paid to its DM as it would be (payout-stories.ts).
  created += await seedPayoutStories(idOf, now);
  if (ana && bruno) created += await seedSubscriptionStories(ana, bruno, now, storage, files);
  created += await seedBookingStories(idOf, now);
  created += await seedReviewStories(idOf, now);
  created += await seedChatStories(idOf, now);
  created += await seedInquiryStories(idOf, now);
  created += await seedGroupStories(idOf, now);
  created += await seedModerationStories(idOf, now);
  created += await seedRefundStories(idOf, now);
  created += await seedSafetyStories(idOf);
  created += await seedEarningsStories(idOf, now);
  // After every paid story of his: what Stripe asks of Bruno now (earnings-stories.ts).
  created += await askBrunoForDetails(idOf, now);
  // Last: badges are computed from everything above.
  created += await seedBadgeStories(idOf, now);
  return created;
}
