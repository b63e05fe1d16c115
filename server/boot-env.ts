import { deploymentOf, type Env, EnvError, parseEnv } from "../app/env.server";
import { localSessionSecret } from "./secret";

/**
 * The environment a process starts with (the server and `npm run worker`): outside production a
 * missing SESSION_SECRET is generated and kept under DATA_DIR; a bad setting ends the process
 * with the setting's own message instead of a stack trace.
 */
export function bootEnv(): Env {
  if (!process.env.SESSION_SECRET && deploymentOf(process.env) !== "production") {
    process.env.SESSION_SECRET = localSessionSecret(process.env.DATA_DIR ?? ".data");
  }
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
