import { type ActionFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { openDirectChat } from "#app/modules/chat/chat.server";
import { directChatSchema } from "#app/modules/chat/schema";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import { seeOther } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";

export const loader = () => notFound();

/** POST from a profile's "Send a message": opens (or creates) the direct chat with that person. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const submission = parseForm(await readForm(request), { schema: directChatSchema });
  if (submission.status !== "success") notFound();
  const result = await openDirectChat(deps(context), user, submission.value.userId);
  if (result.status === "blocked") {
    return redirectWithToast(localePath(lang, `/profile/${submission.value.userId}`), { type: "error", key: "chat:toasts.cannotWrite" });
  }
  if (result.status !== "ok") notFound();
  return seeOther(localePath(lang, `/chats/${result.chatId}`));
}

export const ErrorBoundary = GeneralErrorBoundary;
