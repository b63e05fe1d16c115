import type { Deps } from "#app/modules/deps.server";
import * as repo from "./repo.server";

/** Turns "Save data" on or off for every device of the account (decision record 095). */
export const setAccountSaveData = (deps: Pick<Deps, "db">, userId: string, on: boolean) => repo.updateAccountSaveData(deps.db, userId, on);
