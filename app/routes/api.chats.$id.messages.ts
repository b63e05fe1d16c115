import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { chatAccess, readMessages, sendMessage } from "#app/modules/chat/chat.server";
import { parseBefore } from "#app/modules/chat/rules";
import { messageSchema } from "#app/modules/chat/schema";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { isLocale } from "#app/modules/i18n/rules";
import { apiError, apiJson, methodNotAllowed, readBody, requireApiUser } from "#app/web/api.server";

/** GET /api/chats/{id}/messages?before={messageId}: a page of messages, oldest first; `olderBefore` pages back. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const d = deps(context);
  const access = await chatAccess(d, user, params.id);
  if (access.status !== "member") return apiError("Chat not found", 404);
  return apiJson(await readMessages(d, access.chat.id, parseBefore(new URL(request.url).searchParams.get("before"))));
}

/** POST /api/chats/{id}/messages { content }: errors come back translated in `error`, with the field in `field`. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireApiUser(request);
  const url = new URL(request.url);
  const lang = [url.searchParams.get("lang"), user.preferredLanguage].find(isLocale) ?? "es";
  const t = translator(lang, "validation");
  const body = await readBody(request);
  const parsed = messageSchema.safeParse(body ?? {});
  if (!parsed.success) return Response.json({ error: t(parsed.error.issues[0]?.message ?? "messageRequired"), field: "content" }, { status: 400 });
  const result = await sendMessage(deps(context), user, params.id, parsed.data.content);
  if (result.status === "limited") {
    return Response.json(
      { error: t("messageRateLimited", { count: result.retryAfterSeconds }), field: "content" },
      { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
    );
  }
  if (result.status !== "sent") return apiError(t("chatNotFound"), 404);
  return apiJson({ message: result.message }, 201);
}
