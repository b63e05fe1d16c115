import { type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Link } from "#app/components/ui/link";
import { openSessionChat } from "#app/modules/chat/chat.server";
import { deps } from "#app/modules/deps.server";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";

export const handle = { i18n: ["chat"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.heading ? `${data.heading} · Mesa` : "Mesa" }];

/** The session's chat: the host and confirmed players go in; a player whose cash payment is pending is told it opens after payment. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const result = await openSessionChat(deps(context), user, params.id);
  if (result.status === "ok") throw redirect(localePath(lang, `/chats/${result.chatId}`));
  if (result.status !== "afterPayment") notFound();
  return { heading: translator(lang, "chat")("afterPaymentTitle"), title: result.title, sessionId: params.id! };
}

export default function SessionChatWaiting() {
  const { heading, title, sessionId } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("chat");
  return (
    <section className="max-w-xl rounded-lg border border-amber-300 bg-amber-50 p-6">
      <h1 className="text-xl font-bold">{heading}</h1>
      <p className="mt-2 text-stone-800">{t("afterPayment", { title })}</p>
      <Link
        to={localePath(pageLocale(i18n.language), `/session/${sessionId}`)}
        className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand-700 underline"
      >
        {title}
      </Link>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
