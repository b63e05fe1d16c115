import { isUuid } from "#app/lib/ids";
import { inTransaction } from "#app/lib/transaction.server";
import { mailInTheirLanguage } from "#app/modules/auth/mail-in-their-language.server";
import type { Requester } from "#app/modules/auth/session.server";
import { openDirectChat, sendMessage } from "#app/modules/chat/chat.server";
import { localToInstant } from "#app/modules/dates/local-time";
import type { Deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath, recipientLang } from "#app/modules/i18n/rules";
import { insertUnderDrawnCode } from "#app/modules/invites/invites.server";
import { recordNotification } from "#app/modules/notifications/notify.server";
import type { Refused } from "#app/modules/refusals";
import { createRequestedSession, hostMayCharge, PAYOUT_ACCOUNT_NEEDED } from "#app/modules/sessions/index.server";
import { formatPrice } from "#app/modules/sessions/rules";
import { findUserById } from "#app/modules/users/index.server";
import { displayNameOf } from "#app/modules/users/rules";
import * as repo from "./repo.server";
import { estimateCents, type InquiryStatus, isPending, roleIn, sendProblem, type SendRefusal, sessionFromInquiry } from "./rules";
import type { AcceptInput, InquiryInput } from "./schema";

type Actor = Pick<Requester, "id" | "isAdmin">;
const INBOX_LIMIT = 100;

const isDmRow = (dm: repo.DmRow) => dm.roles.includes("dm");

/** What the inquiry form on a DM's profile needs: the DM's rate and currency; null when they take no inquiries. */
export async function inquiryOffer(deps: Pick<Deps, "db">, dmId: string) {
  if (!isUuid(dmId)) return null;
  const dm = await repo.findDm(deps.db, dmId);
  if (!dm || dm.banned_at || !isDmRow(dm) || !dm.accepts_direct_bookings) return null;
  return {
    dmId: dm.id,
    dmName: displayNameOf({ displayName: dm.display_name, email: dm.email }),
    rateCents: dm.direct_booking_rate_cents,
    currency: dm.direct_booking_currency,
    instructions: dm.direct_booking_instructions,
  };
}

export type SendResult = { ok: true; id: string } | Refused<"invalid", { error: SendRefusal }>;

/**
 * A player's inquiry to a DM. The player's row is locked first, so the count of their pending
 * inquiries and the insert are one decision: parallel sends cannot pass the limit (decision
 * record 060). The rate is copied from the DM's profile, so the estimate stays what was shown.
 * The DM is told by a notification and an email once the inquiry is stored.
 */
export async function sendInquiry(deps: Deps, player: Actor, dmId: string, input: InquiryInput): Promise<SendResult> {
  if (!isUuid(dmId)) return { ok: false, refusal: "invalid", error: "notFound" };
  const result = await inTransaction(deps.db, async (trx): Promise<SendResult & { dm?: repo.DmRow }> => {
    await repo.lockPlayer(trx, player.id);
    const dm = await repo.findDm(trx, dmId);
    const pending = await repo.countPending(trx, player.id);
    const problem = sendProblem({
      playerId: player.id,
      dm: dm ? { id: dm.id, isDm: isDmRow(dm), acceptsDirectBookings: dm.accepts_direct_bookings, banned: dm.banned_at !== null } : null,
      pending,
    });
    if (problem || !dm) return { ok: false, refusal: "invalid", error: problem ?? "notFound" };
    const id = await repo.insertInquiry(trx, {
      dm_id: dm.id,
      player_id: player.id,
      player_count: input.playerCount,
      hours: input.hours,
      session_type: input.sessionType,
      availability: input.availability,
      details: input.details,
      rate_cents: dm.direct_booking_rate_cents,
      currency: dm.direct_booking_currency,
      estimate_cents: estimateCents(input.playerCount, input.hours, dm.direct_booking_rate_cents),
      created_at: deps.now,
    });
    return { ok: true, id, dm };
  });
  if (!result.ok || !result.dm) return result.ok ? { ok: true, id: result.id } : result;
  await tellDmOfInquiry(deps, result.dm, result.id, player.id, input);
  return { ok: true, id: result.id };
}

