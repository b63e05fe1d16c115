import { hashPassword } from "../../app/modules/auth/password.server";
import { insertUser } from "../../app/modules/users/repo.server";
import { getServices } from "../../app/services/index.server";
import { getDb } from "../../db/client.server";
import { seedCatalogue } from "./catalogue";

export type DemoAccount = {
  email: string;
  password: string;
  role: "admin" | "dm" | "player";
  firstName: string;
  lastName: string;
  displayName: string;
  language: "es" | "en" | "pt";
  profile?: {
    bio: string;
    languages: string[];
    availableDays: string[];
    location: string;
    /** Direct bookings: the rate per player-hour in minor units of the currency. */
    directBooking?: { rateCents: number; currency: string; instructions: string };
  };
};

/** Known demo accounts; README.md lists the same table. */
export const demoAccounts: DemoAccount[] = [
  { email: "admin@mesa.test", password: "Admin-2026!", role: "admin", firstName: "Alma", lastName: "Admin", displayName: "Alma (admin)", language: "es" },
  {
    email: "ana.dm@mesa.test",
    password: "Dragones-2026!",
    role: "dm",
    firstName: "Ana",
    lastName: "Robles",
    displayName: "Ana la Narradora",
    language: "es",
    profile: {
      bio: "Dirijo D&D 5e y La Llamada de Cthulhu desde 2012. Mesas amables para principiantes.",
      languages: ["es", "en"],
      availableDays: ["FRIDAY", "SATURDAY"],
      location: "Ciudad de México",
      directBooking: {
        rateCents: 25000,
        currency: "MXN",
        instructions: "Cuéntame qué tipo de historia buscan. Juego en línea (Discord) o en CDMX; confirmo fecha por el chat.",
      },
    },
  },
  {
    email: "bruno.dm@mesa.test",
    password: "Dragones-2026!",
    role: "dm",
    firstName: "Bruno",
    lastName: "Costa",
    displayName: "Bruno Mestre",
    language: "pt",
    profile: {
      bio: "Mestre de Pathfinder e Cyberpunk Red. Campanhas longas, muita interpretação.",
      languages: ["pt", "es"],
      availableDays: ["WEDNESDAY", "SUNDAY"],
      location: "São Paulo",
      directBooking: {
        rateCents: 6000,
        currency: "BRL",
        instructions: "Sessões online pelo Discord. Mando um guia de criação de personagem depois de aceitar.",
      },
    },
  },
  { email: "lucia@mesa.test", password: "Jugadora-2026!", role: "player", firstName: "Lucía", lastName: "Hernández", displayName: "Lucía H", language: "es" },
  { email: "mateo@mesa.test", password: "Jugador-2026!", role: "player", firstName: "Mateo", lastName: "García", displayName: "Mateo G", language: "es" },
  { email: "camila@mesa.test", password: "Jugadora-2026!", role: "player", firstName: "Camila", lastName: "Souza", displayName: "Camila S", language: "pt" },
  { email: "sam@mesa.test", password: "Player-2026!", role: "player", firstName: "Sam", lastName: "Miller", displayName: "Sam M", language: "en" },
];

const rolesFor = (role: DemoAccount["role"]) => (role === "admin" ? ["user", "admin"] : role === "dm" ? ["user", "dm"] : ["user"]);

/** Inserts the demo accounts that are missing; running it twice changes nothing. */
export async function seedDemo(now = new Date()) {
  const db = getDb();
  let created = 0;
  for (const account of demoAccounts) {
    const id = await insertUser(db, {
      email: account.email,
      passwordHash: await hashPassword(account.password),
      firstName: account.firstName,
      lastName: account.lastName,
      displayName: account.displayName,
      roles: rolesFor(account.role),
      preferredLanguage: account.language,
      emailVerifiedAt: now,
    });
    if (!id) continue;
    created += 1;
    if (account.profile) {
      await db
        .updateTable("profiles")
        .set({
          bio: account.profile.bio,
          languages: account.profile.languages,
          available_days: account.profile.availableDays,
          location: account.profile.location,
          ...(account.profile.directBooking
            ? {
                accepts_direct_bookings: true,
                direct_booking_rate_cents: account.profile.directBooking.rateCents,
                direct_booking_currency: account.profile.directBooking.currency,
                direct_booking_instructions: account.profile.directBooking.instructions,
              }
            : {}),
        })
        .where("user_id", "=", id)
        .execute();
    }
  }
  return created;
}

/** On first start (no users at all) seeds the demo and returns the accounts to print. */
export async function seedDemoIfEmpty(log: (msg: string) => void) {
  const any = await getDb().selectFrom("users").select("id").limit(1).executeTakeFirst();
  if (any) return null;
  const created = await seedDemo();
  const sessions = await seedCatalogue(getServices().storage, getServices().files);
  log(`seeded ${created} demo accounts and ${sessions} sessions`);
  return demoAccounts;
}
