import type { Database } from "#db/client.server";

/** Runs `work` in the given transaction, or opens one. */
export function inTransaction<T>(db: Database, work: (trx: Database) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
