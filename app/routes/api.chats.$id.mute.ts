import type { ActionFunctionArgs } from "@remix-run/node";
import { setChatMuted } from "#app/modules/chat/chat.server";
import { muteSchema } from "#app/modules/chat/schema";
import { deps } from "#app/modules/deps.server";
import { apiJson, apiWords, methodNotAllowed, readBody, requireApiUser } from "#app/web/api.server";
import { apiRefusal, apiRefused } from "#app/web/replies.server";

export const loader = () => methodNotAllowed("POST");

/** POST /api/chats/{id}/mute { muted: boolean }: a muted chat's messages leave the caller no notification. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("POST");
  const user = await requireApiUser(request);
  const parsed = muteSchema.safeParse((await readBody(request)) ?? {});
  if (!parsed.success) return apiRefused("invalid", { error: apiWords(request, user)("mutedInvalid"), field: "muted" });
  const result = await setChatMuted(deps(context), user, params.id, parsed.data.muted);
  if (result.status !== "ok") return apiRefusal("notFound", "Chat not found");
  return apiJson({ success: true, muted: result.muted });
}