async function tellDmOfInquiry(deps: Deps, dm: repo.DmRow, inquiryId: string, playerId: string, input: InquiryInput) {
  const player = await findUserById(deps.db, playerId);
  const playerName = displayNameOf({ displayName: player?.display_name, email: player?.email });
  const actionUrl = `/inquiries/${inquiryId}`;
  const params = { player: playerName, players: input.playerCount, hours: input.hours };
  await recordNotification(deps, { userId: dm.id, type: "inquiry_received", params, actionUrl });
  const lang = recipientLang(dm.preferred_language);
  const estimate = formatPrice(estimateCents(input.playerCount, input.hours, dm.direct_booking_rate_cents), dm.direct_booking_currency, lang);
  await mailInTheirLanguage(deps, dm, {
    kind: "inquiryReceived",
    path: actionUrl,
    vars: { ...params, estimate: `${estimate} ${dm.direct_booking_currency}`, availability: input.availability },
  });
}

/** The inbox: a DM's received inquiries in one status, with the count per status for the tabs. */
export async function dmInbox(deps: Pick<Deps, "db">, dm: Actor, status: InquiryStatus) {
  const [rows, counts] = await Promise.all([repo.listForDm(deps.db, dm.id, status, INBOX_LIMIT), repo.countsForDm(deps.db, dm.id)]);
  return { rows, counts: Object.fromEntries(counts.map((c) => [c.status, c.n])) as Partial<Record<InquiryStatus, number>> };
}

/** A player's sent inquiries. */
export const sentInquiries = (deps: Pick<Deps, "db">, player: Actor) => repo.listForPlayer(deps.db, player.id, INBOX_LIMIT);

/** One inquiry for its DM or its player; anyone else is told it does not exist. */
export async function inquiryFor(deps: Pick<Deps, "db">, viewer: Actor, id: string) {
  if (!isUuid(id)) return null;
  const row = await repo.findInquiry(deps.db, id);
  const role = row ? roleIn(viewer.id, row) : null;
  return row && role ? { row, role } : null;
}

/**
 * The DM answers: the direct chat with the player opens (created on first use) and an open
 * inquiry becomes answered. Only the inquiry's DM may answer it.
 */
export async function answerInquiry(deps: Pick<Deps, "db" | "now">, dm: Actor, id: string) {
  const found = await inquiryFor(deps, dm, id);
  if (!found || found.role !== "dm") return { ok: false as const, refusal: "notFound" as const };
  const chat = await openDirectChat(deps, dm, found.row.player_id);
  if (chat.status !== "ok") return { ok: false as const, refusal: "notFound" as const };
  await repo.markAnswered(deps.db, found.row.id, chat.chatId, deps.now);
  return { ok: true as const, chatId: chat.chatId };
}

export type DecideResult =
  | { ok: true; sessionId?: string; code?: string }
  | Refused<"notFound">
  | Refused<"conflict", { error: "alreadyDecided" }>
  | Refused<"invalid", { field: "date" | "price"; error: string }>;

/**
 * The DM accepts: a private session prefilled from the inquiry (its players are the seats, its
 * hours the duration, at the DM's rate) on the day and time the DM picked, with an invite code
 * for the player. The inquiry is locked while deciding, so a double click or a decline at the same
 * moment cannot both win. The player gets the code in the direct chat and by notification.
 */
