/**
 * Groups people make themselves (decision record 091; spec's shared rulebook: participants 2-50).
 * Pure: the counts come from the database under the chat's lock, the decisions are made here.
 */

export const GROUP_NAME_MAX = 100;
/** Everyone in a group, its creator included. */
export const GROUP_MAX_MEMBERS = 50;
/** A new group: its creator and 1-49 others. */
export const GROUP_MAX_OTHERS = GROUP_MAX_MEMBERS - 1;
/** Groups one person may create in any 24 hours: enough for any table, too few to spam with. */
export const GROUPS_PER_DAY = 20;
export const GROUP_DAY_MS = 24 * 60 * 60 * 1000;
/** How many people the "add people" list offers at once; a name narrows it. */
export const PEOPLE_PICKER_LIMIT = 60;

/** The people to add, each once, never the person adding them. */
export function distinctOthers(ids: readonly string[], actorId: string): string[] {
  return [...new Set(ids)].filter((id) => id !== actorId);
}

/** Whether `adding` more people fit a group of `current` members. */
export function fitsGroup(current: number, adding: number): boolean {
  return current + adding <= GROUP_MAX_MEMBERS;
}

/** Whether a person may create another group, having created `createdToday` in the last 24 hours. */
export const mayCreateGroup = (createdToday: number) => createdToday < GROUPS_PER_DAY;

/**
 * Who manages a group after its owner leaves: the member who has been in it longest (ties by id,
 * so the choice is the same on every run); null when nobody is left.
 */
export function nextOwner(members: readonly { userId: string; joinedAt: Date }[], leaving: string): string | null {
  const staying = members.filter((m) => m.userId !== leaving);
  staying.sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || (a.userId < b.userId ? -1 : 1));
  return staying[0]?.userId ?? null;
}

/** What a member may do in a group: its owner manages it, everyone may leave. */
export function groupPowers(actorId: string, group: { ownerId: string | null }) {
  const owns = group.ownerId === actorId;
  return { rename: owns, add: owns, remove: owns, leave: true };
}
