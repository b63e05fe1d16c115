import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { buttonClass } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { listChats } from "#app/modules/chat/chat.server";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { requireUser } from "#app/web/guards.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";

export const handle = { i18n: ["chat"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  return { title: translator(lang, "chat")("title"), chats: await listChats(deps(context), user) };
}

export default function ChatsPage() {
  const { chats } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("chat");
  const lang = pageLocale(i18n.language);
  return (
    <section className="max-w-2xl">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{t("title")}</h1>
        <Link to={localePath(lang, "/chats/new-group")} className={buttonClass("secondary")}>
          {t("groups.new")}
        </Link>
      </div>
      <p className="mt-1 text-stone-700">{t("subtitle")}</p>
      {chats.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-stone-300 p-8 text-center text-stone-600">{t("empty")}</p>
      ) : (
        <ul className="mt-6 divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {chats.map((chat) => (
            <li key={chat.id}>
              <Link to={localePath(lang, `/chats/${chat.id}`)} className="flex min-h-14 items-center justify-between gap-3 p-4 hover:bg-stone-50">
                <span className="min-w-0">
                  <span className="block truncate font-semibold">{chat.title}</span>
                  <span className="text-sm text-stone-600">
                    {t(chat.type === "session" ? "sessionChat" : chat.type === "direct" ? "direct" : chat.seriesId ? "campaignChat" : "groupChat")}
                    {chat.participantCount !== null ? ` · ${t("groups.peopleCount", { count: chat.participantCount })}` : ""}
                  </span>
                  {chat.lastMessage ? (
                    <span data-last-message="" className="block truncate text-sm text-stone-700">
                      {chat.lastMessage.kind === "photo"
                        ? t("preview.photo")
                        : chat.lastMessage.kind === "file"
                          ? t("preview.file", { name: chat.lastMessage.name })
                          : chat.lastMessage.text}
                    </span>
                  ) : null}
                </span>
                {chat.unreadCount > 0 ? (
                  <span className="shrink-0 rounded-full bg-red-700 px-2 py-0.5 text-xs font-bold text-white">{t("unread", { count: chat.unreadCount })}</span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
