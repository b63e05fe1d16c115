import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { openCampaignChat } from "#app/modules/chat/chat.server";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";

/** The campaign's table chat: its host and active subscribers go in; to anyone else it does not exist. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const result = await openCampaignChat(deps(context), user, params.id);
  if (result.status !== "ok") notFound();
  throw redirect(localePath(lang, `/chats/${result.chatId}`));
}
