import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import { DateTime } from "luxon";
import { canManageSession } from "#app/modules/access/rules";
import type { Requester } from "#app/modules/auth/session.server";
import { isTodayOrLater } from "#app/modules/dates/day";
import type { Deps } from "#app/modules/deps.server";
import { consumeLimits, refundHit } from "#app/modules/rate-limits/rate-limits.server";
import { limits } from "#app/modules/rate-limits/rules";
import type { Refused } from "#app/modules/refusals";
import * as sessions from "#app/modules/sessions/repo.server";
import { isUuid } from "#app/utils/uuid";
import type { Database } from "#db/client.server";
import type { DB } from "#db/schema";
import * as repo from "./repo.server";
import { codeFromBytes, GENERATED_LENGTH, hostCodeProblem, type InviteForm, inviteProblem, normalizeCode } from "./rules";

type Access = { ok: true; session: NonNullable<Awaited<ReturnType<typeof sessions.findSession>>> } | Refused<"notFound" | "forbidden">;

/** The session, when the actor may manage its invites (the host or an admin). */
async function managedSession(deps: Pick<Deps, "db">, actor: Requester, sessionId: string): Promise<Access> {
  if (!isUuid(sessionId)) return { ok: false, refusal: "notFound" };
  const session = await sessions.findSession(deps.db, sessionId);
  if (!session) return { ok: false, refusal: "notFound" };
  if (!canManageSession(actor, session)) return { ok: false, refusal: "forbidden" };
  return { ok: true, session };
}

export async function sessionInvites(deps: Pick<Deps, "db">, actor: Requester, sessionId: string) {
  const access = await managedSession(deps, actor, sessionId);
  if (!access.ok) return access;
  return { ok: true as const, session: access.session, invites: await repo.listInvites(deps.db, sessionId) };
}

export type CreateResult =
  | { ok: true; code: string }
  | Refused<"notFound" | "forbidden">
  | Refused<"invalid", { field: "code" | "expiresOn"; error: "invites.codeTaken" | "invites.expiryPast" | "invites.codeShape" | "invites.codeTooShort" }>;

/**
 * A new invite. Expiry is the end of the chosen day in the host's zone. A typed code that is taken
 * is refused, and so is one shorter than the hosts' minimum; a generated one is drawn again
 * (twelve characters of 32: a collision is rare).
 */
export async function createInvite(deps: Pick<Deps, "db" | "now">, actor: Requester, sessionId: string, form: InviteForm): Promise<CreateResult> {
  const access = await managedSession(deps, actor, sessionId);
  if (!access.ok) return access;
  let expiresAt: Date | null = null;
  if (form.expiresOn) {
    if (!isTodayOrLater(form.expiresOn, actor.timeZone, deps.now)) return { ok: false, refusal: "invalid", field: "expiresOn", error: "invites.expiryPast" };
    expiresAt = DateTime.fromISO(form.expiresOn, { zone: actor.timeZone }).endOf("day").toJSDate();
  }
  const problem = form.code?.trim() ? hostCodeProblem(form.code.trim()) : null;
  if (problem) return { ok: false, refusal: "invalid", field: "code", error: problem };
  const typed = normalizeCode(form.code);
  const base = {
    session_id: sessionId,
    type: form.type,
    max_uses: form.maxUses,
    expires_at: expiresAt,
    created_by: actor.id,
    created_at: deps.now,
    discount_percent: form.type === "discount" ? (form.discountPercent ?? null) : null,
  };
  if (typed) {
    const row = await repo.insertInvite(deps.db, { ...base, code: typed });
    return row ? { ok: true, code: row.code } : { ok: false, refusal: "invalid", field: "code", error: "invites.codeTaken" };
  }
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const row = await repo.insertInvite(deps.db, { ...base, code: codeFromBytes(randomBytes(GENERATED_LENGTH)) });
    if (row) return { ok: true, code: row.code };
  }
  throw new Error("could not draw a free invite code in five attempts");
}

export async function revokeSessionInvite(deps: Pick<Deps, "db" | "now">, actor: Requester, sessionId: string, inviteId: string) {
  const access = await managedSession(deps, actor, sessionId);
  if (!access.ok) return access;
  if (!isUuid(inviteId) || !(await repo.revokeInvite(deps.db, sessionId, inviteId, deps.now))) return { ok: false as const, refusal: "notFound" as const };
  return { ok: true as const };
}

