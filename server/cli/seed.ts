import { deploymentOf } from "../../app/env.server";
import { getServices } from "../../app/services/index.server";
import { localSessionSecret } from "../secret";
import { seedBulkSessions } from "../seed/bulk";
import { seedCatalogue } from "../seed/catalogue";
import { demoAccounts, seedDemo } from "../seed/demo";
import { runWithDatabase } from "./with-database";

/** npm run db:seed — idempotent: adds only what is missing. */
runWithDatabase(async () => {
  // The demo covers go through the app's storage, which reads the validated environment (as `npm start` does).
  if (!process.env.SESSION_SECRET && deploymentOf(process.env) !== "production")
    process.env.SESSION_SECRET = localSessionSecret(process.env.DATA_DIR ?? ".data");
  const created = await seedDemo();
  const sessions = await seedCatalogue(getServices().storage, getServices().files);
  console.log(`demo seed: ${created} accounts created, ${demoAccounts.length - created} already there; ${sessions} sessions created`);
  const flag = process.argv.indexOf("--sessions");
  const bulk = flag > 0 ? Number(process.argv[flag + 1]) : 0;
  if (bulk > 0 && Number.isInteger(bulk)) await seedBulkSessions(bulk, console.log);
});
