import { closeDb } from "../../db/client.server";
import { prepareDatabase } from "../database";

/**
 * The start-up every database command shares: the server of DATABASE_URL, or the embedded one
 * under DATA_DIR (where `npm start` keeps it), migrated to the latest; DATABASE_URL then names it
 * while `work` runs. The pool and the embedded server are closed after, even when `work` fails; a
 * failure is printed and ends the command with status 1.
 */
export function runWithDatabase(work: () => Promise<void>) {
  void (async () => {
    const db = await prepareDatabase({
      databaseUrl: process.env.DATABASE_URL,
      dataDir: process.env.DATA_DIR ?? ".data",
      port: Number(process.env.EMBEDDED_PG_PORT ?? 54329),
      log: console.log,
    });
    process.env.DATABASE_URL = db.url;
    try {
      await work();
    } finally {
      await closeDb();
      await db.stop();
    }
  })().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
