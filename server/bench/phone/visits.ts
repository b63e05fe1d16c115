// Which address each page of the phone bench loads, found in the demo data: the player's open OXXO
// voucher, a session and a series she could still book with cash, and so on. A page is measured
// signed out too when it answers a visitor (the others send visitors to sign in).
import { sql } from "kysely";
import type { Database } from "../../../db/client.server";
import type { PhonePage } from "./budgets";

export type Visit = { page: PhonePage; path: string; signedIn: boolean; reference: string | null };

/** The player the bench signs in: the demo seeds her an upcoming seat and an OXXO voucher still to pay. */
export const PLAYER = { email: "lucia@mesa.test", password: "Jugadora-2026!" };

/** "a=1; b=2", as a Cookie header carries it, into its name and value pairs. */
export const cookiePairs = (header: string) =>
  header.split("; ").map((pair) => ({ name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1) }));

async function status(base: string, path: string, cookie: string | null) {
  const response = await fetch(`${base}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  await response.arrayBuffer();
  return response.status;
}

/** The first of `paths` that answers the player with a page, or a clear failure naming what the demo lacks. */
async function firstAnswering(base: string, cookie: string, paths: string[], what: string) {
  for (const path of paths) if ((await status(base, path, cookie)) === 200) return path;
  throw new Error(`phone bench: the demo data has no ${what} (tried ${paths.length})`);
}

export async function phoneVisits(db: Database, base: string, cookie: string): Promise<Visit[]> {
  const player = await db.selectFrom("users").select("id").where("email", "=", PLAYER.email).executeTakeFirstOrThrow();
  const voucher = await db
    .selectFrom("bookings")
    .innerJoin("payments", "payments.booking_id", "bookings.id")
    .select(["bookings.id", "payments.voucher_reference"])
    .where("bookings.user_id", "=", player.id)
    .where("bookings.status", "=", "PENDING_PAYMENT")
    .where("payments.method", "=", "OXXO")
    .where("payments.voucher_expires_at", ">", new Date())
    .executeTakeFirst();
  if (!voucher?.voucher_reference) throw new Error(`phone bench: ${PLAYER.email} has no open OXXO voucher in the demo data`);
  const upcoming = await db
    .selectFrom("bookings")
    .innerJoin("sessions", "sessions.id", "bookings.session_id")
    .select("sessions.id")
    .where("bookings.user_id", "=", player.id)
    .where("bookings.status", "=", "CONFIRMED")
    .where("sessions.starts_at", ">", new Date())
    .executeTakeFirst();
  if (!upcoming) throw new Error(`phone bench: ${PLAYER.email} has no upcoming booking in the demo data`);

  // A session she has no seat in that takes cash at OXXO: its page, its confirmation and the OXXO form are the way to a voucher.
  const bookable = await db
    .selectFrom("sessions")
    .select("id")
    .where("starts_at", ">", new Date(Date.now() + 86_400_000))
    .where(sql<boolean>`'OXXO' = any(allowed_payment_methods)`)
    .where("dm_id", "!=", player.id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("bookings").select("id").whereRef("bookings.session_id", "=", "sessions.id").where("bookings.user_id", "=", player.id))),
    )
    .orderBy("starts_at")
    .limit(20)
    .execute();
  const oxxo = await firstAnswering(
    base,
    cookie,
    bookable.map((s) => `/es/session/${s.id}/oxxo`),
    "session the player can pay at OXXO",
  );
  const session = oxxo.replace(/\/oxxo$/, "");
  const series = await db.selectFrom("series").select("id").where("dm_id", "!=", player.id).orderBy("created_at").limit(20).execute();
  const seriesConfirm = await firstAnswering(
    base,
    cookie,
    series.map((s) => `/es/series/${s.id}/confirm`),
    "series the player can subscribe to",
  );
  const host = await db.selectFrom("users").select("id").where("email", "=", "ana.dm@mesa.test").executeTakeFirstOrThrow();

  const paths: Record<PhonePage, string> = {
    home: "/es",
    search: "/es/sessions",
    session,
    series: seriesConfirm.replace(/\/confirm$/, ""),
    "session confirm": `${session}/confirm`,
    "series confirm": seriesConfirm,
    "OXXO name form": oxxo,
    voucher: `/es/booking/${voucher.id}/voucher`,
    profile: `/es/profile/${host.id}`,
    notifications: "/es/notifications",
    chats: "/es/chats",
    calendar: "/es/calendar",
  };
  const visits: Visit[] = [];
  for (const [page, path] of Object.entries(paths) as [PhonePage, string][]) {
    const reference = page === "voucher" ? voucher.voucher_reference : null;
    const signedIn = await status(base, path, cookie);
    if (signedIn !== 200) throw new Error(`phone bench: ${path} answered the player ${signedIn}`);
    visits.push({ page, path, signedIn: true, reference });
    if ((await status(base, path, null)) === 200) visits.push({ page, path, signedIn: false, reference });
  }
  return visits;
}
