import { inTransaction } from "#app/lib/transaction.server";
import type { Requester } from "#app/modules/auth/session.server";
import type { Deps } from "#app/modules/deps.server";
import * as blocks from "./blocks-repo.server";
import { distinctOthers, fitsGroup, GROUP_DAY_MS, GROUP_MAX_MEMBERS, groupPowers, mayCreateGroup, nextOwner, PEOPLE_PICKER_LIMIT } from "./group-rules";
import * as repo from "./groups-repo.server";
import { isUuid } from "./rules";

type Clocked = Pick<Deps, "db" | "now">;
type Db = Pick<Deps, "db">;

/**
 * Why people cannot be added: not verified (the actor), strangers (never at a table with the
 * actor), blocked (a block either way with someone in the group), full (past 50), or over the day's
 * limit. The ids say who, so the form can name them.
 */
export type GroupRefusal =
  | { status: "unverified" }
  | { status: "strangers"; userIds: string[] }
  | { status: "blocked"; userIds: string[] }
  | { status: "full"; max: number }
  | { status: "dailyLimit" }
  | { status: "notFound" };

/** Whom the actor may put in a group with `company`: people they have shared a table with, no block between any two. */
async function checkPeople(db: Deps["db"], actorId: string, candidates: string[], company: string[]): Promise<GroupRefusal | null> {
  const sharing = await repo.sharingATable(db, actorId, candidates);
  const strangers = candidates.filter((id) => !sharing.has(id));
  if (strangers.length > 0) return { status: "strangers", userIds: strangers };
  const blocked = await blocks.blockedWithAny(db, candidates, [...company, ...candidates]);
  if (blocked.size > 0) return { status: "blocked", userIds: [...blocked] };
  return null;
}

/**
 * Starts a group: a verified user, a name, and 1-49 people they have shared a session or a series
 * with. At most 20 a day, counted under a lock on the creator so parallel clicks cannot pass it.
 */
export async function createGroup(deps: Clocked, actor: Requester, input: { name: string; memberIds: string[] }) {
  if (!actor.emailVerified) return { status: "unverified" } as const;
  const others = distinctOthers(input.memberIds, actor.id);
  if (!fitsGroup(1, others.length)) return { status: "full", max: GROUP_MAX_MEMBERS } as const;
  const refused = await checkPeople(deps.db, actor.id, others, [actor.id]);
  if (refused) return refused;
  return inTransaction(deps.db, async (trx) => {
    const today = await repo.countGroupsCreatedSince(trx, actor.id, new Date(deps.now.getTime() - GROUP_DAY_MS));
    if (!mayCreateGroup(today)) return { status: "dailyLimit" } as const;
    const chatId = await repo.insertGroup(trx, { name: input.name, ownerId: actor.id, now: deps.now });
    await repo.addMembers(trx, { chatId, userIds: [actor.id, ...others], addedBy: actor.id, now: deps.now });
    return { status: "ok", chatId } as const;
  });
}

/** A group the actor is in, with what they may do there; null for anything else (404). */
export async function groupOf(deps: Db, actor: Requester, chatId: unknown) {
  if (!isUuid(chatId)) return null;
  const [group, member] = await Promise.all([repo.findGroup(deps.db, chatId), repo.isGroupMember(deps.db, chatId, actor.id)]);
  if (!group || !member) return null;
  return { ...group, powers: groupPowers(actor.id, { ownerId: group.owner_id }) };
}

/** The group's page of people: its members, and (for its owner) those they may add, narrowed by a name. */
export async function groupPeople(deps: Db, actor: Requester, chatId: unknown, query: string) {
  const group = await groupOf(deps, actor, chatId);
  if (!group) return null;
  const members = await repo.groupMembers(deps.db, group.id);
  const candidates = group.powers.add
    ? await repo.peopleToAdd(deps.db, actor.id, { query, excluding: members.map((m) => m.userId), limit: PEOPLE_PICKER_LIMIT })
    : [];
  return { group, members, candidates };
}

/** The people the actor could start a group with (the new group form's list). */
export const groupCandidates = (deps: Db, actor: Requester, query: string) =>
  repo.peopleToAdd(deps.db, actor.id, { query, excluding: [], limit: PEOPLE_PICKER_LIMIT });

/** The owner adds people; the group's size is checked under its row lock, so two adds at once cannot pass 50. */
export async function addPeople(
  deps: Clocked,
  actor: Requester,
  chatId: unknown,
  memberIds: string[],
): Promise<GroupRefusal | { status: "ok"; added: number }> {
  const group = await groupOf(deps, actor, chatId);
  if (!group) return { status: "notFound" };
  if (!group.powers.add) return { status: "notFound" };
  const members = await repo.groupMemberIds(deps.db, group.id);
  const adding = distinctOthers(memberIds, actor.id).filter((id) => !members.includes(id));
  if (adding.length === 0) return { status: "ok", added: 0 };
  const refused = await checkPeople(deps.db, actor.id, adding, members);
  if (refused) return refused;
  return inTransaction(deps.db, async (trx) => {
    const locked = await repo.lockGroup(trx, group.id);
    if (!locked || locked.owner_id !== actor.id) return { status: "notFound" } as const;
    const now = await repo.groupMemberIds(trx, group.id);
    const fresh = adding.filter((id) => !now.includes(id));
    if (!fitsGroup(now.length, fresh.length)) return { status: "full", max: GROUP_MAX_MEMBERS } as const;
    await repo.addMembers(trx, { chatId: group.id, userIds: fresh, addedBy: actor.id, now: deps.now });
    return { status: "ok", added: fresh.length } as const;
  });
}

/**
 * Takes someone out of a group: its owner may remove anyone; anyone may remove themselves (leave).
 * An owner who leaves passes the group to whoever has been in it longest.
 */
export async function removePerson(deps: Clocked, actor: Requester, chatId: unknown, userId: unknown) {
  const group = await groupOf(deps, actor, chatId);
  if (!group || !isUuid(userId)) return { status: "notFound" } as const;
  if (userId !== actor.id && !group.powers.remove) return { status: "notFound" } as const;
  return inTransaction(deps.db, async (trx) => {
    const locked = await repo.lockGroup(trx, group.id);
    if (!locked) return { status: "notFound" } as const;
    const members = await repo.groupMembers(trx, group.id);
    if (!members.some((m) => m.userId === userId)) return { status: "notFound" } as const;
    await repo.removeMember(trx, group.id, userId);
    if (locked.owner_id === userId) await repo.setOwner(trx, group.id, nextOwner(members, userId));
    return { status: "ok", left: userId === actor.id } as const;
  });
}

/** The owner renames the group. */
export async function renameGroup(deps: Db, actor: Requester, chatId: unknown, name: string) {
  const group = await groupOf(deps, actor, chatId);
  if (!group || !group.powers.rename) return { status: "notFound" } as const;
  await repo.renameGroup(deps.db, group.id, name);
  return { status: "ok" } as const;
}
