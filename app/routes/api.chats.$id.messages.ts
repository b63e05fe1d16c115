import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { chatAccess, readMessages, sendMessage } from "#app/modules/chat/chat.server";
import { parseBefore } from "#app/modules/chat/rules";
import { messageSchema } from "#app/modules/chat/schema";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { isLocale } from "#app/modules/i18n/rules";
import { apiJson, methodNotAllowed, readBody, requireApiUser } from "#app/web/api.server";
import { apiCreated, apiRefusal, apiRefused } from "#app/web/replies.server";

/** GET /api/chats/{id}/messages?before={messageId}: a page of messages, oldest first; `olderBefore` pages back. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const d = deps(context);
  const access = await chatAccess(d, user, params.id);
  if (access.status !== "member") return apiRefusal("notFound", "Chat not found");
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
  if (!parsed.success) return apiRefused("invalid", { error: t(parsed.error.issues[0]?.message ?? "messageRequired"), field: "content" });
  const result = await sendMessage(deps(context), user, params.id, parsed.data.content);
  if (result.status === "limited") {
    return apiRefused(
      "limited",
      { error: t("messageRateLimited", { count: result.retryAfterSeconds }), field: "content" },
      { "Retry-After": String(result.retryAfterSeconds) },
    );
  }
  if (result.status !== "sent") return apiRefusal("notFound", t("chatNotFound"));
  return apiCreated({ message: result.message });
}
