import type { LoaderFunctionArgs } from "@remix-run/node";
import { acceptedCredentials } from "#app/modules/auth/login-sessions.server";
import { chatAccess } from "#app/modules/chat/chat.server";
import { deps } from "#app/modules/deps.server";
import { headerCounts } from "#app/modules/header-counts/header-counts.server";
import { isLocale } from "#app/modules/i18n/rules";
import { liveHub } from "#app/modules/live/hub.server";
import { MAX_STREAMS_PER_USER, parseLastEventId } from "#app/modules/live/rules";
import { openEventStream } from "#app/modules/live/stream.server";
import { presentEvent } from "#app/modules/notifications/present.server";
import { requireApiUser } from "#app/web/api.server";
import { apiRefusal } from "#app/web/replies.server";

/**
 * GET /api/notifications/stream: the signed-in user's server-sent events (decision record 030).
 * Cookie or bearer token; ?lang= for the texts, ?chat= for the chat the page shows;
 * Last-Event-ID (or ?lastEventId=) to resume.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const d = deps(context);
  const url = new URL(request.url);
  const lang = [url.searchParams.get("lang"), user.preferredLanguage].find(isLocale) ?? "es";
  const chatParam = url.searchParams.get("chat");
  const chat = chatParam ? await chatAccess(d, user, chatParam) : null;
  // From here to the registration nothing awaits: the per-user cap is decided in one step.
  const connection = context.connection?.();
  const opened = openEventStream({
    db: d.db,
    hub: liveHub(() => d.db, acceptedCredentials),
    userId: user.id,
    credential: { loginSessionId: user.loginSessionId, apiTokenId: user.apiTokenId ?? null },
    maxPerUser: MAX_STREAMS_PER_USER,
    lastEventId: parseLastEventId(request.headers.get("last-event-id") ?? url.searchParams.get("lastEventId")),
    chatId: chat?.status === "member" ? chat.chat.id : null,
    // The socket's own close (a test calling the loader directly has only the request's signal).
    signal: connection?.closed ?? request.signal,
    gone: connection?.gone,
    present: (row) => presentEvent(row, lang),
    initial: async (db) => ({ kind: "unread_count", data: await headerCounts({ db }, user) }),
  });
  if (!opened.ok) return apiRefusal("limited", "Too many open streams", { "Retry-After": "30" });
  return opened.response;
}
