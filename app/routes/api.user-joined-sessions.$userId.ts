import type { LoaderFunctionArgs } from "@remix-run/node";
import { canReadUserData } from "#app/modules/access/rules";
import { deps } from "#app/modules/deps.server";
import { sessionJson } from "#app/modules/sessions/json.server";
import { userSessions } from "#app/modules/sessions/sessions.server";
import { apiJson, requireApiUser } from "#app/web/api.server";
import { apiRefusal } from "#app/web/replies.server";

/** The requester's own joined sessions (hosted or booked); other users' lists are private. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireApiUser(request);
  if (!canReadUserData(viewer, params.userId ?? "")) return apiRefusal("forbidden", "You can only read your own sessions");
  const rows = await userSessions(deps(context), params.userId ?? "", { past: false, joinedOnly: true });
  return apiJson(rows.map((row) => ({ id: row.id, session: sessionJson(row) })));
}
