// npm run badges:backfill — recomputes every user's badges from their facts, 500 users at a time
// (docs/decisions/056-badge-catalogue.md). Run it after the badge rules change or to award badges
// for history older than the award-badges job; it is safe to run while the job runs.
import { AWARD_BATCH_USERS, backfillBadges } from "../../app/modules/badges/badges.server";
import { closeDb, getDb } from "../../db/client.server";
import { prepareDatabase } from "../database";

async function main() {
  const db = await prepareDatabase({
    databaseUrl: process.env.DATABASE_URL,
    dataDir: process.env.DATA_DIR ?? ".data",
    port: Number(process.env.EMBEDDED_PG_PORT ?? 54329),
    log: console.log,
  });
  process.env.DATABASE_URL = db.url;
  const started = Date.now();
  try {
    const users = await backfillBadges({ db: getDb(), now: new Date() }, (done) => console.log(`badges recomputed for ${done} users`));
    console.log(`badges backfill: ${users} users in ${Date.now() - started} ms (batches of ${AWARD_BATCH_USERS})`);
  } finally {
    await closeDb();
    await db.stop();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
