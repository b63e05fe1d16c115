import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Link } from "#app/components/ui/link";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { listMailbox } from "#app/modules/mailbox/mailbox.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { throwPageRefusal } from "#app/web/refusals.server";

export const handle = { i18n: ["mailbox"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

export async function loader({ params, request }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const found = await listMailbox(request);
  if (!found.ok) throwPageRefusal(found.refusal, localePath(lang, "/"));
  return { mails: found.mails, title: translator(lang, "mailbox")("title") };
}

export default function MailboxPage() {
  const { mails } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("mailbox");
  const lang = pageLocale(i18n.language);
  return (
    <section>
      <h1 className="text-2xl font-bold">{t("title")}</h1>
      <p className="mt-1 text-stone-700">{t("subtitle")}</p>
      {mails.length === 0 ? (
        <p className="mt-6 text-stone-600">{t("empty")}</p>
      ) : (
        <ul className="mt-6 divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {mails.map((m) => (
            <li key={m.id}>
              <Link to={localePath(lang, `/dev/mailbox/${m.id}`)} className="block p-4 hover:bg-stone-50">
                <span className="block font-semibold text-brand-700 underline">{m.subject}</span>
                <span className="block text-sm text-stone-600">
                  {t("to")}: {m.to} · <time dateTime={m.sentAt}>{new Date(m.sentAt).toISOString().replace("T", " ").slice(0, 19)} UTC</time>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
