import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { addPeople, groupPeople } from "#app/modules/chat/groups.server";
import { addPeopleApiSchema } from "#app/modules/chat/schema";
import { deps } from "#app/modules/deps.server";
import { apiJson, methodNotAllowed, requireApiUser } from "#app/web/api.server";
import { groupBody, groupRefusalReply } from "#app/web/api-groups.server";
import { apiRefusal } from "#app/web/replies.server";

/** GET /api/chats/{id}/members: a group's people, its owner, and what the caller may do. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const people = await groupPeople(deps(context), user, params.id, "");
  if (!people) return apiRefusal("notFound", "Chat not found");
  return apiJson({
    name: people.group.name,
    ownerId: people.group.owner_id,
    can: people.group.powers,
    members: people.members.map((m) => ({ userId: m.userId, name: m.name, joinedAt: m.joinedAt.toISOString() })),
  });
}

/** POST /api/chats/{id}/members { memberIds }: the owner adds people they have shared a table with (at most 50 in all). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireApiUser(request);
  const body = await groupBody(request, user, addPeopleApiSchema);
  if (!body.ok) return body.reply;
  const result = await addPeople(deps(context), user, params.id, body.value.memberIds);
  if (result.status === "notFound") return apiRefusal("notFound", "Chat not found");
  if (result.status !== "ok") return groupRefusalReply(request, user, result);
  return apiJson({ success: true, added: result.added });
}
