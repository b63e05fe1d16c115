import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { RequestKeyField } from "#app/components/ui/request-key-field";
import { deps } from "#app/modules/deps.server";
import { answerInvitation, pendingInvitations } from "#app/modules/groups/invitations.server";
import { invitationAnswerSchema } from "#app/modules/groups/schema";
import { formatDateTime } from "#app/modules/i18n/format";
import { localePath } from "#app/modules/i18n/rules";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { formOnce } from "#app/web/request-key.server";
import { redirectWithToast } from "#app/web/toast.server";

export const handle = { i18n: ["groups"], hydrate: false };

export const meta: MetaFunction = () => [{ title: "Mesa" }];

/**
 * The seats reserved for the signed-in account's verified address (decision record 068): each is an
 * invitation to accept (it becomes their booking) or decline (the seat is given up and the booker
 * told). Plain forms, so it works without JavaScript.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const d = deps(context);
  const list = await pendingInvitations(d, user);
  return {
    verified: user.emailVerified,
    invitations: list.map((i) => ({
      id: i.id,
      sessionId: i.sessionId,
      title: i.title,
      when: formatDateTime(i.startsAt, lang, user.timeZone || i.timeZone),
      bookerName: i.bookerName,
      seated: i.seated,
    })),
  };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const form = await readForm(request);
  const submission = parseForm(form, { schema: invitationAnswerSchema });
  const back = localePath(lang, "/invitations");
  if (submission.status !== "success") return redirectWithToast(back, { type: "error", key: "groups:invitations.notFound" });
  const { intent, seatId } = submission.value;
  // Sent twice, the same rendered form acts once (decision record 096).
  return formOnce(lang, form, { deps: deps(context), userId: user.id, intent: `invitation.${intent}:${seatId}` }, async () => {
    const answer = await answerInvitation(deps(context), user, seatId, intent === "accept");
    if (!answer.ok) return redirectWithToast(back, { type: "error", key: `groups:invitations.${answer.refusal}` });
    switch (intent) {
      case "accept":
        return redirectWithToast(localePath(lang, `/session/${answer.sessionId}`), { type: "success", key: "groups:invitations.accepted" });
      case "decline":
        return redirectWithToast(back, { type: "success", key: "groups:invitations.declined" });
    }
  });
}

export default function InvitationsPage() {
  const view = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("groups");
  const lang = pageLocale(i18n.language);
  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-semibold">{t("invitations.title")}</h1>
      <p className="text-sm text-stone-700">{t("invitations.intro")}</p>
      {!view.verified ? (
        <p role="status" className="rounded-md border border-stone-300 bg-stone-50 p-3 text-sm">
          {t("invitations.unverified")}
        </p>
      ) : view.invitations.length === 0 ? (
        <p role="status" className="rounded-md border border-stone-300 bg-stone-50 p-3 text-sm" data-testid="no-invitations">
          {t("invitations.none")}
        </p>
      ) : (
        <ul className="space-y-3" data-testid="invitations">
          {view.invitations.map((i) => (
            <li key={i.id} className="space-y-2 rounded-md border border-stone-300 p-3">
              <p className="break-words font-medium">{i.title}</p>
              <p className="text-sm text-stone-700">{i.when}</p>
              <p className="break-words text-sm text-stone-700">{t("invitations.from", { booker: i.bookerName })}</p>
              {i.seated ? <p className="text-sm">{t("invitations.seated")}</p> : null}
              <div className="flex flex-wrap items-center gap-2">
                {i.seated ? null : (
                  <Form method="post">
                    <RequestKeyField />
                    <input type="hidden" name="seatId" value={i.id} />
                    <Button type="submit" name="intent" value="accept">
                      {t("invitations.accept")}
                    </Button>
                  </Form>
                )}
                <Form method="post">
                  <RequestKeyField />
                  <input type="hidden" name="seatId" value={i.id} />
                  <Button type="submit" name="intent" value="decline" variant="secondary">
                    {t("invitations.decline")}
                  </Button>
                </Form>
                <Link to={localePath(lang, `/session/${i.sessionId}`)} className="inline-flex min-h-11 items-center text-brand-700 underline">
                  {t("invitations.view")}
                </Link>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
