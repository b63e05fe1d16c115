import { useTranslation } from "react-i18next";
import { type AttachmentView, CHAT_IMAGE_SIZES, formatFileSize, imageSrcSet } from "#app/modules/chat/attachments.rules";
import type { Locale } from "#app/modules/i18n/config";
import { localePath } from "#app/modules/i18n/rules";
import { useSaveData } from "#app/utils/save-data";
import { pageLocale } from "#app/web/locale";

/**
 * The words every message uses, looked up once per page: a thread of 50 messages each asking
 * i18next for its own translator cost a tenth of the page's rendering.
 */
export type MessageWords = { lang: Locale; t: (key: string, values?: Record<string, string>) => string; saveData?: boolean };

export function useMessageWords(): MessageWords {
  const { t, i18n } = useTranslation("chat");
  const plain = new Map<string, string>();
  const saveData = useSaveData();
  return {
    lang: pageLocale(i18n.language),
    saveData,
    t: (key, values) => {
      if (values) return t(key, values);
      let word = plain.get(key);
      if (word === undefined) plain.set(key, (word = t(key)));
      return word;
    },
  };
}

export type MessageView = {
  id: number;
  senderId: string;
  senderName: string;
  type: "text" | "image" | "file";
  content: string;
  createdAt: string;
  when: string;
  attachment: AttachmentView | null;
  removed: boolean;
};

/**
 * One message: its text, or an image or file with an optional caption. The same markup serves as
 * the hidden template the live script clones for messages that arrive while the page is open
 * (data-slot names what it fills in, always as text or attributes, never as HTML); the template
 * holds both an image and a file slot, hidden, and the script shows the one it fills. Someone
 * else's message has a "Report" link: a plain link to the report page, so it works without
 * JavaScript (the template's ends in `id=`, the script adds the message's id). A message an admin
 * removed keeps its place, marked data-removed, with a note instead of its text and attachment.
 */
export function MessageItem({ message, mine, template = false, words }: { message?: MessageView; mine?: boolean; template?: boolean; words: MessageWords }) {
  const { t, lang, saveData = false } = words;
  const removed = message?.removed ?? false;
  const a = removed ? null : (message?.attachment ?? null);
  const image = a?.kind === "image" ? a : null;
  const file = a?.kind === "file" ? a : null;
  return (
    <li
      id={message ? `m${message.id}` : undefined}
      data-tpl={template ? "message" : undefined}
      data-mine={mine ? "" : undefined}
      data-removed={removed ? "" : undefined}
      className="chat-msg"
    >
      <p className="chat-msg-meta">
        <span data-slot="sender" className="chat-msg-sender">
          {message ? (mine ? t("you") : message.senderName) : null}
        </span>
        <time data-slot="time" dateTime={message?.createdAt}>
          {message?.when}
        </time>
        {template || (!mine && !removed) ? (
          <a data-slot="report" href={localePath(lang, `/report?kind=message&id=${message ? message.id : ""}`)} className="chat-msg-report">
            {t("report")}
          </a>
        ) : null}
      </p>
      {image || template ? (
        <a data-slot="image-link" href={image?.url} hidden={!image} className="mt-1 block [&[hidden]]:hidden">
          <img
            data-slot="image"
            src={image?.thumbnailUrl ?? undefined}
            // Saving data, the 400 px copy only (the link opens the large one); data-small tells the live script so.
            srcSet={image && !saveData ? imageSrcSet(image) : undefined}
            sizes={saveData ? undefined : CHAT_IMAGE_SIZES}
            data-small={saveData ? "" : undefined}
            width={image?.width ?? undefined}
            height={image?.height ?? undefined}
            loading="lazy"
            decoding="async"
            alt={message ? message.content || t("photoAlt", { name: mine ? t("you") : message.senderName }) : ""}
            className="h-auto w-full max-w-xs rounded-md bg-stone-200"
          />
        </a>
      ) : null}
      {file || template ? (
        <a
          data-slot="file"
          href={file?.url}
          download={file?.fileName}
          hidden={!file}
          className="text-brand-800 mt-1 flex min-h-11 items-center gap-2 rounded-md border border-stone-300 bg-stone-50 px-3 py-2 text-sm underline [&[hidden]]:hidden"
        >
          <span aria-hidden="true">📎</span>
          <span data-slot="file-name" className="break-all">
            {file?.fileName}
          </span>
          <span data-slot="file-size" className="whitespace-nowrap text-xs text-stone-600 no-underline">
            {file ? formatFileSize(file.byteSize, lang) : null}
          </span>
        </a>
      ) : null}
      <p data-slot="content" hidden={Boolean(message && a && !message.content)} className="chat-msg-text">
        {removed ? t("removed") : message?.content}
      </p>
    </li>
  );
}
