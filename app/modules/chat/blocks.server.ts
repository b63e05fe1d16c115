import type { Deps } from "#app/modules/deps.server";
import * as repo from "./blocks-repo.server";
import { displayNameOfUser } from "./repo.server";
import { isUuid } from "./rules";

/**
 * Blocks or unblocks another person (decision record 091). A block either way ends their direct
 * chat (nobody may write in it) and keeps them out of any new group together; it says nothing to
 * the person blocked.
 */
export async function setBlock(deps: Pick<Deps, "db" | "now">, actor: { id: string }, otherUserId: unknown, blocked: boolean) {
  if (!isUuid(otherUserId) || otherUserId === actor.id) return { status: "notFound" } as const;
  if (!(await displayNameOfUser(deps.db, otherUserId))) return { status: "notFound" } as const;
  await repo.setBlocked(deps.db, { blockerId: actor.id, blockedId: otherUserId, blocked, now: deps.now });
  return { status: "ok", blocked } as const;
}

/** Whether the actor blocked this person (their profile's switch). */
export const hasBlocked = (deps: Pick<Deps, "db">, actor: { id: string }, otherUserId: string) => repo.hasBlocked(deps.db, actor.id, otherUserId);

/** Whether the two may write to each other directly: no block either way. */
export const mayWriteDirectly = async (deps: Pick<Deps, "db">, a: string, b: string) => !(await repo.blockedEitherWay(deps.db, a, b));
