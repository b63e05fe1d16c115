import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MessageForm } from "#app/components/chat/message-form";
import { MessageItem, useMessageWords } from "#app/components/chat/message-item";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Link } from "#app/components/ui/link";
import { sendAttachment } from "#app/modules/chat/attachments.server";
import { hasBlocked, mayWriteDirectly } from "#app/modules/chat/blocks.server";
import { chatAccess, markPageRead, readerState, readMessages, sendMessage, setChatMuted, setChatPartnerBlock } from "#app/modules/chat/chat.server";
import { parseBefore, threadItems } from "#app/modules/chat/rules";
import { captionSchema, messageSchema } from "#app/modules/chat/schema";
import { deps } from "#app/modules/deps.server";
import type { Locale } from "#app/modules/i18n/config";
import { formatClock, formatLongDay, zoneName } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import { readChatMessageBody } from "#app/web/chat-upload.server";
import { parseForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { refuse, seeOther } from "#app/web/replies.server";
import { formOnce } from "#app/web/request-key.server";
import { redirectWithToast } from "#app/web/toast.server";

type LoaderData = { chat: { id: string } };

// No React on this page: the form works as plain HTML and the live script adds new messages.
export const handle = { i18n: ["chat", "validation"], hydrate: false, liveChat: (d: unknown) => (d as LoaderData | undefined)?.chat.id ?? null };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const d = deps(context);
  const access = await chatAccess(d, user, params.id);
  if (access.status === "afterPayment") throw redirect(localePath(lang, `/session/${access.sessionId}/chat`));
  if (access.status !== "member") notFound();
  const before = parseBefore(new URL(request.url).searchParams.get("before"));
  const other = access.otherUserId;
  const [page, reader, blockedByMe, mayWrite] = await Promise.all([
    readMessages(d, access.chat.id, before),
    readerState(d, user, access.chat.id),
    other ? hasBlocked(d, user, other) : false,
    other ? mayWriteDirectly(d, user.id, other) : true,
  ]);
  if (before === null) await markPageRead(d, user, access.chat.id, { newestId: page.messages.at(-1)?.id ?? null, lastReadId: reader.lastReadId });
  // Each message's time of day, under its day's heading; the zone is named once, above the thread.
  const messages = page.messages.map((m) => ({ ...m, when: formatClock(new Date(m.createdAt), lang, user.timeZone) }));
  return {
    muted: reader.muted,
    // A direct chat: whether the reader blocked the other person, and whether either may write (no block either way).
    blockedByMe,
    mayWrite,
    // Days in the reader's zone, and where their unread messages start (as it was before this visit read them).
    items: threadItems(messages, { id: user.id, lastReadId: reader.lastReadId }, dayHeading(lang, user.timeZone)),
    title: access.title,
    zone: zoneName(user.timeZone, lang, d.now),
    chat: {
      id: access.chat.id,
      kind: access.chat.kind,
      sessionId: access.sessionId,
      seriesId: access.seriesId,
      otherUserId: access.otherUserId,
      isUserGroup: access.chat.kind === "group" && access.seriesId === null,
    },
    me: user.id,
    olderBefore: page.olderBefore,
  };
}

/**
 * A message's day as its heading says it, named once per quarter hour: every zone's offset is a
 * whole number of quarter hours, so a local day never changes inside one, and a page of 50
 * messages asks Intl a few times instead of 50.
 */
