import { UNREAD_COUNT_CAP } from "#app/modules/chat/rules";
import type { Deps } from "#app/modules/deps.server";
import { readHeaderCounts } from "./repo.server";

/** What the header shows a signed-in person on every page: unread notifications and unread chat messages. */
export const headerCounts = (deps: Pick<Deps, "db">, user: { id: string }) => readHeaderCounts(deps.db, user.id, UNREAD_COUNT_CAP);
