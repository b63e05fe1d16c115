import { randomBytes } from "node:crypto";
import { DateTime } from "luxon";
import type { Requester } from "../../app/modules/auth/session.server";
import { expireLapsedHoldsAndOffers } from "../../app/modules/bookings/waitlist.server";
import { sendAttachment } from "../../app/modules/chat/attachments.server";
import { openCampaignChat, sendMessage } from "../../app/modules/chat/chat.server";
import type { Deps } from "../../app/modules/deps.server";
import { sendPaymentReminders } from "../../app/modules/jobs/send-payment-reminders.server";
import { type PayDeps, startCardIntent } from "../../app/modules/payments/payments.server";
import { handleWebhook } from "../../app/modules/payments/webhooks.server";
import { apiSeriesSchema } from "../../app/modules/series/api-schema";
import { seriesRowFromApi } from "../../app/modules/series/rows.server";
import { insertSeriesWithSessions, topUpSeries } from "../../app/modules/series/series.server";
import { cancelSubscription, subscribeByCard, subscribeFree } from "../../app/modules/subscriptions/subscriptions.server";
import { createOfflinePayments } from "../../app/services/payments/offline.server";
import type { Storage } from "../../app/services/storage/storage";
import { webhookReply } from "../../app/web/refusals.server";
import { getDb } from "../../db/client.server";
import { coastMap, handout } from "./handouts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);
/** The address the invite-code screen counts tries by; the demo types no code. */
const address = "127.0.0.1";

/** A demo account as the use cases see the person asking. */
async function requester(email: string): Promise<Requester | null> {
  const row = await getDb()
    .selectFrom("users")
    .select(["id", "email", "email_verified_at", "display_name", "first_name", "last_name", "roles", "preferred_language", "time_zone"])
    .where("email", "=", email)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified_at !== null,
    displayName: row.display_name,
    firstName: row.first_name ?? "",
    lastName: row.last_name ?? "",
    roles: row.roles,
    isDm: row.roles.includes("dm"),
    isAdmin: row.roles.includes("admin"),
    preferredLanguage: row.preferred_language,
    timeZone: row.time_zone,
    loginSessionId: null,
  };
}

/**
 * The use cases' dependencies with a clock the seed moves, and the offline payment adapter whose
 * events go straight to the webhook handler: the demo's payments are made and confirmed the way a
 * player's are (the server is not listening yet while the seed runs, so nothing is posted over
 * HTTP). The adapter signs and checks its events with a secret of the seed's own. The seed reads
 * no environment (the benches seed without one), and sends no mail: the notifications are
 * recorded, but a month of old mail would only clutter the demo's mailbox.
 */
function seedDeps(start: Date, storage: Storage, files: Storage) {
  const appUrl = "http://localhost:3000";
  let deps: Deps & PayDeps;
  const offline = createOfflinePayments({
    db: getDb,
    webhookSecret: `whsec_seed_${randomBytes(16).toString("hex")}`,
    appUrl,
    now: () => deps.now,
    post: async (payload, signature) => webhookReply(await handleWebhook(deps, payload, signature)).status,
  });
  deps = { db: getDb(), mailer: { send: () => Promise.resolve() }, storage, files, now: start, appUrl, payments: offline };
  return {
    offline,
    at: (now: Date): Deps & PayDeps => {
      deps = { ...deps, now };
      return deps;
    },
  };
}

const must = <T extends { ok: boolean }>(result: T, what: string): T & { ok: true } => {
  if (!result.ok) throw new Error(`demo seed: ${what} was refused (${JSON.stringify(result)})`);
  return result as T & { ok: true };
};

