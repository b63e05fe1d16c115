import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { NotSentPageNotice } from "#app/components/ui/not-sent-notice";
import { feedStatus, makeFeed, turnFeedOff } from "#app/modules/calendar-feed/feed.server";
import { feedSettingsSchema } from "#app/modules/calendar-feed/schema";
import { deps } from "#app/modules/deps.server";
import { formatDateTime } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { invariantResponse } from "#app/web/http";
import { localeOf } from "#app/web/locale.server";
import { sentAnswer } from "#app/web/not-sent";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["profile"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const feed = await feedStatus(deps(context), user.id);
  const when = (date: Date) => formatDateTime(date, lang, user.timeZone);
  return {
    title: translator(lang, "profile")("calendarFeed.title"),
    feed: feed ? { created: when(feed.createdAt), lastRead: feed.lastReadAt ? when(feed.lastReadAt) : null } : null,
  };
}

/**
 * The address is shown once, in the answer to the post that made it: only its hash is stored.
 * Making a new one revokes the old, so a leaked address is fixed with one click.
 */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const submission = parseForm(await readForm(request), { schema: feedSettingsSchema });
  // Every post names an intent or falls back to the main one, so only a broken body gets here.
  invariantResponse(submission.status === "success", "Malformed form body");
  const d = deps(context);
  switch (submission.value.intent) {
    case "off":
      await turnFeedOff(d, user.id);
      return redirectWithToast(localePath(lang, "/settings/calendar"), { type: "success", key: "toasts.calendarFeedOff" });
    case "make":
      return { urls: await makeFeed(d, user.id, user.loginSessionId, new URL(request.url).origin) };
  }
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function CalendarSettingsPage() {
  const { feed } = useLoaderData<typeof loader>();
  const made = sentAnswer(useActionData<typeof action>());
  const { t } = useTranslation("profile");
  return (
    <section className="max-w-2xl">
      <h1 className="text-2xl font-bold">{t("calendarFeed.title")}</h1>
      <p className="mt-1 text-stone-700">{t("calendarFeed.subtitle")}</p>
      {made ? (
        <div className="mt-6 space-y-3 rounded-lg border border-green-200 bg-green-50 p-4">
          <p className="font-semibold text-green-900">{t("calendarFeed.madeTitle")}</p>
          <p className="text-sm text-green-900">{t("calendarFeed.madeNote")}</p>
          <label className="block text-sm font-medium" htmlFor="feed-url">
            {t("calendarFeed.address")}
          </label>
          <input id="feed-url" readOnly value={made.urls.https} className="w-full rounded-md border border-stone-300 bg-white px-3 py-2 font-mono text-sm" />
          <a href={made.urls.webcal} className="inline-flex min-h-11 items-center text-brand-700 underline">
            {t("calendarFeed.subscribe")}
          </a>
        </div>
      ) : null}
      <NotSentPageNotice />
      <div className="mt-6 rounded-lg border border-stone-200 bg-white p-4">
        {feed ? (
          <>
            <p className="font-semibold">{t("calendarFeed.on")}</p>
            <p className="text-sm text-stone-600">{t("calendarFeed.created", { date: feed.created })}</p>
            <p className="text-sm text-stone-600">{feed.lastRead ? t("calendarFeed.lastRead", { date: feed.lastRead }) : t("calendarFeed.neverRead")}</p>
          </>
        ) : (
          <p className="text-stone-700">{t("calendarFeed.offText")}</p>
        )}
        <div className="mt-4 flex flex-wrap gap-2">
          <Form method="post">
            <Button name="intent" value="make">
              {feed ? t("calendarFeed.replace") : t("calendarFeed.make")}
            </Button>
          </Form>
          {feed ? (
            <Form method="post">
              <Button variant="secondary" name="intent" value="off">
                {t("calendarFeed.turnOff")}
              </Button>
            </Form>
          ) : null}
        </div>
        {feed ? <p className="mt-3 text-sm text-stone-600">{t("calendarFeed.replaceNote")}</p> : null}
      </div>
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
