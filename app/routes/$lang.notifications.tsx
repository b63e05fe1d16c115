import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { CategoryIcon } from "#app/components/notifications/category-icon";
import { Button } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { deps } from "#app/modules/deps.server";
import { formatDateTime } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { listForReader, markAllNotificationsRead, markNotificationRead } from "#app/modules/notifications/notifications.server";
import { labelKeyOf, MAX_LIMIT } from "#app/modules/notifications/rules";
import { notificationsPageSchema } from "#app/modules/notifications/schema";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["notifications"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const items = await listForReader(deps(context), user.id, lang, MAX_LIMIT);
  const when = (date: Date) => formatDateTime(date, lang, user.timeZone);
  return {
    title: translator(lang, "notifications")("title"),
    items: items.map((n) => ({ ...n, when: when(new Date(n.createdAt)) })),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const here = localePath(lang, "/notifications");
  const submission = parseForm(await readForm(request), { schema: notificationsPageSchema });
  if (submission.status !== "success") return redirectWithToast(here, { type: "error", key: "errors:notFound.title" });
  const input = submission.value;
  switch (input.intent) {
    case "read-all":
      await markAllNotificationsRead(deps(context), user.id);
      return redirect(here);
    case undefined: {
      const found = await markNotificationRead(deps(context), user.id, Number(input.id));
      if (!found) return redirectWithToast(here, { type: "error", key: "errors:notFound.title" });
      return redirect(here);
    }
  }
}

export default function NotificationsPage() {
  const { items } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("notifications");
  const lang = pageLocale(i18n.language);
  const unread = items.some((n) => !n.read);
  return (
    <section className="max-w-2xl">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("title")}</h1>
          <p className="mt-1 text-stone-700">{t("subtitle")}</p>
        </div>
        {unread ? (
          <Form method="post">
            <Button variant="secondary" name="intent" value="read-all">
              {t("markAllRead")}
            </Button>
          </Form>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="mt-8 rounded-lg border border-dashed border-stone-300 p-8 text-center text-stone-600">{t("empty")}</p>
      ) : (
        <ul className="mt-6 divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {items.map((n) => (
            <li key={n.id} className={`flex flex-wrap items-start justify-between gap-3 p-4 ${n.read ? "" : "bg-brand-50"}`}>
              <CategoryIcon category={n.category} className="mt-1 h-5 w-5 shrink-0 text-brand-700" />
              <div className="min-w-0 flex-1">
                <p className="text-xs font-semibold uppercase tracking-wide text-stone-600">{t(labelKeyOf(n.type))}</p>
                <p className="font-semibold">
                  {n.read ? null : (
                    <>
                      <span className="mr-2 rounded-full bg-brand-600 px-2 py-0.5 text-xs text-white">{t("unread")}</span>
                      {/* Heard as "Sin leer: Hay un lugar libre", not as one run-on word: the pill's gap is only a margin. */}
                      <span className="sr-only">: </span>
                    </>
                  )}
                  {n.title}
                </p>
                <p className="text-sm text-stone-700">{n.message}</p>
                <p className="mt-1 text-xs text-stone-600">{n.when}</p>
              </div>
              <div className="flex gap-2">
                {n.actionUrl ? (
                  <Link to={localePath(lang, n.actionUrl)} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 underline">
                    {t("open")}
                  </Link>
                ) : null}
                {n.read ? null : (
                  <Form method="post">
                    <input type="hidden" name="id" value={n.id} />
                    <Button variant="ghost">{t("markRead")}</Button>
                  </Form>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
