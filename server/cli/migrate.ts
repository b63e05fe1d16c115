import { runWithDatabase } from "./with-database";

// npm run db:migrate — the start-up migrates; nothing is left to do but say so.
runWithDatabase(async () => {
  console.log("database is at the latest migration");
});
