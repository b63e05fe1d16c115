import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { NotSentPageNotice } from "#app/components/ui/not-sent-notice";
import { listApiClients, revokeApiClient } from "#app/modules/auth/api-tokens.server";
import { endLoginSession, endOtherLoginSessions, listLoginSessions } from "#app/modules/auth/login-sessions.server";
import { describeAgent } from "#app/modules/auth/rules";
import { signInsSchema } from "#app/modules/auth/schema";
import { deps } from "#app/modules/deps.server";
import { formatDateTime } from "#app/modules/i18n/format";
import { translator } from "#app/modules/i18n/i18next.server";
import { localePath } from "#app/modules/i18n/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { localeOf } from "#app/web/locale.server";
import { refuse } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["profile"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ? `${data.title} · Mesa` : "Mesa" }];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const [sessions, apiClients] = await Promise.all([listLoginSessions(deps(context), user.id), listApiClients(deps(context), user.id)]);
  const when = (date: Date) => formatDateTime(date, lang, user.timeZone);
  return {
    title: translator(lang, "profile")("devices.title"),
    sessions: sessions.map((s) => ({
      id: s.id,
      current: s.id === user.loginSessionId,
      device: describeAgent(s.user_agent),
      ip: s.ip,
      created: when(new Date(s.created_at)),
      lastSeen: when(new Date(s.last_seen_at)),
    })),
    apiClients: apiClients.map((c) => ({
      id: c.family_id,
      device: describeAgent(c.user_agent),
      created: when(new Date(c.family_started_at)),
      lastSeen: when(new Date(c.last_refreshed_at)),
    })),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const submission = parseForm(await readForm(request), { schema: signInsSchema });
  // Every post names an intent or falls back to the main one, and a malformed id names nothing.
  if (submission.status !== "success") return refuse("invalid", submission.reply());
  const back = localePath(lang, "/settings/sessions");
  const command = submission.value;
  // Only the owner's sign-ins and tokens match: another user's id changes nothing.
  switch (command.intent) {
    case "revoke-others":
      await endOtherLoginSessions(deps(context), user.id, user.loginSessionId);
      return redirectWithToast(back, { type: "success", key: "toasts.otherSessionsRevoked" });
    case "revoke-token":
      if (command.tokenId) await revokeApiClient(deps(context), user.id, command.tokenId);
      return redirectWithToast(back, { type: "success", key: "toasts.apiClientRevoked" });
    case "revoke":
      if (command.sessionId) await endLoginSession(deps(context), user.id, command.sessionId);
      return redirectWithToast(back, { type: "success", key: "toasts.sessionRevoked" });
  }
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function SessionsSettingsPage() {
  const { sessions, apiClients } = useLoaderData<typeof loader>();
  const { t } = useTranslation("profile");
  const others = sessions.filter((s) => !s.current);
  return (
    <section className="max-w-2xl">
      <h1 className="text-2xl font-bold">{t("devices.title")}</h1>
      <p className="mt-1 text-stone-700">{t("devices.subtitle")}</p>
      <NotSentPageNotice />
      <ul className="mt-6 divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div>
              <p className="font-semibold">
                {s.device ?? t("devices.unknownDevice")}
                {s.current ? <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs text-green-900">{t("devices.current")}</span> : null}
              </p>
              <p className="text-sm text-stone-600">{t("devices.lastSeen", { date: s.lastSeen })}</p>
              <p className="text-sm text-stone-600">
                {t("devices.started", { date: s.created })} · {s.ip}
              </p>
            </div>
            {s.current ? null : (
              <Form method="post">
                <input type="hidden" name="sessionId" value={s.id} />
                <Button variant="secondary" name="intent" value="revoke">
                  {t("devices.revoke")}
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      <h2 className="mt-8 text-lg font-semibold">{t("devices.apiTitle")}</h2>
      <p className="mt-1 text-sm text-stone-700">{t("devices.apiSubtitle")}</p>
      {apiClients.length ? (
        <ul className="mt-3 divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {apiClients.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div>
                <p className="font-semibold">{c.device ?? t("devices.unknownDevice")}</p>
                <p className="text-sm text-stone-600">{t("devices.lastSeen", { date: c.lastSeen })}</p>
                <p className="text-sm text-stone-600">{t("devices.started", { date: c.created })}</p>
              </div>
              <Form method="post">
                <input type="hidden" name="tokenId" value={c.id} />
                <Button variant="secondary" name="intent" value="revoke-token">
                  {t("devices.revokeToken")}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-sm text-stone-600">{t("devices.noApiClients")}</p>
      )}
      {others.length || apiClients.length ? (
        <Form method="post" className="mt-6">
          <Button variant="danger" name="intent" value="revoke-others">
            {t("devices.revokeOthers")}
          </Button>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-stone-600">{t("devices.none")}</p>
      )}
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
