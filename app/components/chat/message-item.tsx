import { useTranslation } from "react-i18next";
import { localePath } from "#app/modules/i18n/rules";
import { pageLocale } from "#app/web/locale";

export type MessageView = { id: number; senderId: string; senderName: string; content: string; createdAt: string; when: string; removed: boolean };

/**
 * One message. The same markup serves as the hidden template the live script clones for messages
 * that arrive while the page is open (data-slot names what it fills in, always as text). Someone
 * else's message has a "Report" link: a plain link to the report page, so it works without
 * JavaScript (the template's ends in `id=`, the script adds the message's id). A message an admin
 * removed keeps its place, marked data-removed, with a note instead of its text.
 */
export function MessageItem({ message, mine, template = false }: { message?: MessageView; mine?: boolean; template?: boolean }) {
  const { t, i18n } = useTranslation("chat");
  const lang = pageLocale(i18n.language);
  const removed = message?.removed ?? false;
  return (
    <li
      id={message ? `m${message.id}` : undefined}
      data-tpl={template ? "message" : undefined}
      data-mine={mine ? "" : undefined}
      data-removed={removed ? "" : undefined}
      className="group max-w-[85%] rounded-lg bg-white p-3 shadow-sm data-[mine]:ml-auto data-[mine]:bg-brand-50"
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-stone-600">
        <span data-slot="sender" className="font-semibold text-stone-800">
          {message ? (mine ? t("you") : message.senderName) : null}
        </span>
        <time data-slot="time" dateTime={message?.createdAt}>
          {message?.when}
        </time>
        {template || (!mine && !removed) ? (
          <a
            data-slot="report"
            href={localePath(lang, `/report?kind=message&id=${message ? message.id : ""}`)}
            className="ml-auto text-stone-600 underline group-data-[removed]:hidden"
          >
            {t("report")}
          </a>
        ) : null}
      </p>
      <p data-slot="content" className="mt-1 whitespace-pre-wrap break-words text-stone-900 group-data-[removed]:italic group-data-[removed]:text-stone-600">
        {removed ? t("removed") : message?.content}
      </p>
    </li>
  );
}