/**
 * A code that went through screenInviteCode: the only kind the checks below take, so no path can
 * look a typed code up without passing the limit first.
 */
export type ScreenedCode = string & { readonly screened: unique symbol };

/** Who is trying a code: the account (null for a visitor) and the client address. */
export type CodeTrier = { userId: string | null; address: string };

export type Screened =
  | { ok: true; code: ScreenedCode; type: string; discountPercent: number | null }
  | { ok: false; problem: "invalid" }
  | { ok: false; problem: "limited"; retryAfterSeconds: number };

/**
 * The one door for a code a person types to redeem (the confirmation page's ?invite=, the booking
 * form and API, the payment intent, a private session's line). Every try takes a hit from the
 * account's and the address's buckets first, each decided under its lock (rate-limits), so parallel
 * guesses cannot slip past the limit; while either is full the code is not even looked up. A right
 * code gives its hits back, so only wrong ones count. Every wrong code, unknown, revoked, expired
 * or used up, gets the same answer: which one it was is the host's to know, not a guesser's.
 */
export async function screenInviteCode(deps: Pick<Deps, "db" | "now">, who: CodeTrier, sessionId: string, typed: string): Promise<Screened> {
  const buckets: [string, (typeof limits)["inviteGuessesPerAccount"]][] = [[`invite:ip:${who.address}`, limits.inviteGuessesPerAddress]];
  if (who.userId) buckets.unshift([`invite:user:${who.userId}`, limits.inviteGuessesPerAccount]);
  if (!isUuid(sessionId)) return { ok: false, problem: "invalid" };
  const taken = await consumeLimits(deps.db, buckets, deps.now);
  if (!Array.isArray(taken)) return { ok: false, problem: "limited", retryAfterSeconds: taken.retryAfterSeconds };
  const code = normalizeCode(typed);
  const invite = code ? await repo.findInvite(deps.db, sessionId, code) : undefined;
  if (!invite || inviteProblem(invite, deps.now)) return { ok: false, problem: "invalid" };
  for (const hit of taken) if (!hit.limited) await refundHit(deps.db, hit.hitId);
  return { ok: true, code: invite.code as ScreenedCode, type: invite.type, discountPercent: invite.discount_percent };
}

/**
 * A code a use case was given, with the address it came from (the account is the use case's
 * player): a typed code cannot be passed without one, so every path can be limited.
 */
export type TypedInvite = { inviteCode?: string | null; address: string } | { inviteCode?: null; address?: string };

/** Screens the code in a use case's input; null when none was typed (nothing is counted then). */
export function screenTyped(deps: Pick<Deps, "db" | "now">, userId: string | null, sessionId: string, input: TypedInvite): Promise<Screened> | null {
  const typed = input.inviteCode?.trim();
  return typed ? screenInviteCode(deps, { userId, address: input.address ?? "unknown" }, sessionId, typed) : null;
}

export type InviteCheck = { ok: true; type: string; code: string; discountPercent: number | null } | { ok: false; problem: "invalid" };

/**
 * Whether a screened code still opens this session (read again under a seat decision's lock: the
 * host may have revoked it, or its last use gone, since it was screened).
 */
export async function checkInvite(db: Database | Transaction<DB>, sessionId: string, code: ScreenedCode, now: Date): Promise<InviteCheck> {
  const invite = await repo.findInvite(db, sessionId, code);
  return !invite || inviteProblem(invite, now)
    ? { ok: false, problem: "invalid" }
    : { ok: true, type: invite.type, code: invite.code, discountPercent: invite.discount_percent };
}

export type Redemption = { ok: true; inviteId: string; type: string; discountPercent: number | null } | { ok: false; problem: "invalid" };

/**
 * Takes one use of a screened code inside the caller's transaction (the booking's), so the use and
 * the seat stand or fall together.
 */
export async function redeemInvite(trx: Database | Transaction<DB>, sessionId: string, code: ScreenedCode, now: Date): Promise<Redemption> {
  const taken = await repo.takeInviteUse(trx, sessionId, code, now);
  return taken ? { ok: true, inviteId: taken.id, type: taken.type, discountPercent: taken.discount_percent } : { ok: false, problem: "invalid" };
}
