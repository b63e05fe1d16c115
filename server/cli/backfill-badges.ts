// npm run badges:backfill — recomputes every user's badges from their facts, 500 users at a time
// (docs/decisions/056-badge-catalogue.md). Run it after the badge rules change or to award badges
// for history older than the award-badges job; it is safe to run while the job runs.
import { AWARD_BATCH_USERS, backfillBadges } from "../../app/modules/badges/badges.server";
import { getDb } from "../../db/client.server";
import { runWithDatabase } from "./with-database";

runWithDatabase(async () => {
  const started = Date.now();
  const users = await backfillBadges({ db: getDb(), now: new Date() }, (done) => console.log(`badges recomputed for ${done} users`));
  console.log(`badges backfill: ${users} users in ${Date.now() - started} ms (batches of ${AWARD_BATCH_USERS})`);
});
