import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "../../db/embedded";
import { bundledEntry } from "../../server/bundle/entry";

/**
 * Starts the real server (embedded PostgreSQL, migrations, demo seed) on free ports for the run: the
 * compiled bundle `npm run test:e2e` has just built, so the suite tests what production runs.
 */
export default async function globalSetup() {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), "mesa-e2e-"));
  fs.chmodSync(parent, 0o755); // postgres runs as its own user when we are root
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir = path.join(parent, "data");
  const pgPort = await freePort();
  const sessionSecret = "e2e-secret-e2e-secret-e2e-secret-0123456";
  const server = spawn(process.execPath, bundledEntry("index"), {
    env: {
      ...process.env,
      // React's production build, as the site runs (a third less CPU per page than its
      // development build), on a test deployment: offline mailbox and payments, cookies over http.
      NODE_ENV: "production",
      APP_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      SESSION_SECRET: sessionSecret,
      LOG_LEVEL: "warn",
      // Whatever the developer's shell has, this run uses its own database and sends no real mail.
      DATABASE_URL: "",
      SMTP_URL: "",
      GOOGLE_CLIENT_ID: "",
      GOOGLE_CLIENT_SECRET: "",
      // Pages are tested against the data each test makes; scheduled jobs would move its sessions
      // on their own clock. Integration tests run the job bodies with a fixed one instead.
      JOBS_IN_SERVER: "false",
    },
    // Its JSON request log goes to E2E_SERVER_LOG when set (handy when a test fails); warnings and errors show in the run.
    stdio: ["ignore", process.env.E2E_SERVER_LOG ? fs.openSync(process.env.E2E_SERVER_LOG, "w") : "ignore", "inherit"],
  });
  const exited = new Promise<void>((resolve) => server.once("exit", () => resolve()));

  /** SIGTERM lets the server stop PostgreSQL; SIGKILL only if it hangs. */
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill("SIGTERM");
      let timer: NodeJS.Timeout | undefined;
      const hung = new Promise<"hung">((resolve) => (timer = setTimeout(() => resolve("hung"), 30_000)));
      if ((await Promise.race([exited, hung])) === "hung") {
        console.error("e2e: the server did not stop within 30 s of SIGTERM; killing it");
        server.kill("SIGKILL");
        await exited;
      }
      clearTimeout(timer);
    }
    fs.rmSync(parent, { recursive: true, force: true });
  };

  try {
    const deadline = Date.now() + 90_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited during start-up (code ${server.exitCode}); its log is above`);
      try {
        if ((await fetch(`${baseURL}/healthz`)).ok) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error("the server did not become healthy within 90 s");
      await new Promise((r) => setTimeout(r, 200));
    }
  } catch (error) {
    await stop();
    throw error;
  }

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_MAIL_DIR = path.join(dataDir, "mail");
  // The fixtures (fixtures.ts) create their own accounts in the server's database and sign them
  // in with a cookie signed by the same secret. The embedded server's user and database names
  // are those of db/embedded.ts and server/database.ts.
  process.env.E2E_DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${pgPort}/mesa`;
  process.env.E2E_SESSION_SECRET = sessionSecret;
  return stop;
}
