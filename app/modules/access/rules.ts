/**
 * Who may do what: the one access policy. Pure functions over plain data, so every route and use
 * case asks the same question the same way and the answers are unit-tested here. A null actor is
 * an anonymous visitor. Hosts own what they host; admins may manage everything.
 */
export type Actor = { id: string; isAdmin: boolean } | null;
type Hosted = { dm_id: string };

const isOwner = (actor: Actor, row: Hosted) => actor !== null && actor.id === row.dm_id;

/** Publish sessions and series: DMs and admins. */
export const canHost = (actor: { isDm: boolean; isAdmin: boolean } | null) => Boolean(actor && (actor.isDm || actor.isAdmin));

/** Edit, remove participants, cancel: the host or an admin. */
export const canManageSession = (actor: Actor, session: Hosted) => isOwner(actor, session) || Boolean(actor?.isAdmin);

/** Edit the series, add or generate sessions: the host or an admin. */
export const canManageSeries = (actor: Actor, series: Hosted) => isOwner(actor, series) || Boolean(actor?.isAdmin);

/** The private instructions (meeting link, address): the host, admins and players with a confirmed seat. */
export const canSeeInstructions = (actor: Actor, hosted: Hosted, seat: { confirmed: boolean }) =>
  canManageSession(actor, hosted) || (actor !== null && seat.confirmed);

/**
 * A private session is listed (search, a series' page) only to its host, admins and players
 * holding a seat in it. Its own page stays reachable by its link: sharing the link is how a host invites.
 */
export const canSeePrivateSession = (actor: Actor, session: Hosted & { is_private: boolean }, seat: { active: boolean }) =>
  !session.is_private || canManageSession(actor, session) || (actor !== null && seat.active);

/** Taking someone off a session's list: the host or an admin may remove anyone, a player only themself (leaving). */
export const canRemoveFromSession = (actor: Actor, session: Hosted, userId: string) =>
  canManageSession(actor, session) || (actor !== null && actor.id === userId);

/** A user's own lists (sessions joined, hosted, past) and private profile fields: that user or an admin. */
export const canReadUserData = (actor: Actor, userId: string) => actor !== null && (actor.id === userId || actor.isAdmin);

/** Taking a seat or a place in line: any signed-in user but the session's host (they run the table). */
export const canTakeSeat = (actor: Actor, session: Hosted) => actor !== null && !isOwner(actor, session);

/** Whether the viewer is the session's host (the confirmation page shows them their own session, not a booking). */
export const hostsSession = (actor: Actor, session: Hosted) => isOwner(actor, session);

/**
 * A session's chat (spec section 2, voucher page): its host and players with a confirmed seat read
 * and write it; a player whose cash payment is pending is told it opens after payment. Derived from
 * the booking as it is now, so leaving or being removed ends access at once.
 */
export function sessionChatAccess(actor: Actor, session: Hosted, seat: { status: string | null }): "member" | "afterPayment" | "none" {
  if (actor === null) return "none";
  if (isOwner(actor, session) || seat.status === "CONFIRMED") return "member";
  return seat.status === "PENDING_PAYMENT" ? "afterPayment" : "none";
}

/**
 * A campaign's table chat: its host and its active subscribers read and write it. Derived from the
 * subscription as it is now, so cancelling ends access (to its messages and files) at once.
 */
export function campaignChatAccess(actor: Actor, series: Hosted, subscription: { status: string | null }): "member" | "none" {
  if (actor === null) return "none";
  return isOwner(actor, series) || subscription.status === "ACTIVE" ? "member" : "none";
}

/** A direct chat: only the two people it names. */
export const canReadDirectChat = (actor: Actor, chat: { user_a: string | null; user_b: string | null }) =>
  actor !== null && (actor.id === chat.user_a || actor.id === chat.user_b);

/** Anyone signed in may write to another person, never to themself. */
export const canStartDirectChat = (actor: Actor, otherUserId: string) => actor !== null && actor.id !== otherUserId;

/** Marking who came to a session (decision record 057): the host or an admin, never a player. */
export const canMarkAttendance = (actor: Actor, session: Hosted) => canManageSession(actor, session);

/** The admin desk (moderation, reports, bans, audit): admins only. */
export const canModerate = (actor: Actor) => Boolean(actor?.isAdmin);

/** Reporting a review or a profile: anyone signed in, never about themself. */
export const canReport = (actor: Actor, aboutUserId: string) => actor !== null && actor.id !== aboutUserId;

/**
 * Reporting a chat message (its chat's membership is checked before, by the chat module): never
 * one's own, and not one an admin already removed (there is nothing left to decide).
 */
export function canReportMessage(actor: Actor, message: { senderId: string; removed: boolean }): "ok" | "self" | "removed" {
  if (!canReport(actor, message.senderId)) return "self";
  return message.removed ? "removed" : "ok";
}

/**
 * A session's lines and veils (decision record 061): only its host, who runs the table. Not an
 * admin who does not host it, not the other players: the players told the DM, and no one else.
 */
export const canSeeSafetyNotes = (actor: Actor, session: Hosted) => isOwner(actor, session);

/**
 * A guest's held seat (an invitation, decision record 068) is answered only by the account whose
 * verified address it names: an unverified sign-up could name anyone's address.
 */
export const canAnswerInvitation = (actor: { email: string; emailVerified: boolean } | null, seat: { guest_email: string }) =>
  actor !== null && actor.emailVerified && actor.email.trim().toLowerCase() === seat.guest_email;
