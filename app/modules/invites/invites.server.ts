import { randomBytes } from "node:crypto";
import type { Transaction } from "kysely";
import { DateTime } from "luxon";
import { canManageSession } from "#app/modules/access/rules";
import type { Requester } from "#app/modules/auth/session.server";
import { isTodayOrLater } from "#app/modules/dates/day";
import type { Deps } from "#app/modules/deps.server";
import * as sessions from "#app/modules/sessions/repo.server";
import { isUuid } from "#app/utils/http";
import type { Database } from "#db/client.server";
import type { DB } from "#db/schema";
import * as repo from "./repo.server";
import { codeFromBytes, GENERATED_LENGTH, type InviteForm, inviteProblem, normalizeCode } from "./rules";

type Access = { ok: true; session: NonNullable<Awaited<ReturnType<typeof sessions.findSession>>> } | { ok: false; status: 403 | 404 };

/** The session, when the actor may manage its invites (the host or an admin). */
async function managedSession(deps: Pick<Deps, "db">, actor: Requester, sessionId: string): Promise<Access> {
  if (!isUuid(sessionId)) return { ok: false, status: 404 };
  const session = await sessions.findSession(deps.db, sessionId);
  if (!session) return { ok: false, status: 404 };
  if (!canManageSession(actor, session)) return { ok: false, status: 403 };
  return { ok: true, session };
}

export async function sessionInvites(deps: Pick<Deps, "db">, actor: Requester, sessionId: string) {
  const access = await managedSession(deps, actor, sessionId);
  if (!access.ok) return access;
  return { ok: true as const, session: access.session, invites: await repo.listInvites(deps.db, sessionId) };
}

export type CreateResult =
  | { ok: true; code: string }
  | { ok: false; status: 403 | 404 }
  | { ok: false; status: 400; field: "code" | "expiresOn"; error: "invites.codeTaken" | "invites.expiryPast" };

/**
 * A new invite. Expiry is the end of the chosen day in the host's zone. A typed code that is taken
 * is refused; a generated one is drawn again (eight characters of 32: a collision is rare).
 */
export async function createInvite(deps: Pick<Deps, "db" | "now">, actor: Requester, sessionId: string, form: InviteForm): Promise<CreateResult> {
  const access = await managedSession(deps, actor, sessionId);
  if (!access.ok) return access;
  let expiresAt: Date | null = null;
  if (form.expiresOn) {
    if (!isTodayOrLater(form.expiresOn, actor.timeZone, deps.now)) return { ok: false, status: 400, field: "expiresOn", error: "invites.expiryPast" };
    expiresAt = DateTime.fromISO(form.expiresOn, { zone: actor.timeZone }).endOf("day").toJSDate();
  }
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
    return row ? { ok: true, code: row.code } : { ok: false, status: 400, field: "code", error: "invites.codeTaken" };
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
  if (!isUuid(inviteId) || !(await repo.revokeInvite(deps.db, sessionId, inviteId, deps.now))) return { ok: false as const, status: 404 as const };
  return { ok: true as const };
}

export type InviteCheck =
  { ok: true; type: string; code: string; discountPercent: number | null } | { ok: false; problem: "unknown" | "revoked" | "expired" | "usedUp" };

/** Whether a typed code would open this session now (the confirmation page shows the answer). */
export async function checkInvite(deps: Pick<Deps, "db" | "now">, sessionId: string, typed: string | null): Promise<InviteCheck> {
  const code = normalizeCode(typed);
  const invite = code ? await repo.findInvite(deps.db, sessionId, code) : undefined;
  const problem = inviteProblem(invite, deps.now);
  return problem || !invite
    ? { ok: false, problem: problem ?? "unknown" }
    : { ok: true, type: invite.type, code: invite.code, discountPercent: invite.discount_percent };
}

export type Redemption =
  { ok: true; inviteId: string; type: string; discountPercent: number | null } | { ok: false; problem: "unknown" | "revoked" | "expired" | "usedUp" };

/**
 * Takes one use of a code inside the caller's transaction (the booking's), so the use and the
 * seat stand or fall together. When none is left to take, says why.
 */
export async function redeemInvite(trx: Database | Transaction<DB>, sessionId: string, typed: string | null, now: Date): Promise<Redemption> {
  const code = normalizeCode(typed);
  if (!code) return { ok: false, problem: "unknown" };
  const taken = await repo.takeInviteUse(trx, sessionId, code, now);
  if (taken) return { ok: true, inviteId: taken.id, type: taken.type, discountPercent: taken.discount_percent };
  const problem = inviteProblem(await repo.findInvite(trx, sessionId, code), now);
  return { ok: false, problem: problem ?? "usedUp" };
}
