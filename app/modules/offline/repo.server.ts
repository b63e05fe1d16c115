import { sql } from "kysely";
import type { Database } from "#db/client.server";

/**
 * The viewer's active seats (held or confirmed) in sessions that have not ended, soonest first,
 * with the host's name and the booking's latest payment: everything a ticket shows and the kept
 * copies depend on.
 */
export function upcomingTickets(db: Database, userId: string, now: Date) {
  return db
    .selectFrom("bookings as b")
    .innerJoin("sessions as s", "s.id", "b.session_id")
    .innerJoin("users as h", "h.id", "s.dm_id")
    .leftJoin(
      (eb) =>
        eb
          .selectFrom("payments")
          .distinctOn("booking_id")
          .select(["booking_id", "method", "status", "voucher_reference", "voucher_expires_at", "updated_at"])
          .where("user_id", "=", userId)
          .orderBy("booking_id")
          .orderBy("created_at", "desc")
          .as("p"),
      (join) => join.onRef("p.booking_id", "=", "b.id"),
    )
    .select([
      "b.id as bookingId",
      "b.status as bookingStatus",
      "b.updated_at as bookingUpdatedAt",
      "s.id as sessionId",
      "s.title",
      "s.starts_at as startsAt",
      "s.duration_minutes as durationMinutes",
      "s.location",
      "s.updated_at as sessionUpdatedAt",
      "h.display_name as hostName",
      "h.first_name as hostFirstName",
      "p.method as paymentMethod",
      "p.status as paymentStatus",
      "p.voucher_reference as voucherReference",
      "p.voucher_expires_at as voucherExpiresAt",
      "p.updated_at as paymentUpdatedAt",
    ])
    .where("b.user_id", "=", userId)
    .where("b.status", "in", ["PENDING_PAYMENT", "CONFIRMED"])
    .where("s.status", "!=", "CANCELLED")
    .where(sql<boolean>`s.starts_at + make_interval(mins => s.duration_minutes) > ${now}`)
    .orderBy("s.starts_at")
    .orderBy("b.id")
    .limit(50)
    .execute();
}

export type TicketRow = Awaited<ReturnType<typeof upcomingTickets>>[number];

/** The viewer's tips still waiting at an OXXO till (a tip is a payment of kind 'tip', decision record 087), soonest to lapse first. */
export function openTipVouchers(db: Database, userId: string, now: Date) {
  return db
    .selectFrom("payments as p")
    .innerJoin("sessions as s", "s.id", "p.session_id")
    .innerJoin("users as h", "h.id", "s.dm_id")
    .select([
      "p.id as tipId",
      "p.amount_cents as amountCents",
      "p.currency",
      "p.voucher_expires_at as voucherExpiresAt",
      "p.updated_at as updatedAt",
      "s.title",
      "h.display_name as hostName",
      "h.first_name as hostFirstName",
    ])
    .where("p.user_id", "=", userId)
    .where("p.kind", "=", "tip")
    .where("p.method", "=", "OXXO")
    .where("p.status", "=", "requires_action")
    .where("p.voucher_reference", "is not", null)
    .where("p.voucher_expires_at", ">", now)
    .orderBy("p.voucher_expires_at")
    .limit(20)
    .execute();
}
