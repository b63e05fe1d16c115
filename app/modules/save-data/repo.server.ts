import type { Database } from "#db/client.server";

/** Records the account's "Save data" choice. */
export async function updateAccountSaveData(db: Database, userId: string, on: boolean) {
  await db.updateTable("users").set({ save_data: on }).where("id", "=", userId).execute();
}
