// The cluster's PostgreSQL in a process of its own (started by server/cluster/cluster.ts): the
// embedded server the app uses (db/embedded.ts), kept until SIGTERM or SIGINT. Its own process
// group keeps a Ctrl-C in the terminal from stopping the database before the instances drain.
import { startEmbeddedPostgres } from "../../db/embedded";

async function main() {
  const dataDir = process.env.CLUSTER_PG_DIR;
  const port = Number(process.env.CLUSTER_PG_PORT);
  if (!dataDir || !port) throw new Error("CLUSTER_PG_DIR and CLUSTER_PG_PORT are set by the cluster script");
  // Three instances (11 connections each), the worker (14) and the chaos run's own pools fit the
  // default 100 with little room; 200 leaves headroom for a fourth or fifth instance.
  const pg = await startEmbeddedPostgres({ dataDir, port, database: "mesa", persistent: true, settings: { max_connections: "200" } });
  console.log(`ready ${pg.url}`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await pg.stop();
    process.exit(0);
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
