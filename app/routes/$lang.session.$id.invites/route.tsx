import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Link } from "#app/components/ui/link";
import { NotSentPageNotice } from "#app/components/ui/not-sent-notice";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { createInvite, revokeSessionInvite } from "#app/modules/invites/invites.server";
import { invitesPageSchema } from "#app/modules/invites/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { sentAnswer } from "#app/web/not-sent";
import { throwPageRefusal } from "#app/web/refusals.server";
import { refuse } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";
import { InviteList, NewInviteForm } from "./invite-parts";
import { invitesPageData } from "./invites.server";

export const handle = { i18n: ["sessions", "validation"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Mesa` : "Mesa" }];

/** The host's invite codes for one session: make, share, revoke (plain forms; works without JavaScript). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  return invitesPageData(deps(context), { user, lang, sessionId: params.id ?? "", origin: new URL(request.url).origin });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const submission = parseForm(await readForm(request), { schema: invitesPageSchema });
  if (submission.status !== "success") return refuse("invalid", submission.reply());
  const d = deps(context);
  const sessionId = params.id ?? "";
  const back = localePath(lang, `/session/${sessionId}/invites`);
  const command = submission.value;
  switch (command.intent) {
    case "revoke": {
      const result = await revokeSessionInvite(d, user, sessionId, command.inviteId);
      if (!result.ok && result.refusal === "forbidden") throwPageRefusal(result.refusal, localePath(lang, `/session/${sessionId}`));
      return redirectWithToast(
        back,
        result.ok ? { type: "success", key: "sessions:toasts.inviteRevoked" } : { type: "error", key: "sessions:toasts.inviteRevokeFailed" },
      );
    }
    case "create": {
      const result = await createInvite(d, user, sessionId, command);
      if (result.ok) return redirectWithToast(back, { type: "success", key: "sessions:toasts.inviteCreated", params: { code: result.code } });
      if (result.refusal === "invalid") return refuse(result.refusal, submission.reply({ fieldErrors: { [result.field]: [result.error] } }));
      return throwPageRefusal(result.refusal, localePath(lang, `/session/${sessionId}`));
    }
  }
}

/** With scripts, a send the dropped connection swallowed keeps the page and what was typed. */
export { clientAction, shouldRevalidate } from "#app/web/not-sent-route";

export default function InvitesPage() {
  const page = useLoaderData<typeof loader>();
  const lastResult = sentAnswer(useActionData<typeof action>());
  const { t, i18n } = useTranslation("sessions");
  const lang = pageLocale(i18n.language);
  const busy = useNavigation().state === "submitting";
  return (
    <section className="max-w-3xl space-y-6">
      <div>
        <Link to={localePath(lang, `/session/${page.sessionId}`)} className="text-sm text-brand-700 underline">
          {page.title}
        </Link>
        <h1 className="mt-1 text-2xl font-bold">{t("invites.title")}</h1>
        <p className="mt-1 text-stone-700">{page.isPrivate ? t("invites.subtitlePrivate") : t("invites.subtitlePublic")}</p>
      </div>
      <NotSentPageNotice />
      <NewInviteForm lastResult={lastResult} minDate={page.minDate} busy={busy} />
      <InviteList invites={page.invites} />
    </section>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
