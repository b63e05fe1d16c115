import { canAnswerInvitation } from "#app/modules/access/rules";
import type { Requester } from "#app/modules/auth/session.server";
import { tellBooked, underSessionLock } from "#app/modules/bookings/bookings.server";
import * as bookings from "#app/modules/bookings/repo.server";
import { type Notice, offerFreedSeats } from "#app/modules/bookings/waitlist.server";
import type { Deps } from "#app/modules/deps.server";
import { recordNotification } from "#app/modules/notifications/notify.server";
import { displayNameOf } from "#app/modules/users/rules";
import { isUuid } from "#app/utils/uuid";
import * as repo from "./repo.server";

type Writer = Pick<Deps, "db" | "mailer" | "now" | "appUrl">;

/**
 * A guest's held seat is an invitation (decision record 068): it becomes their booking only when
 * they accept it, and until then it is nobody's (no attendance, no no-show, no reliability, no
 * badge counts it: those read bookings). Declining gives the seat up and tells the booker.
 */
export type InvitationRefusal = "notFound" | "closed" | "ownSession" | "alreadyBooked";
export type InvitationAnswer = { ok: true; sessionId: string } | { ok: false; refusal: InvitationRefusal };

/** The invitations waiting for the account's verified address (none for an unverified one). */
export async function pendingInvitations(deps: Pick<Deps, "db" | "now">, user: Pick<Requester, "id" | "email" | "emailVerified">) {
  if (!user.emailVerified) return [];
  const rows = await repo.invitationsFor(deps.db, { email: user.email, userId: user.id, now: deps.now });
  return rows.map((r) => ({
    id: r.id,
    sessionId: r.session_id,
    title: r.title,
    startsAt: new Date(r.starts_at),
    timeZone: r.time_zone ?? "UTC",
    bookerName: displayNameOf({ displayName: r.booker_name, email: r.booker_email }),
    seated: Boolean(r.seated),
  }));
}

/**
 * At a sign-in or once the address is verified: each invitation not yet told to this account is
 * told once, in the bell, leading to the invitations page. Nothing becomes their booking here.
 */
export async function noticeInvitations(deps: Pick<Deps, "db" | "now">, user: Pick<Requester, "id" | "email" | "emailVerified">) {
  const waiting = (await pendingInvitations(deps, user)).filter((i) => !i.seated);
  const fresh = await repo.markInvitationsNoticed(deps.db, { seatIds: waiting.map((i) => i.id), now: deps.now });
  for (const seat of fresh) {
    const invitation = waiting.find((i) => i.id === seat.id)!;
    await recordNotification(deps, {
      userId: user.id,
      type: "group_invitation",
      params: { title: invitation.title, booker: invitation.bookerName },
      actionUrl: "/invitations",
    });
  }
  return fresh.length;
}

/** The same for an account known by id only (after a sign-in, or once its address is verified). */
export async function noticeInvitationsOf(deps: Pick<Deps, "db" | "now">, who: { userId: string } | { loginSessionId: string }) {
  const account =
    "userId" in who
      ? isUuid(who.userId)
        ? await repo.accountEmail(deps.db, who.userId)
        : undefined
      : isUuid(who.loginSessionId)
        ? await repo.accountOfLoginSession(deps.db, who.loginSessionId)
        : undefined;
  if (!account) return 0;
  return noticeInvitations(deps, { id: account.id, email: account.email, emailVerified: account.email_verified_at !== null });
}

/** Tells the booker how their guest answered (the booker typed the guest's name; nobody else sees it). */
async function tellBooker(
  deps: Pick<Deps, "db" | "now">,
  answered: { booker_id: string; guest_name: string; session_id: string },
  title: string,
  accepted: boolean,
) {
  await recordNotification(deps, {
    userId: answered.booker_id,
    type: accepted ? "group_invitation_accepted" : "group_invitation_declined",
    params: { guest: answered.guest_name, title },
    actionUrl: `/session/${answered.session_id}/group`,
  });
}

type Answered = { seat: { booker_id: string; guest_name: string; session_id: string }; title: string };

/**
 * The guest answers one invitation, through the seat pipeline: under the session's lock (taken
 * before the seat's, the order every booking path takes), the seat is checked to be held for this
 * account's verified address and the session not started. Accepting turns it into their confirmed
 * booking in the same transaction (the count does not move); declining gives it up and offers it
 * to the line. Someone who already holds a seat there may only decline.
 */
export async function answerInvitation(deps: Writer, guest: Requester, seatId: unknown, accept: boolean): Promise<InvitationAnswer> {
  if (!isUuid(seatId)) return { ok: false, refusal: "notFound" };
  const where = await repo.sessionOfSeat(deps.db, seatId);
  if (!where) return { ok: false, refusal: "notFound" };
  let answered: Answered | null = null;
  const result = await underSessionLock<InvitationAnswer>(deps, where.session_id, async (trx, s) => {
    const no = (refusal: InvitationRefusal) => ({ result: { ok: false as const, refusal } });
    const seat = await repo.lockInvitation(trx, { seatId, sessionId: s.id });
    if (!seat || seat.status !== "HELD" || !canAnswerInvitation(guest, seat)) return no("notFound");
    if (new Date(s.starts_at) <= deps.now || s.status === "CANCELLED") return no("closed");
    let notices: Notice[] = [];
    if (accept) {
      if (s.dm_id === guest.id) return no("ownSession");
      if (await bookings.findActiveBooking(trx, s.id, guest.id)) return no("alreadyBooked");
      await repo.claimSeat(trx, { seatId: seat.id, userId: guest.id, now: deps.now });
    } else {
      if (!(await repo.declineSeat(trx, { seatId: seat.id, now: deps.now }))) return no("notFound");
      notices = await offerFreedSeats(trx, s, deps.now);
    }
    answered = { seat, title: s.title };
    return { result: { ok: true, sessionId: s.id }, notices };
  });
  if (!result.ok) return { ok: false, refusal: result.refusal === "notFound" ? "notFound" : (result.refusal as InvitationRefusal) };
  const done = answered as Answered | null;
  if (done) await tellBooker(deps, done.seat, done.title, accept);
  if (accept) await tellBooked(deps, guest, result.sessionId);
  return result;
}
