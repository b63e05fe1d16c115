import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { sendAttachment } from "#app/modules/chat/attachments.server";
import { chatAccess, readMessages, sendMessage } from "#app/modules/chat/chat.server";
import { parseBefore } from "#app/modules/chat/rules";
import { captionSchema, messageSchema } from "#app/modules/chat/schema";
import { deps } from "#app/modules/deps.server";
import { apiJson, apiWords, methodNotAllowed, readBody, requireApiUploader, requireApiUser } from "#app/web/api.server";
import { readChatMessageBody } from "#app/web/chat-upload.server";
import { apiCreated, apiRefusal, apiRefused } from "#app/web/replies.server";
import { apiOnce } from "#app/web/request-key.server";

/** GET /api/chats/{id}/messages?before={messageId}: a page of messages, oldest first; `olderBefore` pages back. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const d = deps(context);
  const access = await chatAccess(d, user, params.id);
  if (access.status !== "member") return apiRefusal("notFound", "Chat not found");
  return apiJson(await readMessages(d, access.chat.id, parseBefore(new URL(request.url).searchParams.get("before"))));
}

/**
 * POST /api/chats/{id}/messages: JSON `{ content }`, or multipart/form-data with `file` (an image
 * or file, decision record 092) and an optional `content` caption. Errors come back translated in
 * `error`, with the field in `field`; a file over 10 MB is a 413 as soon as it passes the limit.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed("GET, POST");
  const user = await requireApiUploader(request);
  const t = apiWords(request, user);
  const multipart = (request.headers.get("Content-Type") ?? "").toLowerCase().startsWith("multipart/form-data");
  const upload = multipart ? await readChatMessageBody(request) : null;
  if (upload?.tooLarge) return apiRefused("tooLarge", { error: t("attachmentTooLarge"), field: "file" });
  const file = upload && !upload.tooLarge ? upload.file : null;
  const body = upload && !upload.tooLarge ? Object.fromEntries([...upload.formData].filter(([, v]) => typeof v === "string")) : await readBody(request);
  const parsed = (file ? captionSchema : messageSchema).safeParse(body ?? {});
  if (!parsed.success) return apiRefused("invalid", { error: t(parsed.error.issues[0]?.message ?? "messageRequired"), field: "content" });
  // Sent again with the same Idempotency-Key (the chat page's script sends its form's key), one message (decision record 096).
  return apiOnce(request, user, { deps: deps(context), intent: `chat.post:${params.id}` }, async () => {
    const result = file
      ? await sendAttachment(deps(context), user, params.id, { caption: parsed.data.content, file })
      : await sendMessage(deps(context), user, params.id, parsed.data.content);
    if (result.status === "refused") return apiRefused("invalid", { error: t(result.problem.key), field: "file" });
    if (result.status === "limited") {
      return apiRefused(
        "limited",
        { error: t("messageRateLimited", { count: result.retryAfterSeconds }), field: "content" },
        { "Retry-After": String(result.retryAfterSeconds) },
      );
    }
    if (result.status !== "sent") return apiRefusal("notFound", t("chatNotFound"));
    return apiCreated({ message: result.message });
  });
}
