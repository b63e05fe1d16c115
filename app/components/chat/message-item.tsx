import { useTranslation } from "react-i18next";

export type MessageView = { id: number; senderId: string; senderName: string; content: string; createdAt: string; when: string };

/**
 * One message. The same markup serves as the hidden template the live script clones for messages
 * that arrive while the page is open (data-slot names what it fills in, always as text).
 */
export function MessageItem({ message, mine, template = false }: { message?: MessageView; mine?: boolean; template?: boolean }) {
  const { t } = useTranslation("chat");
  return (
    <li
      id={message ? `m${message.id}` : undefined}
      data-tpl={template ? "message" : undefined}
      data-mine={mine ? "" : undefined}
      className="group max-w-[85%] rounded-lg bg-white p-3 shadow-sm data-[mine]:ml-auto data-[mine]:bg-brand-50"
    >
      <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-stone-600">
        <span data-slot="sender" className="font-semibold text-stone-800">
          {message ? (mine ? t("you") : message.senderName) : null}
        </span>
        <time data-slot="time" dateTime={message?.createdAt}>
          {message?.when}
        </time>
      </p>
      <p data-slot="content" className="mt-1 whitespace-pre-wrap break-words text-stone-900">
        {message?.content}
      </p>
    </li>
  );
}
