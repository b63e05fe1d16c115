import type { ActionFunctionArgs } from "@remix-run/node";
import { issueApiTokens } from "#app/modules/auth/api-tokens.server";
import { tokenRequestSchema } from "#app/modules/auth/schema";
import { requestMeta } from "#app/modules/auth/session.server";
import { checkCredentials } from "#app/modules/auth/sign-in.server";
import { deps } from "#app/modules/deps.server";
import { apiJson, methodNotAllowed, readBody } from "#app/web/api.server";
import { apiRefusal } from "#app/web/replies.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/auth/token {email, password} → the auth session record (spec section 3). */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const parsed = tokenRequestSchema.safeParse(await readBody(request));
  if (!parsed.success) return apiRefusal("invalid", "Email and password are required");
  const d = deps(context);
  const meta = requestMeta(request);
  const result = await checkCredentials(d, parsed.data.email, parsed.data.password, meta);
  if (!result.ok) {
    if (result.reason === "rateLimited") {
      return apiRefusal("limited", "Too many sign-in attempts. Try again later.", { "Retry-After": String(result.retryAfterSeconds) });
    }
    return apiRefusal("unauthenticated", "Invalid email or password");
  }
  const record = await issueApiTokens(d, result.userId, { userAgent: meta.userAgent });
  return record ? apiJson(record) : apiRefusal("unauthenticated", "Invalid email or password");
}
