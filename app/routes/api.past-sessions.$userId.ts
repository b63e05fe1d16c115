import type { LoaderFunctionArgs } from "@remix-run/node";
import { canReadUserData } from "#app/modules/access/rules";
import { pastSessionsWithPeople } from "#app/modules/bookings/booked-sessions.server";
import { deps } from "#app/modules/deps.server";
import { apiJson, requireApiUser } from "#app/web/api.server";
import { apiRefusal } from "#app/web/replies.server";

/** The requester's own past sessions (hosted or booked), with host, bookings and reviews; other users' lists are private. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const viewer = await requireApiUser(request);
  if (!canReadUserData(viewer, params.userId ?? "")) return apiRefusal("forbidden", "You can only read your own sessions");
  return apiJson(await pastSessionsWithPeople(deps(context), viewer, params.userId ?? ""));
}