function dayHeading(lang: Locale, timeZone: string) {
  const named = new Map<number, string>();
  return (iso: string) => {
    const at = new Date(iso);
    const quarter = Math.floor(at.getTime() / 900_000);
    let day = named.get(quarter);
    if (day === undefined) named.set(quarter, (day = formatLongDay(at, lang, timeZone)));
    return day;
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const body = await readChatMessageBody(request);
  if (body.tooLarge) return refuse("tooLarge", parseForm(new FormData(), { schema: captionSchema }).reply({ formErrors: ["attachmentTooLarge"] }));
  const form = body.formData;
  // The notifications switch: its own small form on the page.
  const intent = form.get("intent");
  if (intent === "mute" || intent === "unmute") {
    const muted = await setChatMuted(deps(context), user, params.id, intent === "mute");
    if (muted.status !== "ok") notFound();
    return redirectWithToast(localePath(lang, `/chats/${params.id}`), { type: "success", key: muted.muted ? "chat:toasts.muted" : "chat:toasts.unmuted" });
  }
  // A direct chat's block switch: for the other person of the chat.
  if (intent === "block" || intent === "unblock") {
    if ((await setChatPartnerBlock(deps(context), user, params.id, intent === "block")).status !== "ok") notFound();
    return redirectWithToast(localePath(lang, `/chats/${params.id}`), {
      type: "success",
      key: intent === "block" ? "chat:toasts.blocked" : "chat:toasts.unblocked",
    });
  }
  // A picked file makes the text a caption, which may be empty (decision record 092).
  const submission = parseForm(form, { schema: body.file ? captionSchema : messageSchema });
  // Without JavaScript the browser empties the file input of the page it shows again: say so.
  if (submission.status !== "success") return refuse("invalid", submission.reply(body.file ? { formErrors: ["attachmentPickAgain"] } : undefined));
  // Sent twice, the same rendered form posts one message (decision record 096).
  return formOnce(
    lang,
    form,
    { deps: deps(context), userId: user.id, intent: `chat.post:${params.id}`, page: localePath(lang, `/chats/${params.id}`) },
    async () => {
      const result = body.file
        ? await sendAttachment(deps(context), user, params.id, { caption: submission.value.content, file: body.file })
        : await sendMessage(deps(context), user, params.id, submission.value.content);
      if (result.status === "refused") return refuse("invalid", submission.reply({ formErrors: [result.problem.key] }));
      if (result.status === "limited") return refuse("limited", submission.reply({ formErrors: [`messageRateLimited|${result.retryAfterSeconds}`] }));
      if (result.status === "blocked") return refuse("forbidden", submission.reply({ formErrors: ["chatBlocked"] }));
      if (result.status !== "sent") return refuse("notFound", submission.reply({ formErrors: ["chatNotFound"] }));
      // Post/redirect/get: the new message is on the page, and a refresh does not send it again.
      return seeOther(`${localePath(lang, `/chats/${params.id}`)}#m${result.message.id}`);
    },
  );
}

/** The words for a chat's kind under its title. */
const kindWord = (chat: { kind: string; isUserGroup: boolean }) =>
  chat.isUserGroup ? "groupChat" : (({ session: "sessionChat", group: "campaignChat" } as Record<string, string>)[chat.kind] ?? "direct");

export default function ChatPage() {
  const { title, chat, me, items, olderBefore, muted, blockedByMe, mayWrite, zone } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t, i18n } = useTranslation("chat");
  const words = useMessageWords();
  const lang = pageLocale(i18n.language);
  // Every form here posts back to this chat: the page has no React in the browser, so plain forms.
  const here = localePath(lang, `/chats/${chat.id}`);
  return (
    <section className="mx-auto max-w-2xl">
      <Link to={localePath(lang, "/chats")} className="inline-flex min-h-11 items-center text-sm text-brand-700 underline">
        ← {t("back")}
      </Link>
      <h1 className="text-2xl font-bold">
        {chat.sessionId || chat.seriesId ? (
          <Link
            to={localePath(lang, chat.sessionId ? `/session/${chat.sessionId}` : `/series/${chat.seriesId}`)}
            className="underline-offset-4 hover:underline"
          >
            {title}
          </Link>
        ) : (
          title
        )}
      </h1>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-stone-600">
          {t(kindWord(chat))}
          {muted ? ` · ${t("mutedNote")}` : ""}
        </p>
        {chat.isUserGroup ? (
          <Link to={localePath(lang, `/chats/${chat.id}/people`)} className="inline-flex min-h-11 items-center text-sm text-brand-700 underline">
            {t("groups.peopleLink")}
          </Link>
        ) : null}
        {chat.otherUserId ? (
          <form method="post" action={here}>
            <input type="hidden" name="intent" value={blockedByMe ? "unblock" : "block"} />
            <button type="submit" className="inline-flex min-h-11 items-center text-sm text-red-800 underline">
              {blockedByMe ? t("unblock") : t("block")}
            </button>
          </form>
        ) : null}
        <form method="post" action={here}>
          <input type="hidden" name="intent" value={muted ? "unmute" : "mute"} />
          <button type="submit" className="inline-flex min-h-11 items-center text-sm text-brand-700 underline">
            {muted ? t("unmute") : t("mute")}
          </button>
        </form>
      </div>
      <p className="mt-2 text-xs text-stone-600">{t("timesIn", { zone })}</p>
      {olderBefore ? (
        <Link
          to={`${localePath(lang, `/chats/${chat.id}`)}?before=${olderBefore}`}
          className="mt-4 inline-flex min-h-11 items-center text-sm text-brand-700 underline"
        >
          {t("older")}
        </Link>
      ) : null}
      {items.length === 0 ? (
        <p data-chat-empty="" className="mt-4 text-stone-600">
          {t("noMessages")}
        </p>
      ) : null}
      <ol
        data-live-chat={chat.id}
        data-removed-text={t("removed")}
        aria-label={t("title")}
        aria-live="polite"
        className="mt-4 flex flex-col gap-2 rounded-lg bg-stone-100 p-3"
      >
        {items.map((item) =>
          item.kind === "message" ? (
            <MessageItem key={item.message.id} message={item.message} mine={item.message.senderId === me} words={words} />
          ) : item.kind === "day" ? (
            <li key={`day-${item.day}`} data-day="" className="self-center rounded-full bg-stone-200 px-3 py-0.5 text-xs font-medium text-stone-700">
              {item.day}
            </li>
          ) : (
            <li key="unread" id="unread" data-unread="" className="border-t-2 border-red-700 pt-1 text-center text-xs font-semibold text-red-800">
              {t("newMessages")}
            </li>
          ),
        )}
      </ol>
      <div hidden>
        <ul>
          <MessageItem template words={words} />
        </ul>
      </div>
      {mayWrite ? (
        <MessageForm lastResult={lastResult} action={here} />
      ) : (
        <p data-chat-closed="" className="mt-4 rounded-md border border-stone-300 bg-white p-3 text-sm text-stone-700">
          {blockedByMe ? t("blockedByYou") : t("cannotWrite")}
        </p>
      )}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