/** The weekly campaign's table chat: Ana welcomes her players, Lucía and Mateo answer, an hour apart. */
async function seedCampaignTable(when: ReturnType<typeof seedDeps>["at"], now: Date, seriesId: string, [lucia, mateo]: Requester[]) {
  const ana = await requester("ana.dm@mesa.test");
  if (!ana || !lucia || !mateo) return;
  const opened = await openCampaignChat(when(now), ana, seriesId);
  if (opened.status !== "ok") throw new Error("seed: Ana could not open her campaign's chat");
  const lines: [Requester, string][] = [
    [ana, "¡Bienvenidos a la Costa de la Espada! El miércoles arrancamos en el puerto de Aguasprofundas."],
    [lucia, "¡Ahí estaré! ¿Puedo traer a mi barda semielfa?"],
    [ana, "Claro que sí. Traigan sus fichas; la próxima semana les paso el mapa de la costa."],
    [mateo, "Yo llevo al enano clérigo. ¡Nos vemos el miércoles!"],
  ];
  for (const [index, [who, text]] of lines.entries()) {
    const at = new Date(now.getTime() - (lines.length - index + 1) * 3_600_000);
    const sent = await sendMessage(when(at), who, opened.chatId, text);
    if (sent.status !== "sent") throw new Error(`seed: a campaign chat message was refused (${sent.status})`);
  }
  // Ana shares the coast's map and the players' handout, as the last two messages.
  for (const [minutes, caption, file] of [
    [50, "El mapa de la costa, como lo prometí 🗺️", { fileName: "mapa-costa-de-la-espada.png", bytes: await coastMap() }],
    [40, "Y la carta que encontraron en el puerto: léanla antes del miércoles.", { fileName: "Carta de Aguasprofundas.pdf", bytes: await handout() }],
  ] as const) {
    const sent = await sendAttachment(when(new Date(now.getTime() - minutes * 60_000)), ana, opened.chatId, {
      caption,
      file: { ...file, size: file.bytes.byteLength },
    });
    if (sent.status !== "sent") throw new Error(`seed: a campaign chat attachment was refused (${sent.status})`);
  }
}

/**
 * The subscription side of the demo (issue: series subscriptions, demo data), made through the
 * same use cases, jobs and payment webhook as a real player's, with the clock moved:
 * - "La Costa de la Espada" (Ana, weekly, free): Lucía, Mateo and Camila subscribed, each with a
 *   confirmed seat in every session still open to bookings, and the campaign's table chat.
 * - "Clube mensal de Cthulhu" (Bruno, monthly, paid by card), running since last month: its next
 *   session's payment deadline is 5 days away.
 *   - Mateo paid: last month's session and the next one are paid.
 *   - Lucía is due in 5 days: she paid last month; the next session's seat is held unpaid until
 *     its deadline, and she has had the 7-day reminder.
 *   - Camila is overdue: her card was declined last month, the three reminders went unanswered,
 *     and at the deadline the cleanup job released the seat (EXPIRED) and told her. She stays
 *     subscribed, so the next session's seat is held for her too, due in 5 days like Lucía's.
 *   - Sam cancelled after last month's session (his unpaid seats were released): the series
 *     welcomes him back when he subscribes again.
 * Returns the sessions created.
 */
