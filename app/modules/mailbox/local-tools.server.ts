import { getEnv } from "#app/env.server";
import { getRequester, requestMeta } from "#app/modules/auth/session.server";
import { requestDeps } from "#app/modules/deps.server";
import { isLoopbackAddress } from "./rules";

/**
 * Whether this request may open the local tools (the mailbox, the test-payment page, the test
 * payout onboarding): never in production, and otherwise only from this machine (the client
 * address the server read from the socket or a trusted proxy) or to an admin. To anyone else the
 * tools do not exist (their routes' 404).
 */
export async function localToolsOpenTo(request: Request): Promise<boolean> {
  if (getEnv().NODE_ENV === "production") return false;
  if (isLoopbackAddress(requestMeta(request).ip)) return true;
  const user = await getRequester(request, requestDeps(request));
  return user?.isAdmin === true;
}
