import { closeDb } from "../../db/client.server";
import { prepareDatabase } from "../database";

async function main() {
  const db = await prepareDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR ?? ".data",
    port: Number(process.env.EMBEDDED_PG_PORT ?? 54329),
    log: console.log,
  });
  console.log("database is at the latest migration");
  await closeDb();
  await db.stop();
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
