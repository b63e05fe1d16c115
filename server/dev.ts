// npm run dev: rebuilds on change (remix watch and the islands' esbuild) and restarts the server when the build changes.
// Embedded PostgreSQL restarts with it in well under a second, keeping its data.
import { spawn, spawnSync } from "node:child_process";

const remixBin = "node_modules/@remix-run/dev/dist/cli.js";
const first = spawnSync(process.execPath, [remixBin, "build"], { stdio: "inherit" });
if (first.status !== 0) process.exit(first.status ?? 1);

const children = [
  spawn(process.execPath, [remixBin, "watch"], { stdio: "inherit" }),
  // After the first build, which empties public/build: the islands (decision record 032), rebuilt on change.
  spawn(process.execPath, ["--import", "tsx", "server/build-islands.ts", "--watch"], { stdio: "inherit" }),
  spawn(process.execPath, ["--watch-path=build", "--watch-path=server", "--import", "tsx", "server/index.ts"], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "development" },
  }),
];

function stop(signal: NodeJS.Signals) {
  for (const child of children) child.kill(signal);
}
process.on("SIGINT", () => stop("SIGINT"));
process.on("SIGTERM", () => stop("SIGTERM"));
for (const child of children) child.on("exit", (code) => (process.exitCode ??= code ?? 0));
