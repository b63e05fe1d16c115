import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { type GroupProcess, startGroup } from "./processes";

export const INSTALL_COMMAND = "apt-get install -y haproxy";

/** An error whose message is all the user needs: the cluster prints it without a stack. */
export class ClusterError extends Error {}

const installed = () => {
  try {
    execFileSync("haproxy", ["-v"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};

/**
 * HAProxy from Debian's package: installed here when missing and we are root (as CI installs
 * Chromium), otherwise the command to run is the message.
 */
export function ensureHaproxy(log: (line: string) => void) {
  if (installed()) return;
  if (process.getuid?.() !== 0)
    throw new ClusterError(`HAProxy is not installed. Install Debian's package as root, then run this again:\n  sudo ${INSTALL_COMMAND}`);
  log(`HAProxy is missing: ${INSTALL_COMMAND}`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  try {
    execFileSync("apt-get", ["install", "-y", "-qq", "haproxy"], { stdio: "inherit", env });
  } catch {
    // A fresh machine may not have the package lists yet.
    execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
    execFileSync("apt-get", ["install", "-y", "-qq", "haproxy"], { stdio: "inherit", env });
  }
  if (!installed()) throw new ClusterError(`"${INSTALL_COMMAND}" ran but haproxy is still not found`);
}

/** Checks `config`, writes it to `file` and starts HAProxy on it in the foreground (-db), logging to `logFile`. */
export function startHaproxy(config: string, file: string, logFile: string): GroupProcess {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, config);
  try {
    execFileSync("haproxy", ["-c", "-q", "-f", file], { stdio: ["ignore", "ignore", "pipe"] });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? "";
    throw new ClusterError(`HAProxy refused ${file}:\n${stderr}`);
  }
  return startGroup("haproxy", "haproxy", ["-db", "-f", file], { env: {}, logFile });
}