export async function seedSubscriptionStories(ana: string, bruno: string, now: Date, storage: Storage, files: Storage) {
  const db = getDb();
  const [lucia, mateo, camila, sam] = await Promise.all(["lucia@mesa.test", "mateo@mesa.test", "camila@mesa.test", "sam@mesa.test"].map(requester));
  if (!lucia || !mateo || !camila || !sam) return 0;
  const { offline, at: when } = seedDeps(now, storage, files);
  const today = (zone: string) => DateTime.fromJSDate(now, { zone }).startOf("day");

  // The weekly free campaign, subscribed to today.
  const weekly = await insertSeriesWithSessions(
    when(now),
    seriesRowFromApi(
      ana,
      "America/Mexico_City",
      apiSeriesSchema.parse({
        title: "La Costa de la Espada",
        description:
          "Campaña semanal y gratuita de piratas, intrigas y dragones en la Costa de la Espada. Cada miércoles, un capítulo: suscríbete y tu silla te espera en cada sesión.",
        sessionInstructions: "Entra al servidor de Discord de la campaña; el enlace llega al reservar.",
        game: "D&D 5e",
        genre: "Fantasy",
        experienceLevel: "INTERMEDIATE",
        frequency: "WEEKLY",
        startDate: today("America/Mexico_City").toISODate(),
        isOngoing: true,
        timeOfDay: "20:00",
        dayOfWeek: 3,
        duration: 180,
        maxParticipants: 5,
        minParticipants: 3,
        price: 0,
        currency: "MXN",
        allowedPaymentMethods: [],
        tags: ["Campaña nueva", "roleplay-heavy", "weekly"],
        autoGenerateAhead: 4,
      }),
    ),
  );
  for (const player of [lucia, mateo, camila])
    must(await subscribeFree(when(now), player, weekly.id, { address }), `${player.email} subscribing to the weekly series`);
  await seedCampaignTable(when, now, weekly.id, [lucia, mateo]);

  // The monthly paid campaign. Its next session is 6 days from today at 19:00 in São Paulo, so its
  // seats are due (36 hours before: one waitlist offer before the 24-hour booking lock) 5 days from
  // today. Made 10 days before last month's session, as a host would have.
  const zone = "America/Sao_Paulo";
  const next = today(zone).plus({ days: 6 });
  const previous = next.minus({ months: 1 }); // on the month's last day when it has no such day, as the schedule does
  const created = previous.minus({ days: 10 }).set({ hour: 9 }).toJSDate();
  const monthly = await insertSeriesWithSessions(
    when(created),
    seriesRowFromApi(
      bruno,
      zone,
      apiSeriesSchema.parse({
        title: "Clube mensal de Cthulhu",
        description: "Um mistério completo por mês, com investigadores que voltam de uma sessão para a outra. Assine e pague cada sessão antes do prazo.",
        sessionInstructions: "As fichas e o link da sala chegam por e-mail na véspera.",
        game: "Call of Cthulhu",
        genre: "Horror",
        experienceLevel: "BEGINNER",
        frequency: "MONTHLY",
        startDate: previous.minus({ days: 10 }).toISODate(),
        isOngoing: true,
        timeOfDay: "19:00",
        dayOfMonth: next.day,
        duration: 240,
        maxParticipants: 6,
        minParticipants: 3,
        price: 4000,
        currency: "BRL",
        allowedPaymentMethods: ["CARD"],
        tags: ["new-players", "latam"],
        autoGenerateAhead: 3,
      }),
    ),
  );
  const sessions = await db.selectFrom("sessions").select(["id", "starts_at"]).where("series_id", "=", monthly.id).orderBy("starts_at").execute();
  const [last, coming] = sessions;
  if (!last || !coming) return weekly.sessions + monthly.sessions;
  const lastStart = new Date(last.starts_at);
  const lastDeadline = at(lastStart, -36 * HOUR);

  // Last month: four subscribe by card within hours of each other.
  const card = async (player: Requester, t: Date, outcome: "succeed" | "fail") => {
    const subscribed = must(await subscribeByCard(when(t), player, monthly.id, { address }), `${player.email} subscribing to the monthly series`);
    when(at(t, 60_000));
    await offline.act(subscribed.paymentIntentId, outcome);
    return subscribed.paymentIntentId;
  };
  await card(lucia, at(created, HOUR), "succeed");
  await card(mateo, at(created, 2 * HOUR), "succeed");
  // Mateo pays the next session at once too.
  const ahead = must(await startCardIntent(when(at(created, 2 * HOUR + 5 * 60_000)), mateo, { sessionId: coming.id, address }), "Mateo paying ahead");
  await offline.act(ahead.paymentIntentId, "succeed");
  // Camila's first card is declined: no subscription and no seat (decision record 070). She tries
  // another card on the same payment page a few minutes later; it goes through, and she is subscribed.
  const declined = await card(camila, at(created, 3 * HOUR), "fail");
  when(at(created, 3 * HOUR + 5 * 60_000));
  await offline.act(declined, "succeed");
  await card(sam, at(created, 4 * HOUR), "succeed");
  // The reminders and the cleanup job run through last month (every seat of it was paid).
  for (const days of [7, 3, 1]) await sendPaymentReminders(when(at(lastDeadline, -days * DAY)));
  await expireLapsedHoldsAndOffers(when(lastDeadline));
  // The session took place (as the update-session-statuses job would mark it after its end).
  await db.updateTable("sessions").set({ status: "COMPLETED" }).where("id", "=", last.id).execute();
  // Two days after it, Sam cancels: his unpaid seats in the sessions to come are released.
  must(await cancelSubscription(when(at(lastStart, 2 * DAY)), sam, monthly.id), "Sam cancelling");

  // Today: the scheduled top-up keeps three sessions ahead (its new session seats the three
  // subscribers through the enrolment trigger), and the reminders job sends the 7-day reminder of
  // the seats due in 5 days.
  const added = await topUpSeries(when(now), monthly.id);
  await sendPaymentReminders(when(now));
  return weekly.sessions + monthly.sessions + added;
}