export async function acceptInquiry(deps: Deps, dm: Requester, id: string, input: AcceptInput): Promise<DecideResult> {
  const found = await inquiryFor(deps, dm, id);
  if (!found || found.role !== "dm") return { ok: false, refusal: "notFound" };
  const startsAt = localToInstant(input.date, input.time, dm.timeZone);
  if (!startsAt) return { ok: false, refusal: "invalid", field: "date", error: "inquiries:validation.dateRequired" };
  if (startsAt <= deps.now) return { ok: false, refusal: "invalid", field: "date", error: "inquiries:validation.dateInPast" };
  const inquiry = found.row;
  const chat = await openDirectChat(deps, dm, inquiry.player_id);
  if (chat.status !== "ok") return { ok: false, refusal: "notFound" };
  const playerName = displayNameOf({ displayName: inquiry.player_name, email: inquiry.player_email });
  const dmLang = recipientLang(dm.preferredLanguage);
  const prefilled = sessionFromInquiry(inquiry);
  const shape = { ...prefilled, priceCents: input.price ?? prefilled.priceCents };
  // A priced game is sold only while the DM's payout account takes charges (decision record 084); at no price it needs none.
  if (!(await hostMayCharge(deps.db, dm.id, shape.priceCents)))
    return { ok: false, refusal: "invalid", field: "price", error: `validation:${PAYOUT_ACCOUNT_NEEDED}` };

  const decided = await inTransaction(deps.db, async (trx) => {
    const locked = await repo.lockInquiry(trx, inquiry.id);
    if (!locked || !isPending(locked.status)) return null;
    const sessionId = await createRequestedSession(
      trx,
      dm,
      {
        title: translator(dmLang, "inquiries")("session.title", { player: playerName }),
        description: inquiry.details || inquiry.availability,
        startsAt,
        durationMinutes: shape.durationMinutes,
        maxParticipants: shape.maxParticipants,
        minParticipants: shape.minParticipants,
        priceCents: shape.priceCents,
        currency: shape.currency,
        isPrivate: shape.isPrivate,
      },
      deps.now,
    );
    const { code } = await insertUnderDrawnCode(trx, {
      session_id: sessionId,
      type: "access",
      max_uses: shape.inviteUses,
      expires_at: null,
      created_by: dm.id,
      created_at: deps.now,
      discount_percent: null,
    });
    await repo.markAccepted(trx, inquiry.id, { sessionId, inviteCode: code, chatId: chat.chatId, now: deps.now });
    return { sessionId, code };
  });
  if (!decided) return { ok: false, refusal: "conflict", error: "alreadyDecided" };

  const player = await findUserById(deps.db, inquiry.player_id);
  const playerLang = recipientLang(player?.preferred_language ?? "");
  const bookPath = `/session/${decided.sessionId}/confirm?invite=${decided.code}`;
  const text = translator(playerLang, "inquiries")("chat.accepted", {
    code: decided.code,
    link: `${deps.appUrl}${localePath(playerLang, bookPath)}`,
  });
  // The chat is the conversation's record; a refused message (the DM's chat limit) still leaves the notification.
  await sendMessage(deps, dm, chat.chatId, text);
  await recordNotification(deps, {
    userId: inquiry.player_id,
    type: "inquiry_accepted",
    params: { dm: displayNameOf({ displayName: inquiry.dm_name, email: inquiry.dm_email }), code: decided.code },
    actionUrl: bookPath,
  });
  const dmName = displayNameOf({ displayName: inquiry.dm_name, email: inquiry.dm_email });
  if (player) await mailInTheirLanguage(deps, player, { kind: "inquiryAccepted", path: bookPath, vars: { dm: dmName, code: decided.code } });
  return { ok: true, ...decided };
}

/** The DM declines, with optional words the player reads in the notification and the email. */
export async function declineInquiry(deps: Deps, dm: Actor, id: string, message: string): Promise<DecideResult> {
  const found = await inquiryFor(deps, dm, id);
  if (!found || found.role !== "dm") return { ok: false, refusal: "notFound" };
  const done = await inTransaction(deps.db, async (trx) => {
    const locked = await repo.lockInquiry(trx, found.row.id);
    if (!locked || !isPending(locked.status)) return false;
    await repo.markDeclined(trx, found.row.id, message || null, deps.now);
    return true;
  });
  if (!done) return { ok: false, refusal: "conflict", error: "alreadyDecided" };
  const dmName = displayNameOf({ displayName: found.row.dm_name, email: found.row.dm_email });
  await recordNotification(deps, {
    userId: found.row.player_id,
    type: "inquiry_declined",
    params: { dm: dmName, message },
    textKey: message ? "inquiry_declined" : "inquiry_declined_plain",
    actionUrl: `/inquiries/${found.row.id}`,
  });
  const player = await findUserById(deps.db, found.row.player_id);
  // The player hears of the DM's decision by email too: a notification is only seen by someone who comes back.
  if (player) {
    await mailInTheirLanguage(deps, player, {
      kind: message ? "inquiryDeclined" : "inquiryDeclinedPlain",
      path: `/inquiries/${found.row.id}`,
      vars: { dm: dmName, message },
    });
  }
  return { ok: true };
}
