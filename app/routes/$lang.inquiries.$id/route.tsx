import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "#app/components/error-boundary";
import { Button } from "#app/components/ui/button";
import { Link } from "#app/components/ui/link";
import { deps } from "#app/modules/deps.server";
import { localePath } from "#app/modules/i18n/rules";
import { acceptInquiry, answerInquiry, declineInquiry, inquiryFor } from "#app/modules/inquiries/inquiries.server";
import { inquiryDecisionSchema } from "#app/modules/inquiries/schema";
import { parseForm, readForm } from "#app/web/form.server";
import { requireUser } from "#app/web/guards.server";
import { notFound } from "#app/web/http";
import { pageLocale } from "#app/web/locale";
import { localeOf } from "#app/web/locale.server";
import { refuse, seeOther } from "#app/web/replies.server";
import { redirectWithToast } from "#app/web/toast.server";
import { inquiryPage } from "./inquiry.server";
import { DecisionForms, DecisionMade, InquiryFacts } from "./inquiry-parts";

export const handle = { i18n: ["inquiries", "validation"], hydrate: false };

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.title} · Mesa` : "Mesa" }];

/** One inquiry, for its DM (with answer, accept and decline) or its player; anyone else gets 404. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const page = await inquiryPage(deps(context), user, lang, params.id ?? "");
  if (!page) notFound();
  return page;
}

/** answer (opens the direct chat), accept (date and time) or decline (optional words): the DM's only. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const lang = localeOf(params);
  const user = await requireUser(request, lang);
  const d = deps(context);
  const id = params.id ?? "";
  const submission = parseForm(await readForm(request), { schema: inquiryDecisionSchema });
  if (submission.status !== "success") {
    // Only the inquiry's DM hears about their typing mistakes; anyone else is told it does not exist.
    const intent = submission.payload.intent;
    if ((intent !== "accept" && intent !== "decline") || (await inquiryFor(d, user, id))?.role !== "dm") notFound();
    return refuse("invalid", { intent, result: submission.reply() });
  }
  const here = localePath(lang, `/inquiries/${id}`);
  const input = submission.value;
  switch (input.intent) {
    case "answer": {
      const answered = await answerInquiry(d, user, id);
      if (!answered.ok) notFound();
      return seeOther(localePath(lang, `/chats/${answered.chatId}`));
    }
    case "accept": {
      // acceptInquiry reads the inquiry again under its lock, which is what decides.
      const accepted = await acceptInquiry(d, user, id, input);
      if (accepted.ok) return redirectWithToast(here, { type: "success", key: "inquiries:toasts.accepted" });
      if (accepted.refusal === "notFound") notFound();
      if (accepted.refusal === "invalid")
        return refuse("invalid", { intent: input.intent, result: submission.reply({ fieldErrors: { [accepted.field]: [accepted.error] } }) });
      return redirectWithToast(here, { type: "error", key: "inquiries:errors.alreadyDecided" });
    }
    case "decline": {
      const declined = await declineInquiry(d, user, id, input.message);
      if (declined.ok) return redirectWithToast(here, { type: "success", key: "inquiries:toasts.declined" });
      if (declined.refusal === "notFound") notFound();
      return redirectWithToast(here, { type: "error", key: "inquiries:errors.alreadyDecided" });
    }
  }
}

export default function InquiryDetail() {
  const { title, role, inquiry: q, acceptDefaults, currency } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t, i18n } = useTranslation("inquiries");
  const lang = pageLocale(i18n.language);
  return (
    <article className="mx-auto max-w-2xl space-y-5">
      <Link to={localePath(lang, role === "dm" ? "/inquiries" : "/inquiries?view=sent")} className="inline-flex min-h-11 items-center text-brand-700 underline">
        {t("detail.back")}
      </Link>
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold">{title}</h1>
        <span className="rounded-full bg-stone-100 px-3 py-1 text-sm font-semibold text-stone-800">{t(`status.${q.status}`)}</span>
      </header>
      <InquiryFacts q={q} />
      <DecisionMade q={q} role={role} lang={lang} />
      {role === "dm" ? (
        <Form method="post">
          <input type="hidden" name="intent" value="answer" />
          <Button variant="secondary">{t(q.chatId ? "detail.openChat" : "detail.answer")}</Button>
        </Form>
      ) : q.chatId ? (
        <Form method="post" action={localePath(lang, "/chats/direct")}>
          <input type="hidden" name="userId" value={q.otherId} />
          <Button variant="secondary">{t("detail.openChat")}</Button>
        </Form>
      ) : null}
      {role === "dm" && q.pending ? (
        <DecisionForms
          q={q}
          acceptDefaults={acceptDefaults}
          currency={currency}
          acceptResult={answer?.intent === "accept" ? answer.result : null}
          declineResult={answer?.intent === "decline" ? answer.result : null}
        />
      ) : null}
    </article>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
