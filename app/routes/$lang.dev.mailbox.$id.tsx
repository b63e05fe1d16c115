import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Link } from "#app/components/ui/link";
import { localePath } from "#app/modules/i18n/rules";
import { readMail } from "#app/modules/mailbox/mailbox.server";
import { linkify } from "#app/modules/mailbox/rules";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { throwPageRefusal } from "#app/web/refusals.server";

export const handle = { i18n: ["mailbox"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.subject ? `${data.subject} · Mesa` : "Mesa" }];

export async function loader({ params, request }: LoaderFunctionArgs) {
  const found = await readMail(request, params.id ?? "");
  if (!found.ok) throwPageRefusal(found.refusal, localePath(localeOf(params), "/dev/mailbox"));
  return found.mail;
}

export default function MailPage() {
  const mail = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("mailbox");
  return (
    <article className="max-w-2xl">
      <Link to={localePath(pageLocale(i18n.language), "/dev/mailbox")} className="text-sm text-brand-700 underline">
        ← {t("back")}
      </Link>
      <h1 className="mt-4 text-2xl font-bold">{mail.subject}</h1>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 text-sm text-stone-700">
        <dt className="font-semibold">{t("to")}</dt>
        <dd>{mail.to}</dd>
        <dt className="font-semibold">{t("sentAt")}</dt>
        <dd>
          <time dateTime={mail.sentAt}>{mail.sentAt.replace("T", " ").slice(0, 19)} UTC</time>
        </dd>
      </dl>
      <div className="mt-6 whitespace-pre-wrap break-words rounded-lg border border-stone-200 bg-white p-6">
        {linkify(mail.text).map((part, index) =>
          part.kind === "link" ? (
            <a key={index} href={part.value} className="text-brand-700 underline">
              {part.value}
            </a>
          ) : (
            <span key={index}>{part.value}</span>
          ),
        )}
      </div>
    </article>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
